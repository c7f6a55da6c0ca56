#pragma once

#include <atomic>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "app/referee/decision.h"
#include "app/referee/sim/simulated_game.h"
#include "rules/core/game.h"
#include "vision/source/frame_source.h"

namespace tabref::referee {

// What goes wrong with the synthetic camera, for tests and the benchmark (table seconds).
struct SimulatedFaults {
  // The camera is unplugged from `first` on for `second` seconds: Read() reports waiting
  // while the game waits, then the frames go on where they stopped.
  std::vector<std::pair<double, double>> unplugged;
  // Frames in [first, second) show marker `id` covered (a hand or a cup on the sheet).
  struct Covered {
    double from_s = 0;
    double to_s = 0;
    int marker = 0;
  };
  std::vector<Covered> covered_markers;
  // At this time someone bumps the camera: it turns by `bump_deg` (about its own axes,
  // x, y, z in degrees) and moves by `bump_mm` (table frame), and stays there.
  std::optional<double> bump_at_s;
  cv::Vec3d bump_deg{0.4, -0.3, 0.2};
  cv::Vec3d bump_mm{2, -3, 1};
  // The players answer each question this long after it is first asked, playing on
  // meanwhile (0: at once).
  double answer_after_s = 0;
};

// The answer to a choice no measurement bears on (each Ice Boule end's piece sizes): the
// truth's action of its kind counted as `live` counts them (the two games may have asked
// different numbers of rulings before it, which shifts every later action), when that is
// one of the choices; nothing otherwise.
std::optional<rules::Json> AnswerCountedByKind(const std::vector<rules::Action>& truth,
                                               const rules::State& live,
                                               const ManualDecision& decision);

// The synthetic table as a camera: a simulated game (SimulatedGame) played frame by frame
// as it is read, every frame with its ground truth, and the simulated players answering a
// referee's questions as the ground truth says (AnswerAsTruth). Rendering happens in Read(),
// so wrapping it in a BufferedSource renders on its own thread.
class SimulatedGameSource : public vision::FrameSource {
 public:
  // `options.recording.out_dir`: where Finish() writes the truth files (empty: nowhere).
  // Throws as SimulateGame() does.
  explicit SimulatedGameSource(const GameSimulationOptions& options, SimulatedFaults faults = {});

  vision::FrameRead Read() override;
  std::string Describe() const override;
  double Fps() const override { return options_.recording.fps; }
  std::optional<calibration::Intrinsics> KnownIntrinsics() const override { return intrinsics_; }

  // The game as set up on the table (players, options with its court).
  const rules::GameSetup& Setup() const { return setup_; }
  // The players' answer to `decision`, asked by a referee whose state is `live`: what the
  // simulated referee did at the same point of the game, or the choice that brings `live`
  // where the ground truth went. Nothing while the simulated game has not got that far yet.
  // Safe to call from another thread than Read().
  std::optional<rules::Json> AnswerAsTruth(const rules::State& live,
                                           const ManualDecision& decision) const;
  // True once Read() has returned kEnded.
  bool Ended() const { return ended_; }

  // Writes the truth files into the output folder (when there is one) and returns the
  // report; call once reading is over.
  GameSimulationReport Finish();
  const SimulatedGame& Game() const { return *game_; }

 private:
  GameSimulationOptions options_;
  SimulatedFaults faults_;
  std::unique_ptr<SimulatedGame> game_;
  rules::GameSetup setup_;
  std::shared_ptr<const rules::Game> rules_game_;
  std::optional<calibration::Intrinsics> intrinsics_;
  std::vector<bool> unplugged_done_;
  int waiting_reads_ = 0;
  bool bumped_ = false;
  std::atomic<bool> ended_ = false;
  std::int64_t delivered_ = 0;
  std::atomic<double> time_s_ = 0;  // of the last frame read
  // When each question (by the live game's length and its text) was first asked.
  mutable std::mutex asked_mutex_;
  mutable std::map<std::string, double> first_asked_s_;
};

}  // namespace tabref::referee
