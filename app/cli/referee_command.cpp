#include "app/cli/command.h"
#include "app/cli/live_session.h"

namespace tabref::cli {

Command MakeRefereeCommand() {
  CommandSpec spec{
      "referee",
      "--game bocce|ppolf|iceboule --source webcam:N|FILE|DIR|sim:SEED [--db FILE] "
      "[--annotated OUT.mp4] [--json OUT] [--players \"A,B\"] [--option KEY=VALUE] "
      "[--intrinsics CAMERA.yml] [--camera-name NAME] [--resume ID]",
      "referee a game from a camera, a video, a folder of images or the synthetic table",
      "Finds the table from its markers, follows the pieces frame by frame and judges every\n"
      "shot through the game's rules, printing each event and the scorecard as it changes.\n"
      "When the camera cannot settle a measurement the players are asked (at a terminal; the\n"
      "synthetic table answers from its ground truth) and the answer is kept as a manual\n"
      "action. With --db the game is stored as it goes, so a source that ends mid-game leaves\n"
      "it resumable (--resume ID). Without --intrinsics a real camera's lens is the one\n"
      "stored for --camera-name by 'tabref calibrate intrinsics' or tabref-gui's wizard (the\n"
      "focal length is estimated from the markers when none is). sim:SEED plays a game on\n"
      "the synthetic table (docs/synthetic-table.md) and compares the final scorecard with\n"
      "the simulator's truth.",
      {{"game", "NAME", "the game: bocce, ppolf or iceboule"},
       {"source", "SOURCE", "webcam:N, a video file, a folder of images or sim:SEED"}}};
  for (OptionSpec& option : LiveSessionOptions()) spec.options.push_back(std::move(option));
  return {spec, [](const ParsedArgs& args, std::ostream& out) {
            LiveSessionSettings settings;
            const auto game = args.Value("game");
            const auto source = args.Value("source");
            if (!source)
              throw UsageError("give the frames with --source webcam:N|FILE|DIR|sim:SEED");
            if (!game && !args.Has("resume")) throw UsageError("give the game with --game NAME");
            settings.game = game.value_or("");
            settings.source = *source;
            settings.store = args.Has("db") || args.Has("resume");
            ReadLiveSessionOptions(args, settings);
            return RunLiveSession(settings, out);
          }};
}

}  // namespace tabref::cli
