#include "app/referee/sim/game_simulation.h"

#include <cmath>
#include <sstream>

#include "app/referee/registry.h"
#include "app/referee/sim/simulated_game.h"
#include "vision/sim/option_check.h"

namespace tabref::referee {
namespace {

void Require(bool ok, const char* field, const char* range) {
  vision::sim::RequireField(ok, "GameSimulationOptions", field, range);
}

std::string SummaryLine(const GameSimulationOptions& options, const GameSimulationReport& report,
                        double fps, double duration_s) {
  const vision::sim::SimulationOptions& recording = options.recording;
  std::ostringstream line;
  line << recording.game << " seed " << recording.seed << ": " << report.stopped << "; "
       << report.shots << " shots, " << report.actions << " actions, " << report.decisions
       << " decisions, " << report.not_judged << " not judged; " << report.frames << " frames ("
       << std::round(duration_s * 10) / 10 << " s at " << fps << " fps)";
  if (recording.render_frames) {
    line << " " << recording.width << "x" << recording.height;
  } else {
    line << " not rendered";
  }
  line << " -> " << recording.out_dir.string();
  return line.str();
}

}  // namespace

vision::sim::SimulationOptions DefaultGameRecording() {
  vision::sim::SimulationOptions recording;
  recording.game = "bocce";
  recording.max_duration_s = 300;
  recording.distractors = false;
  return recording;
}

void GameSimulationOptions::Check(bool needs_output) const {
  recording.Check(needs_output);
  FindRefereedGame(recording.game);
  Require(!recording.still, "recording.still", "off (a game is a recording)");
  Require(max_shots >= 1 && max_shots <= 2000, "max_shots", "in 1..2000");
  Require(holes >= 0 && holes <= 18, "holes", "in 0..18");
  Require(sigma_mm >= 0 && sigma_mm <= 10, "sigma_mm", "in 0..10");
  Require(game_options.is_object(), "game_options", "a JSON object");
}

GameSimulationReport SimulateGame(const GameSimulationOptions& options) {
  SimulatedGame game(options, true);
  while (game.NextFrame()) {
  }
  GameSimulationReport report = game.Finish();
  report.summary = SummaryLine(options, report, options.recording.fps, game.Time());
  return report;
}

}  // namespace tabref::referee
