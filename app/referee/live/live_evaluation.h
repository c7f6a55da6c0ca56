#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/referee/live/live_run.h"
#include "app/referee/live/place_errors.h"
#include "app/referee/live/source_spec.h"

namespace tabref::referee {

// How a live-refereed game on the synthetic table compares with the simulator's truth.
struct LiveEvaluation {
  std::string game;
  std::uint64_t seed = 0;
  int truth_shots = 0;       // shots the simulated players played
  int judged_correctly = 0;  // truth shots the live referee judged alike (see below)
  int asked = 0;             // truth shots the live referee asked the players about
  int missed = 0;            // truth shots the live referee did not see end (or not judge)
  int wrong = 0;             // truth shots judged differently
  int false_shots = 0;       // live shots with no truth shot at that time that recorded an action
  int unjudged_moves = 0;    // ... that recorded nothing (an end's clearing, pieces moved by hand)
  int off_table = 0;         // truth shots in which a piece left the table
  int off_table_missed = 0;  // ... for which the tracker reported no piece leaving
  std::vector<double> rest_to_update_s;   // truth rest -> live scorecard update (table time)
  std::vector<double> update_compute_ms;  // compute of the frame that judged the shot
  bool scorecard_matches = false;         // the final scorecards are equal
  PlaceErrors places;  // of the pieces placed in the shots both the truth and the referee acted on
  LiveRunResult run;
  std::vector<std::string> notes;  // one line per disagreement
};

// Whether two game summaries (State::Summary(), as `tabref replay --json` prints them) keep the
// same score: everything but the scorecard's details (the measured distances, which differ by
// the camera's fraction of a millimetre).
bool SameScorecard(const rules::Json& a, const rules::Json& b);

// Whether two rules actions say the same, positions within `tolerance_mm` (sigma_mm ignored).
bool SameAction(const rules::Json& a, const rules::Json& b, double tolerance_mm);

// Plays `game` on the synthetic table with `seed` and referees it live through the camera
// pipeline (calibration, analyzer, tracker, referee glue), answering questions from the truth.
// A live shot is the truth shot whose rest time is nearest (within `match_window_s`); it is
// judged correctly when its verdict's action equals the truth's within 3 mm, or when both
// did not act.
// `event_log`, when given, receives what `tabref referee` prints: every event, tracking too.
LiveEvaluation EvaluateLiveGame(const std::string& game, std::uint64_t seed,
                                const SimulatedTableSettings& table,
                                const LiveRefereeOptions& options = {}, double match_window_s = 2.0,
                                std::ostream* event_log = nullptr);

}  // namespace tabref::referee
