#include "app/cli/command.h"
#include "app/cli/store_access.h"
#include "data/stats/player_stats.h"

namespace tabref::cli {

Command MakeStatsCommand() {
  CommandSpec spec{
      "stats",
      "[--player NAME] [--json] [--db FILE]",
      "players' records across all stored games",
      "Games played and won per game; Ppolf strokes per hole and against par; "
      "bocce points\nper round; Ice Boule ends won.",
      {{"player", "NAME", "only this player"}, {"json", "", "print JSON"}, DatabaseOption()}};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            auto store = OpenStoreForReading(args);
            const auto stats = store ? data::CollectPlayerStats(*store, args.Value("player"))
                                     : std::vector<data::PlayerStats>();
            if (args.Has("json")) {
              rules::Json list = rules::Json::array();
              for (const auto& player : stats) list.push_back(player.ToJson());
              out << list.dump(2) << "\n";
              return 0;
            }
            if (stats.empty()) out << "No games stored yet.\n";
            for (const auto& player : stats) out << player.ToText();
            return 0;
          }};
}

}  // namespace tabref::cli
