#pragma once

#include <string>
#include <vector>

#include "rules/core/json.h"
#include "vision/sim/simulate.h"

namespace tabref::referee {

// The recording defaults of a game: up to 300 s of table time, no distractors.
vision::sim::SimulationOptions DefaultGameRecording();

// What `tabref simulate --game bocce|ppolf|iceboule` plays. Everything random derives from
// `recording.seed`.
struct GameSimulationOptions {
  // Frame size, frame rate, seed, output folder, camera, rendering (render_frames: false for
  // physics and ground truth only) and physics; `recording.game` names the game. Stops
  // starting shots after `recording.max_duration_s` of table time. `shots` and
  // `distractors` are not used.
  vision::sim::SimulationOptions recording = DefaultGameRecording();
  std::vector<std::string> players;                  // empty: two players, Ann and Bob
  rules::Json game_options = rules::Json::object();  // the engine's options (docs/game-log.md);
                                                     // the table adds those it fixes (court)
  rules::Json binding = nullptr;  // identities (the referee's binding JSON); null: defaults
  int max_shots = 100;            // shots on the table before stopping
  int holes = 3;                  // Ppolf: stop after this many holes (0: the whole course)
  double sigma_mm = 0;            // position uncertainty the perfect camera reports

  // Throws std::invalid_argument naming the first field out of range.
  // `needs_output`: as SimulationOptions::Check.
  void Check(bool needs_output = true) const;
};

struct GameSimulationReport {
  std::string summary;  // one line
  std::string stopped;  // why the simulation ended: "game over: ...", a limit
  bool game_over = false;
  int shots = 0;       // shots played on the table
  int actions = 0;     // actions in the game log
  int decisions = 0;   // manual decisions answered from the ground truth
  int not_judged = 0;  // shots the referee did not turn into an action
  int frames = 0;
};

// Sets the table up for the game, plays it shot by shot (physics, frames with the player's
// hand), referees every shot from the ground truth through the game's referee glue and
// rules engine, answers the engine's questions from the exact truth, and writes into the
// output folder, each file complete or not at all: video.avi and/or frames/ (when frames
// are rendered), truth.json (with the shots and decisions), camera.yml, game_log.json (the
// engine's log, which `tabref replay` reads) and truth_scorecard.json (the state's summary,
// as `tabref replay --json` prints it). Throws std::invalid_argument for bad options or
// setup, PieceSetError for a bad set file, std::runtime_error when an output cannot be
// written and std::logic_error when the referee's action is refused by the rules (a bug).
GameSimulationReport SimulateGame(const GameSimulationOptions& options);

}  // namespace tabref::referee
