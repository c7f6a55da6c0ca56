#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "app/referee/sim/game_simulation.h"
#include "app/referee/sim/table_players.h"
#include "rules/core/action.h"
#include "rules/core/game_setup.h"
#include "vision/sim/camera.h"
#include "vision/sim/hand.h"

namespace tabref::referee {

class GameRun;

// A game on the synthetic table played frame by frame: each NextFrame() plays on (the
// players' decisions, their strokes, the physics, the simulated referee's judgement from the
// exact ground truth) until the next frame is recorded. SimulateGame() plays one to the end
// and writes the files; the live referee's synthetic camera reads the frames as they come.
//
// One thread plays (NextFrame and the accessors of the frame just played); TruthActions() may
// be called from any thread.
class SimulatedGame {
 public:
  // Sets the table, the players and the camera up (nothing is recorded yet). With
  // `write_recording`, the rendered frames also go to video.avi / frames/ in the output
  // folder as the options ask (SimulateGame); without, they are only kept for Image().
  // Throws as SimulateGame() does.
  SimulatedGame(const GameSimulationOptions& options, bool write_recording);
  ~SimulatedGame();
  SimulatedGame(const SimulatedGame&) = delete;
  SimulatedGame& operator=(const SimulatedGame&) = delete;

  // Plays on to the next frame and records it; false once the game (or a limit) has ended
  // and the table has been shown at rest a moment longer.
  bool NextFrame();

  // The frame just recorded: its image (empty when frames are not rendered), time and index.
  const cv::Mat& Image() const;
  double Time() const;
  int FrameIndex() const;
  // What a perfect camera sees in that frame (no track ids) and the hand over the table: its
  // outline where it hides the table from the camera (table frame, mm).
  vision::TableObservation TruthTable() const;
  std::vector<rules::Polygon> HandShadow() const;

  // The game as the rules know it: setup (players, options with the table's court) and the
  // simulated referee's state.
  rules::GameSetup Setup() const;
  const rules::State& State() const;
  // Every action the simulated referee applied so far, in order (thread-safe copy).
  std::vector<rules::Action> TruthActions() const;
  // The simulated referee's record so far: {"shots": [...], "decisions": [...]} as
  // truth.json's "game" holds them (docs/synthetic-table.md).
  const rules::Json& Record() const;
  const vision::sim::Camera& Camera() const { return camera_; }
  const GameTable& Table() const;
  // Moves the camera (someone bumped it): later frames are drawn from `camera`. Only for
  // frames that are not written to a recording (the truth keeps the first camera).
  void MoveCamera(const vision::sim::Camera& camera);
  const GameSimulationOptions& Options() const { return options_; }

  // Writes the recording's files (video.avi / frames/ when asked, truth.json, camera.yml,
  // game_log.json, truth_scorecard.json) into the output folder, each complete or not at all,
  // and returns the report. Call once NextFrame() has returned false (or earlier, to stop).
  GameSimulationReport Finish();

 private:
  GameSimulationOptions options_;
  std::unique_ptr<vision::PieceSet> set_;
  std::unique_ptr<GameRun> run_;
  vision::sim::Camera camera_;
  struct Recording;
  std::unique_ptr<Recording> recording_;
};

}  // namespace tabref::referee
