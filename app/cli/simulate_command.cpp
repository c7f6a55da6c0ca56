#include <set>
#include <stdexcept>

#include "app/cli/command.h"
#include "app/cli/files.h"
#include "app/cli/game_setup_arguments.h"
#include "app/referee/sim/game_simulation.h"
#include "vision/sim/simulate.h"

namespace tabref::cli {
namespace {

// In the game modes bocce is played to 7 unless asked otherwise: a game to 21 takes long.
constexpr int kSimulatedBocceTarget = 7;

int IntOption(const ParsedArgs& args, const std::string& name, int fallback) {
  const double value = NumberOption(args, name, fallback);
  if (value != static_cast<int>(value)) {
    throw UsageError("--" + name + " needs a whole number, got '" + *args.Value(name) + "'");
  }
  return static_cast<int>(value);
}

// Frame size, rate, camera and outputs: shared by the scene and the games.
vision::sim::SimulationOptions RecordingOptions(const ParsedArgs& args,
                                                vision::sim::SimulationOptions options) {
  const auto out_dir = args.Value("out");
  if (!out_dir) throw UsageError("give the output folder with --out DIR");
  options.out_dir = *out_dir;
  options.seed = static_cast<std::uint64_t>(NumberOption(args, "seed", 1));
  options.width = IntOption(args, "width", options.width);
  options.height = IntOption(args, "height", options.height);
  options.fps = NumberOption(args, "fps", options.fps);
  options.max_duration_s = NumberOption(args, "max-duration", options.max_duration_s);
  if (args.Has("tilt")) options.tilt_deg = NumberOption(args, "tilt", 0);
  if (auto material = args.Value("material")) {
    try {
      options.material = vision::sim::TableMaterialFromString(*material);
    } catch (const std::exception& error) {
      throw UsageError(error.what());
    }
  }
  options.write_frames = args.Has("frames");
  options.render_frames = !args.Has("no-render");
  options.write_video = !args.Has("no-video") && !args.Has("still") && options.render_frames;
  return options;
}

int SimulateScene(const ParsedArgs& args, std::ostream& out) {
  for (const char* game_only : {"players", "max-shots", "target", "holes", "sigma", "binding",
                                "option", "no-tidying-hand"}) {
    if (args.Has(game_only)) {
      throw UsageError(std::string("--") + game_only +
                       " is for the games (bocce, ppolf, iceboule)");
    }
  }
  vision::sim::SimulationOptions options = RecordingOptions(args, {});
  options.shots = IntOption(args, "shots", options.shots);
  options.still = args.Has("still");
  try {
    options.Check();
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  try {
    out << vision::sim::Simulate(options) << "\n";
  } catch (const std::exception& error) {
    throw CommandError(error.what());
  }
  return 0;
}

int SimulateGame(const std::string& game, const ParsedArgs& args, std::ostream& out) {
  for (const char* scene_only : {"shots", "still"}) {
    if (args.Has(scene_only))
      throw UsageError(std::string("--") + scene_only + " is for --game scene");
  }
  referee::GameSimulationOptions options;
  vision::sim::SimulationOptions recording = referee::DefaultGameRecording();
  recording.game = game;
  options.recording = RecordingOptions(args, recording);
  if (args.Has("no-tidying-hand")) options.recording.tidying_hand = false;
  if (auto players = args.Value("players")) options.players = ParsePlayerList(*players);
  options.max_shots = IntOption(args, "max-shots", options.max_shots);
  options.holes = IntOption(args, "holes", options.holes);
  options.sigma_mm = NumberOption(args, "sigma", options.sigma_mm);
  if (game == "bocce") options.game_options["target"] = kSimulatedBocceTarget;
  if (args.Has("target")) options.game_options["target"] = IntOption(args, "target", 0);
  for (const std::string& assignment : args.Values("option"))
    AddOption(options.game_options, assignment);
  if (auto binding = args.Value("binding")) options.binding = ReadJsonFile(*binding);
  try {
    options.Check();
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }
  try {
    out << referee::SimulateGame(options).summary << "\n";
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  } catch (const std::exception& error) {
    throw CommandError(error.what());
  }
  return 0;
}

}  // namespace

Command MakeSimulateCommand() {
  CommandSpec spec{
      "simulate",
      "--game scene|bocce|ppolf|iceboule --seed N --out DIR [--width W --height H --fps F "
      "--tilt DEG --material wood|felt|laminate --frames --no-video --no-render "
      "--max-duration S] [scene: --shots S --still] [games: --players \"A,B\" --max-shots N "
      "--target N --holes N --sigma MM --option KEY=VALUE --binding FILE --no-tidying-hand]",
      "play flicks or a whole game on the synthetic table and write video and ground truth",
      "Renders what a webcam above a real table would see (docs/synthetic-table.md), with\n"
      "exact ground truth for every frame. 'scene' plays random flicks on a random table.\n"
      "bocce, ppolf and iceboule set the table up for the game and play it shot by shot;\n"
      "the simulator referees itself from the ground truth through the rule engines and\n"
      "also writes game_log.json (`tabref replay` reads it) and truth_scorecard.json (the\n"
      "scorecard of a perfect referee, as `tabref replay --json` prints it).",
      {{"game", "NAME", "what to play: scene (default), bocce, ppolf or iceboule"},
       {"seed", "N", "the seed every random choice derives from (default 1)"},
       {"out", "DIR", "the output folder (created when missing)"},
       {"width", "W", "frame width in pixels (default 1280)"},
       {"height", "H", "frame height in pixels (default 720)"},
       {"fps", "F", "frames per second (default 30)"},
       {"tilt", "DEG", "camera tilt from straight down, 0..40 (default random)"},
       {"material", "NAME", "table surface: wood, felt or laminate (default random)"},
       {"frames", "", "also write every frame as PNG under frames/"},
       {"no-video", "", "do not write video.avi"},
       {"no-render", "", "draw no frames: physics and ground truth only (fast)"},
       {"max-duration", "S", "table time to record at most (scene 60, games 300 s)"},
       {"shots", "S", "scene: flicks to play (default 4)"},
       {"still", "", "scene: write one still image (still.png) instead of a video"},
       {"players", "\"A,B\"", "games: the players (default Ann, Bob; bocce: 2, 4 or 8)"},
       {"max-shots", "N", "games: shots to play at most (default 100)"},
       {"target", "N", "bocce/iceboule: points that win (bocce default 7 here, iceboule 13)"},
       {"holes", "N", "ppolf: holes to play, 0 = the whole course (default 3)"},
       {"sigma", "MM", "games: position uncertainty the perfect camera reports (default 0)"},
       {"option", "KEY=VALUE", "games: an engine option (docs/game-log.md)", true},
       {"binding", "FILE", "games: JSON of which piece is whose (docs/synthetic-table.md)"},
       {"no-tidying-hand", "",
        "games: pieces taken up between shots vanish and the next appear, no hand doing it"}}};
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            const std::string game = args.Value("game").value_or("scene");
            if (game == "scene") return SimulateScene(args, out);
            if (game == "bocce" || game == "ppolf" || game == "iceboule") {
              return SimulateGame(game, args, out);
            }
            throw UsageError("--game " + game +
                             " is not simulated; use scene, bocce, ppolf or iceboule");
          }};
}

}  // namespace tabref::cli
