#include <chrono>
#include <thread>

#include "app/cli/command.h"
#include "app/cli/data_dir.h"
#include "app/cli/files.h"
#include "app/cli/game_heading.h"
#include "rules/core/field_reader.h"
#include "rules/registry.h"

namespace tabref::cli {
namespace {

// Plays a bundled sample game action by action, as the referee would have seen it.
void PlaySample(const rules::GameType& type, int delay_ms, std::ostream& out) {
  const auto path = DataDir() / "samples" / (type.name + ".json");
  const rules::Json log = ReadJsonFile(path.string());
  const auto game = rules::MakeGame(rules::GameSetup::FromJson(log));
  auto state = game->NewInitialState();
  out << "== " << type.title << " (" << type.description << ")\n"
      << "   " << rules::JoinChoices(game->setup().players, "and") << "; sample log "
      << path.string() << "\n";
  const auto actions = rules::ActionsFromLog(log);
  for (size_t i = 0; i < actions.size(); ++i) {
    state->Apply(actions[i]);
    out << "  " << i + 1 << ". [" << rules::ToString(actions[i].source) << "] "
        << actions[i].body.dump() << "\n      -> " << state->StatusLine() << "\n";
    out.flush();
    if (delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(delay_ms));
  }
  out << "\n" << GameHeading(*state) << "\n" << state->ToText() << "\n";
}

}  // namespace

Command MakeDemoCommand() {
  CommandSpec spec{"demo",
                   "[--game NAME] [--delay MS]",
                   "referee the bundled sample games action by action",
                   "Replays each game's sample log from data/samples/ through the rule engine, "
                   "printing\nevery action with what happens next, then the final scorecard.",
                   {{"game", "NAME", "only this game (see 'tabref games')"},
                    {"delay", "MS", "pause between actions, in milliseconds (default 0)"}}};
  return {
      spec, [](const ParsedArgs& args, std::ostream& out) {
        int delay_ms = 0;
        if (auto delay = args.Value("delay")) {
          try {
            delay_ms = std::stoi(*delay);
          } catch (const std::exception&) {
            throw UsageError("--delay needs a whole number of milliseconds, got '" + *delay + "'");
          }
          if (delay_ms < 0 || delay_ms > 10000) {
            throw UsageError("--delay must be between 0 and 10000 milliseconds");
          }
        }
        if (auto name = args.Value("game")) {
          PlaySample(rules::FindGameType(*name), delay_ms, out);
          return 0;
        }
        for (const auto& type : rules::RegisteredGames()) PlaySample(type, delay_ms, out);
        return 0;
      }};
}

}  // namespace tabref::cli
