// tabref game new | act | undo | correct: change a stored game, one durable step at a time.
#include "app/cli/game_commands.h"
#include "app/cli/game_setup_arguments.h"
#include "app/cli/store_access.h"
#include "data/session/game_session.h"

namespace tabref::cli {

Command MakeGameNewCommand() {
  CommandSpec spec{"game new",
                   "--game NAME --players \"Ann,Bob\" [--teams \"A=Ann;B=Bob\"] [--option K=V ...] "
                   "[--db FILE]",
                   "start a game in the store and print its id",
                   "Players are listed in seat order. Options take the game's option names "
                   "('tabref games --json');\nvalues are JSON (21, true, \"text\") or plain "
                   "text.",
                   {{"game", "NAME", "the game ('tabref games')"},
                    {"players", "NAMES", "comma-separated player names, in seat order"},
                    {"teams", "TEAMS", "Team=Player,Player;Team=Player,... (games with sides)"},
                    {"option", "KEY=VALUE", "a game option; repeat for several", true},
                    DatabaseOption()}};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto game = args.Value("game");
            const auto players = args.Value("players");
            if (!game || !players) throw UsageError("give --game and --players");
            rules::GameSetup setup{*game, ParsePlayerList(*players), {}, rules::Json::object()};
            if (auto teams = args.Value("teams")) setup.teams = ParseTeams(*teams, setup.players);
            for (const auto& option : args.Values("option")) AddOption(setup.options, option);
            auto store = OpenStore(args);
            out << data::GameSession::Create(*store, setup).id() << "\n";
            return 0;
          }};
}

Command MakeGameActCommand() {
  CommandSpec spec{"game act",
                   "ID 'ACTION_JSON' [--source manual|vision] [--evidence JSON] [--db FILE]",
                   "apply one action to a stored game and print what happens next",
                   "The action is checked by the game's rules; a refused action is not stored "
                   "and the\nreason says whose turn it is and what is allowed. 'tabref game show "
                   "ID --json' lists\nthe legal actions.",
                   {{"source", "SOURCE", "manual (default) or vision"},
                    {"evidence", "JSON", "measurements behind a vision action, kept with it"},
                    DatabaseOption()},
                   2,
                   2};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto id = ParseGameId(args.positional[0]);
            rules::Action action{ParseJsonArgument(args.positional[1], "the action"),
                                 rules::ActionSource::kManual};
            if (auto source = args.Value("source")) {
              if (*source != "manual" && *source != "vision") {
                throw UsageError("--source is manual or vision, got '" + *source + "'");
              }
              action.source = rules::ActionSourceFromString(*source);
            }
            rules::Json evidence;
            if (auto text = args.Value("evidence"))
              evidence = ParseJsonArgument(*text, "--evidence");
            auto store = OpenStore(args);
            auto session = data::GameSession::Open(*store, id);
            session.Act(action, evidence);
            out << session.state().StatusLine() << "\n";
            return 0;
          }};
}

Command MakeGameUndoCommand() {
  CommandSpec spec{"game undo",
                   "ID [--db FILE]",
                   "take back the last action of a stored game",
                   "The undo is recorded in the game's journal; the history is never rewritten.",
                   {DatabaseOption()},
                   1,
                   1};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            auto store = OpenStore(args);
            auto session = data::GameSession::Open(*store, ParseGameId(args.positional[0]));
            session.Undo();
            out << session.state().StatusLine() << "\n";
            return 0;
          }};
}

Command MakeGameCorrectCommand() {
  CommandSpec spec{"game correct",
                   "ID N 'ACTION_JSON' [--db FILE]",
                   "replace action N of a stored game and replay the rest",
                   "Refused when the new action or any later one is then against the rules. The "
                   "correction\nis recorded in the journal with source 'correction'.",
                   {DatabaseOption()},
                   3,
                   3};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const auto id = ParseGameId(args.positional[0]);
            int index = 0;
            try {
              index = std::stoi(args.positional[1]);
            } catch (const std::exception&) {
              throw UsageError("N must be an action number, got '" + args.positional[1] + "'");
            }
            const auto replacement = ParseJsonArgument(args.positional[2], "the action");
            auto store = OpenStore(args);
            auto session = data::GameSession::Open(*store, id);
            session.Correct(index, replacement);
            out << session.state().StatusLine() << "\n";
            return 0;
          }};
}

}  // namespace tabref::cli
