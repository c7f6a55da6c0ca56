#include <stdexcept>

#include "app/cli/command.h"
#include "vision/sim/simulate.h"

namespace tabref::cli {

Command MakeSimulateCommand() {
  CommandSpec spec{
      "simulate",
      "--game scene --seed N --out DIR [--width W --height H --fps F --shots S --tilt DEG "
      "--material wood|felt|laminate --still --frames --no-video]",
      "play flicks on the synthetic table and write video, truth.json and camera.yml",
      "Renders what a webcam above a real table would see (docs/synthetic-table.md), with\n"
      "exact ground truth for every frame. Only the random 'scene' is simulated so far; the\n"
      "scripted games (bocce, ppolf, iceboule) come with the referee.",
      {{"game", "NAME", "what to play: scene"},
       {"seed", "N", "the seed every random choice derives from (default 1)"},
       {"out", "DIR", "the output folder (created when missing)"},
       {"width", "W", "frame width in pixels (default 1280)"},
       {"height", "H", "frame height in pixels (default 720)"},
       {"fps", "F", "frames per second (default 30)"},
       {"shots", "S", "flicks to play (default 4)"},
       {"tilt", "DEG", "camera tilt from straight down, 0..40 (default random)"},
       {"material", "NAME", "table surface: wood, felt or laminate (default random)"},
       {"still", "", "write one still image of the scene (still.png) instead of a video"},
       {"frames", "", "also write every frame as PNG under frames/"},
       {"no-video", "", "do not write video.avi"}}};
  return {
      spec, [](const ParsedArgs& args, std::ostream& out) {
        vision::sim::SimulationOptions options;
        options.game = args.Value("game").value_or("scene");
        if (options.game != "scene") {
          throw UsageError("--game " + options.game + " is not simulated yet; use --game scene");
        }
        const auto out_dir = args.Value("out");
        if (!out_dir) throw UsageError("give the output folder with --out DIR");
        options.out_dir = *out_dir;
        options.seed = static_cast<std::uint64_t>(NumberOption(args, "seed", 1));
        options.width = static_cast<int>(NumberOption(args, "width", options.width));
        options.height = static_cast<int>(NumberOption(args, "height", options.height));
        options.fps = NumberOption(args, "fps", options.fps);
        options.shots = static_cast<int>(NumberOption(args, "shots", options.shots));
        if (args.Has("tilt")) options.tilt_deg = NumberOption(args, "tilt", 0);
        if (auto material = args.Value("material")) {
          try {
            options.material = vision::sim::TableMaterialFromString(*material);
          } catch (const std::exception& error) {
            throw UsageError(error.what());
          }
        }
        options.still = args.Has("still");
        options.write_frames = args.Has("frames");
        options.write_video = !args.Has("no-video") && !options.still;
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
      }};
}

}  // namespace tabref::cli
