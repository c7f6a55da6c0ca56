#pragma once

#include <optional>
#include <ostream>
#include <string>

#include "app/cli/arguments.h"
#include "app/referee/live/source_spec.h"

namespace tabref::cli {

// What `tabref referee` and the live `tabref demo` run.
struct LiveSessionSettings {
  std::string game;                        // bocce, ppolf, iceboule
  std::string source;                      // webcam:N | FILE | DIR | sim:SEED
  referee::SimulatedTableSettings table;   // sim: the synthetic table; else players/options
  std::optional<std::string> intrinsics;   // CAMERA.yml for a real camera
  std::optional<std::string> camera_name;  // whose stored lens to use without it (the default)
  double marker_mm = 60;
  std::optional<std::int64_t> resume;  // a stored game to go on with
  bool store = false;                  // keep the game in the database (`db`, or the default)
  std::optional<std::string> db;
  std::optional<std::string> annotated;  // OUT.mp4
  std::optional<std::string> json;       // the final scorecard (as `tabref replay --json`)
  bool quiet_tracking = false;           // print only judgements, actions and questions
  bool truth_pieces = false;  // sim: pieces from the truth, not the camera (no detector yet)
};

// The options both commands share, and reading them.
std::vector<OptionSpec> LiveSessionOptions();
void ReadLiveSessionOptions(const ParsedArgs& args, LiveSessionSettings& settings);

// Referees a game from the source to its end; prints every event, the scorecard as it
// changes and the final scorecard. Returns the exit status (0; 1 when the source failed).
// Throws UsageError / CommandError.
int RunLiveSession(const LiveSessionSettings& settings, std::ostream& out);

}  // namespace tabref::cli
