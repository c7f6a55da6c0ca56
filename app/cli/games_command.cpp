#include <iomanip>

#include "app/cli/command.h"
#include "rules/registry.h"

namespace tabref::cli {

Command MakeGamesCommand() {
  CommandSpec spec{"games",
                   "[--json]",
                   "list the games tabref referees",
                   "Each game's name (as the other commands take it), players and how it is "
                   "kept: by the camera or by manual entry.",
                   {{"json", "", "print the list as JSON, with every option's default"}}};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto& games = rules::RegisteredGames();
            if (args.Has("json")) {
              rules::Json list = rules::Json::array();
              for (const auto& type : games) {
                list.push_back({{"name", type.name},
                                {"title", type.title},
                                {"description", type.description},
                                {"min_players", type.min_players},
                                {"max_players", type.max_players},
                                {"camera_refereed", type.camera_refereed},
                                {"teams", type.uses_teams},
                                {"options", type.default_options}});
              }
              out << list.dump(2) << "\n";
              return 0;
            }
            for (const auto& type : games) {
              const std::string players =
                  type.min_players == type.max_players
                      ? std::to_string(type.min_players)
                      : std::to_string(type.min_players) + "-" + std::to_string(type.max_players);
              out << std::left << std::setw(15) << type.name << std::setw(16) << type.title
                  << std::setw(14) << (players + " players") << std::setw(8)
                  << (type.camera_refereed ? "camera" : "manual") << type.description << "\n";
            }
            return 0;
          }};
}

}  // namespace tabref::cli
