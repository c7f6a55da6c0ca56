// tabref game show | list: read stored games (safe while another process writes).
#include <filesystem>

#include "app/cli/game_commands.h"
#include "app/cli/game_heading.h"
#include "app/cli/store_access.h"
#include "data/session/game_session.h"
#include "data/store/default_path.h"
#include "rules/core/field_reader.h"
#include "rules/registry.h"

namespace tabref::cli {
namespace {

rules::Json LegalActionsJson(const rules::State& state) {
  rules::Json list = rules::Json::array();
  for (const auto& legal : state.LegalActions()) {
    list.push_back({{"action", legal.action},
                    {"label", legal.label},
                    {"needs_measurement", legal.needs_measurement}});
  }
  return list;
}

// "finished: Ann won" or "in play: Bob flicks bowl 2 of 4".
std::string StatusOf(data::GameStore& store, const data::GameRecord& record) {
  if (record.finished_at) {
    std::vector<std::string> winners = record.result.value("winners", std::vector<std::string>());
    return "finished: " + rules::JoinChoices(winners, "and") + " won";
  }
  try {
    return "in play: " + data::GameSession::Open(store, record.id).state().StatusLine();
  } catch (const std::exception& error) {
    return std::string("cannot be replayed: ") + error.what();
  }
}

}  // namespace

Command MakeGameShowCommand() {
  CommandSpec spec{"game show",
                   "ID [--json] [--db FILE]",
                   "print a stored game's scorecard and what happens next",
                   "--json prints the state (as 'tabref replay --json') with the game's id and "
                   "the legal\nactions, each as JSON that 'tabref game act' accepts.",
                   {{"json", "", "print JSON, including the legal actions"}, DatabaseOption()},
                   1,
                   1};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto id = ParseGameId(args.positional[0]);
            auto store = OpenStoreForReading(args);
            if (!store) throw NoGamesYet();
            const auto record = store->Game(id);
            const auto session = data::GameSession::Open(*store, id);
            const auto& state = session.state();
            if (args.Has("json")) {
              rules::Json json = state.Summary();
              json["id"] = id;
              json["created"] = record.created_at;
              json["finished"] = record.finished_at ? rules::Json(*record.finished_at) : nullptr;
              json["legal_actions"] = LegalActionsJson(state);
              out << json.dump(2) << "\n";
              return 0;
            }
            out << "Game #" << id << " " << GameHeading(state) << ", started " << record.created_at
                << "\n\n"
                << state.ToText();
            return 0;
          }};
}

Command MakeGameListCommand() {
  CommandSpec spec{"game list",
                   "[--unfinished] [--json] [--db FILE]",
                   "list the stored games, newest first",
                   "",
                   {{"unfinished", "", "only games still in play"},
                    {"json", "", "print JSON"},
                    DatabaseOption()}};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            auto store = OpenStoreForReading(args);
            const auto games =
                store ? store->Games(args.Has("unfinished")) : std::vector<data::GameRecord>();
            rules::Json list = rules::Json::array();
            for (const auto& record : games) {
              const std::string status = StatusOf(*store, record);  // store: games exist
              if (args.Has("json")) {
                list.push_back({{"id", record.id},
                                {"game", record.setup.game},
                                {"players", record.setup.players},
                                {"created", record.created_at},
                                {"finished", record.finished_at.has_value()},
                                {"status", status}});
                continue;
              }
              out << "#" << record.id << "  " << record.setup.game << "  "
                  << rules::JoinChoices(record.setup.players, "and") << "  "
                  << record.created_at.substr(0, 16) << "  " << status << "\n";
            }
            if (args.Has("json")) {
              out << list.dump(2) << "\n";
            } else if (games.empty()) {
              out << (args.Has("unfinished") ? "No unfinished games.\n"
                                             : "No games yet; start one with 'tabref game new'.\n");
            }
            return 0;
          }};
}

std::string ContinueHint() {
  try {
    const auto path = data::DefaultDatabasePath();
    if (!std::filesystem::exists(path)) return {};
    data::SqliteStoreOptions options;
    options.read_only = true;
    data::SqliteGameStore store(path.string(), options);
    std::string hint;
    for (const auto& record : store.Games(true)) {
      hint += "  #" + std::to_string(record.id) + " " + record.setup.game + " (" +
              rules::JoinChoices(record.setup.players, "and") + "): " + StatusOf(store, record) +
              "\n";
    }
    if (hint.empty()) return {};
    return "\nUnfinished games (continue with 'tabref game show ID' and 'tabref game act ID "
           "...'):\n" +
           hint;
  } catch (const std::exception&) {
    return {};
  }
}

}  // namespace tabref::cli
