#pragma once

#include <functional>
#include <ostream>
#include <string>
#include <vector>

#include "app/referee/live/live_referee.h"
#include "vision/source/frame_source.h"

namespace tabref::referee {

struct LiveRunOptions {
  std::string annotated_path;  // write the annotated video here (.mp4 or .avi); empty: none
  bool print_tracking = true;  // print the tracker's events too (shots starting, contacts)
  // Reads in a row that bring no frame (a camera unplugged) before giving up; 0: wait forever.
  int max_waiting_reads = 0;
  // Called for every frame after the referee processed it (tests, benchmarks, the GUI).
  std::function<void(const vision::Frame&, const std::vector<LiveEvent>&)> on_frame;
};

// A frame's events with the wall-clock time they took (from the frame's arrival).
struct JudgedShot {
  double judged_s = 0;    // frame time the shot was judged at
  double rest_s = 0;      // frame time the tracker saw everything at rest
  double compute_ms = 0;  // processing time of the frame that judged it
  std::string verdict;    // the event's text
  rules::Json action;     // the action applied for it (null when none)
};

struct LiveRunResult {
  std::string ended;  // why reading ended, one line
  bool source_ended = false;
  int frames = 0;
  int full_detections = 0;
  int calibrations = 0;  // times the table was found from its markers (again after a bump)
  double wall_s = 0;
  double compute_ms = 0;                    // processing time of all frames
  std::vector<vision::StageTiming> stages;  // summed over frames, in first-seen order
  std::vector<JudgedShot> shots;
  std::string annotated_path;  // where the annotated video went (empty: none)
};

// Reads `source` to its end through `referee`, printing every event and, whenever an action
// changes it, the scorecard. Throws vision::SourceError when the source fails, RuleError /
// StoreError from the scorekeeper, std::runtime_error when the annotated video cannot be
// written.
LiveRunResult RunLive(vision::FrameSource& source, LiveReferee& referee, std::ostream& out,
                      const LiveRunOptions& options = {});

}  // namespace tabref::referee
