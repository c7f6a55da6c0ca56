#include "app/cli/cli.h"

#include <algorithm>
#include <sstream>

#include "app/cli/command.h"
#include "app/cli/game_commands.h"
#include "calibration/calibration_error.h"
#include "data/store/store_error.h"
#include "rules/core/rule_error.h"

namespace tabref::cli {
namespace {

const std::vector<Command>& Commands() {
  static const std::vector<Command> commands = [] {
    std::vector<Command> list = {MakeDemoCommand(), MakeGamesCommand(), MakeReplayCommand(),
                                 MakeScoreCommand()};
    for (auto& command : MakeGameCommands()) list.push_back(std::move(command));
    list.push_back(MakeStatsCommand());
    list.push_back(MakeRefereeCommand());
    list.push_back(MakeSimulateCommand());
    list.push_back(MakeMarkersCommand());
    list.push_back(MakeCalibrateIntrinsicsCommand());
    list.push_back(MakeCalibrateTableCommand());
    list.push_back(MakeCalibrateCheckCommand());
    list.push_back(MakeDetectCommand());
    list.push_back(MakeEnrollCommand());
    return list;
  }();
  return commands;
}

std::string Overview(const std::string& group = "") {
  std::ostringstream out;
  out << "usage: tabref " << (group.empty() ? "COMMAND" : group + " COMMAND") << " [ARGS...]\n\n";
  if (group.empty()) {
    out << "tabref referees tabletop games: Ppolf, Tabletop Bocce, Ice Boule, Czech Golf and\n"
           "Table Fencing.\n\n";
  }
  out << "commands:\n";
  size_t width = 0;
  for (const auto& command : Commands()) width = std::max(width, command.spec.name.size() + 2);
  for (const auto& command : Commands()) {
    if (!group.empty() && command.spec.name.rfind(group + " ", 0) != 0) continue;
    const std::string& name = command.spec.name;
    out << "  " << name << std::string(width - name.size(), ' ') << command.spec.summary << "\n";
  }
  out << "\n'tabref COMMAND --help' describes a command.\n";
  return out.str();
}

// The command named by the first one or two words of `args`.
const Command* FindCommand(const std::vector<std::string>& args, size_t& words) {
  for (const auto& command : Commands()) {
    if (args.size() >= 2 && command.spec.name == args[0] + " " + args[1]) {
      words = 2;
      return &command;
    }
  }
  for (const auto& command : Commands()) {
    if (command.spec.name == args[0]) {
      words = 1;
      return &command;
    }
  }
  return nullptr;
}

bool IsGroup(const std::string& word) {
  for (const auto& command : Commands()) {
    if (command.spec.name.rfind(word + " ", 0) == 0) return true;
  }
  return false;
}

}  // namespace

int RunCli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.empty() || args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    (args.empty() ? err : out) << Overview() << ContinueHint();
    return args.empty() ? 2 : 0;
  }
  size_t words = 0;
  const Command* command = FindCommand(args, words);
  if (command == nullptr) {
    if (IsGroup(args[0])) {
      const bool asked = args.size() > 1 && (args[1] == "--help" || args[1] == "-h");
      (asked ? out : err) << Overview(args[0]);
      return asked ? 0 : 2;
    }
    err << "tabref: unknown command '" << args[0] << "'; run 'tabref --help' for the list\n";
    return 2;
  }
  const std::string name = "tabref " + command->spec.name + ": ";
  try {
    const ParsedArgs parsed =
        ParseArgs(command->spec, {args.begin() + static_cast<long>(words), args.end()});
    if (parsed.help) {
      out << HelpText(command->spec);
      return 0;
    }
    return command->run(parsed, out);
  } catch (const UsageError& error) {
    err << name << error.what() << "\n";
    return 2;
  } catch (const CommandError& error) {
    err << name << error.what() << "\n";
    return 1;
  } catch (const rules::RuleError& error) {
    err << name << error.what() << "\n";
    return 1;
  } catch (const data::StoreError& error) {
    err << name << error.what() << "\n";
    return 1;
  } catch (const calibration::CalibrationError& error) {
    err << name << error.what() << "\n";
    return 1;
  }
}

}  // namespace tabref::cli
