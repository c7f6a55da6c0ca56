// tabref game export | import: games as JSON game logs (docs/game-log.md), scorecards as CSV.
#include "app/cli/files.h"
#include "app/cli/game_commands.h"
#include "app/cli/store_access.h"
#include "data/export/scorecard_csv.h"
#include "data/session/game_session.h"
#include "rules/core/rule_error.h"

namespace tabref::cli {

Command MakeGameExportCommand() {
  CommandSpec spec{"game export",
                   "ID [--out FILE] [--csv] [--db FILE]",
                   "write a stored game as a JSON game log (or its scorecard as CSV)",
                   "Without --out the log goes to standard output. An existing FILE is replaced "
                   "only once\nthe new one is completely written.",
                   {{"out", "FILE", "write to FILE instead of standard output"},
                    {"csv", "", "write the scorecard as CSV instead of the game log"},
                    DatabaseOption()},
                   1,
                   1};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto id = ParseGameId(args.positional[0]);
            auto store = OpenStoreForReading(args);
            if (!store) throw NoGamesYet();
            const auto session = data::GameSession::Open(*store, id);
            const std::string text = args.Has("csv")
                                         ? data::ScorecardCsv(session.state().Scorecard())
                                         : session.ExportLog().dump(2) + "\n";
            if (auto path = args.Value("out")) {
              WriteFileAtomically(*path, text);
            } else {
              out << text;
            }
            return 0;
          }};
}

Command MakeGameImportCommand() {
  CommandSpec spec{"game import",
                   "FILE [--db FILE]",
                   "store a JSON game log as a new game and print its id",
                   "The whole log is replayed first; a log the rules refuse is reported with the "
                   "first bad\naction and nothing is stored.",
                   {DatabaseOption()},
                   1,
                   1};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const std::string& path = args.positional[0];
            const rules::Json log = ReadJsonFile(path);
            auto store = OpenStore(args);
            try {
              out << data::GameSession::Import(*store, log).id() << "\n";
            } catch (const rules::RuleError& error) {
              throw CommandError(path + ": " + error.what());
            }
            return 0;
          }};
}

}  // namespace tabref::cli
