#include "app/cli/command.h"
#include "app/cli/files.h"
#include "app/cli/game_heading.h"
#include "rules/core/rule_error.h"
#include "rules/registry.h"

namespace tabref::cli {

Command MakeReplayCommand() {
  CommandSpec spec{"replay",
                   "LOG.json [--json]",
                   "replay a game log and print its scorecard and state",
                   "Reads a game log (docs/game-log.md; '-' reads standard input), applies "
                   "every action\nwith the game's rules and prints the scorecard, who is to "
                   "act next, or the winner.\nA log the rules refuse is reported with the "
                   "number of the first bad action.",
                   {{"json", "",
                     "print {game, players, options, to_act, status, terminal, winners, "
                     "scorecard} as JSON"}},
                   1,
                   1};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const std::string& path = args.positional[0];
            const rules::Json log = ReadJsonFile(path);
            std::unique_ptr<rules::State> state;
            try {
              state = rules::ReplayLog(log);
            } catch (const rules::RuleError& error) {
              throw CommandError(path + ": " + error.what());
            }
            if (args.Has("json")) {
              out << state->Summary().dump(2) << "\n";
            } else {
              out << GameHeading(*state) << "\n\n" << state->ToText();
            }
            return 0;
          }};
}

}  // namespace tabref::cli
