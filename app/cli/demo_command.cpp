#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <thread>

#include "app/cli/command.h"
#include "app/cli/data_dir.h"
#include "app/cli/files.h"
#include "app/cli/game_heading.h"
#include "app/cli/live_session.h"
#include "app/referee/registry.h"
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

// With a display, the demo shows in tabref-gui (built next to this executable) and this
// waits for its window to close: true when it ran, false to go on in the terminal (no
// display, no tabref-gui, or a window that could not open, as with DISPLAY set over ssh
// without X forwarding).
bool ShowInWindow(const LiveSessionSettings& settings, std::uint64_t seed, std::ostream& out) {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  const char* platform = std::getenv("QT_QPA_PLATFORM");
  const bool has_display =
      (display != nullptr && *display != '\0') || (wayland != nullptr && *wayland != '\0') ||
      (platform != nullptr && *platform != '\0' && std::string(platform) != "offscreen" &&
       std::string(platform) != "minimal");
  if (!has_display) return false;
  std::error_code error;
  const std::filesystem::path self = std::filesystem::read_symlink("/proc/self/exe", error);
  if (error) return false;
  const std::filesystem::path gui = self.parent_path() / "gui" / "tabref-gui";
  if (!std::filesystem::exists(gui, error)) return false;
  std::vector<std::string> args = {
      gui.string(),         "--demo",      settings.game,      "--seed",
      std::to_string(seed), "--annotated", *settings.annotated};
  std::vector<char*> argv;
  for (std::string& arg : args) argv.push_back(arg.data());
  argv.push_back(nullptr);
  out << "showing the demo in tabref-gui's window (--terminal keeps it here)\n";
  out.flush();
  std::cout.flush();
  const pid_t child = ::fork();
  if (child < 0) return false;
  if (child == 0) {
    ::execv(gui.c_str(), argv.data());
    ::_exit(127);
  }
  int status = 0;
  if (::waitpid(child, &status, 0) < 0) return false;
  if (WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
  out << "tabref-gui could not show the window; refereeing in the terminal\n";
  return false;
}

}  // namespace

Command MakeDemoCommand() {
  CommandSpec spec{
      "demo",
      "[--game NAME] [--seed N] [--annotated OUT.mp4] [--db FILE] [--max-shots N] "
      "[--samples] [--delay MS]",
      "a simulated game refereed live through the camera pipeline",
      "Plays a game on the synthetic table (docs/synthetic-table.md) and referees it live as\n"
      "from a webcam: the table found from its markers, the pieces followed frame by frame,\n"
      "every shot judged by the rules, the scorecard printed as it changes, then the final\n"
      "scorecard and where the annotated video went. bocce (the default) is seen by the\n"
      "camera's detector; ppolf and iceboule take their pieces from the synthetic table's\n"
      "truth (the tracker and the rules live, the camera not reliable for them yet). The\n"
      "manual-entry games (card-golf, table-fencing), and every game with --samples, replay\n"
      "their sample log from data/samples/ action by action instead. With a display\n"
      "(DISPLAY, WAYLAND_DISPLAY) the game shows in tabref-gui's live window; without, or\n"
      "with --terminal, it runs here.",
      {{"game", "NAME", "the game (default bocce; see 'tabref games')"},
       {"seed", "N", "the synthetic table's seed (default 1)"},
       {"annotated", "OUT.mp4", "where the annotated video goes (default in the temp folder)"},
       {"db", "FILE", "also store the game in this database"},
       {"max-shots", "N", "shots to play at most (default 16)"},
       {"samples", "", "replay the sample logs instead (all games without --game)"},
       {"terminal", "", "stay in the terminal even when a display is available"},
       {"delay", "MS", "samples: pause between actions, in milliseconds (default 0)"}}};
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
        const std::string name = args.Value("game").value_or("bocce");
        const rules::GameType& type = rules::FindGameType(name);  // unknown: explained
        const bool refereed =
            std::any_of(referee::RefereedGames().begin(), referee::RefereedGames().end(),
                        [&](const referee::RefereedGame& game) { return game.name == type.name; });
        if (args.Has("samples") || !refereed) {
          if (args.Has("samples") && !args.Has("game")) {
            for (const auto& each : rules::RegisteredGames()) PlaySample(each, delay_ms, out);
          } else {
            PlaySample(type, delay_ms, out);
          }
          return 0;
        }
        LiveSessionSettings settings;
        settings.game = type.name;
        const double seed = NumberOption(args, "seed", 1);
        if (seed < 0 || seed != static_cast<double>(static_cast<long long>(seed)))
          throw UsageError("--seed needs a whole number, got '" + *args.Value("seed") + "'");
        settings.source = "sim:" + std::to_string(static_cast<long long>(seed));
        settings.table.width = 960;
        settings.table.height = 540;
        settings.table.max_shots = static_cast<int>(NumberOption(args, "max-shots", 16));
        if (settings.table.max_shots < 1 || settings.table.max_shots > 2000)
          throw UsageError("--max-shots must be in 1..2000");
        settings.truth_pieces = type.name != "bocce";
        settings.db = args.Value("db");
        settings.store = settings.db.has_value();
        settings.annotated = args.Value("annotated")
                                 .value_or((std::filesystem::temp_directory_path() /
                                            ("tabref-demo-" + type.name + ".mp4"))
                                               .string());
        const std::string extension = std::filesystem::path(*settings.annotated).extension();
        if (extension != ".mp4" && extension != ".avi")
          throw UsageError("--annotated needs a file name ending in .mp4 or .avi");
        if (!args.Has("terminal") && !settings.store &&
            ShowInWindow(settings, static_cast<std::uint64_t>(seed), out))
          return 0;
        return RunLiveSession(settings, out);
      }};
}

}  // namespace tabref::cli
