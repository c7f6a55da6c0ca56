#include "app/referee/live/live_evaluation.h"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <sstream>
#include <utility>

#include "app/referee/registry.h"
#include "rules/registry.h"
#include "vision/pieces/piece_set.h"

namespace tabref::referee {
namespace {

// A turn is compared by how far it moves the piece's outline, which is to stay within the
// places' tolerance: a tile's corner (Ppolf places tiles "at" a point) or a large pyramid's
// base corner, this far from the centre.
constexpr double kTileTurnReachMm = 36;
constexpr double kPyramidTurnReachMm = 18;

// An ostream that drops everything.
class NullBuffer : public std::streambuf {
 protected:
  int overflow(int c) override { return c; }
};

// The truth table of one frame: enough to tell when pieces stopped and how many there were.
struct TruthFrame {
  double time_s = 0;
  std::vector<rules::Vec2> positions;
};

bool Still(const TruthFrame& a, const TruthFrame& b) {
  if (a.positions.size() != b.positions.size()) return false;
  for (size_t i = 0; i < a.positions.size(); ++i) {
    if (rules::Distance(a.positions[i], b.positions[i]) > 0.05) return false;
  }
  return true;
}

const TruthFrame* FrameAt(const std::vector<TruthFrame>& frames, double time_s) {
  const TruthFrame* best = nullptr;
  for (const TruthFrame& frame : frames) {
    if (frame.time_s > time_s + 1e-6) break;
    best = &frame;
  }
  return best;
}

// When the truth came to rest after a shot struck at `strike_s`: the first frame after which
// nothing moves before `until_s`. The frame at `until_s` itself is left out: the simulated
// players lift holed coins and set out the next one in it (the record's times are rounded to
// a tenth of a millisecond, so it may fall a little before them).
double PhysicalRest(const std::vector<TruthFrame>& frames, double strike_s, double until_s) {
  double rest = until_s;
  for (size_t i = frames.size(); i-- > 1;) {
    if (frames[i].time_s > until_s - 1e-3) continue;
    if (frames[i].time_s <= strike_s) break;
    if (!Still(frames[i], frames[i - 1])) break;
    rest = frames[i - 1].time_s;
  }
  return rest;
}

// A list of placed pieces (a side's bowls, the pyramids in play): the engines read it as a
// set, so its order carries no verdict.
bool IsListOfPlaces(const rules::Json& list) {
  return std::all_of(list.begin(), list.end(), [](const rules::Json& item) {
    return item.is_object() && item.contains("position");
  });
}

// Whether the places of `a` from `first` on pair off one to one with the unpaired places of
// `b` (paired ones are null). Lists are a handful of pieces: plain backtracking.
bool SamePlaces(const rules::Json& a, rules::Json b, size_t first, double tolerance_mm) {
  if (first == a.size()) return true;
  for (rules::Json& candidate : b) {
    if (candidate.is_null() || !SameAction(a[first], candidate, tolerance_mm)) continue;
    rules::Json taken = std::exchange(candidate, nullptr);
    if (SamePlaces(a, b, first + 1, tolerance_mm)) return true;
    candidate = std::move(taken);
  }
  return false;
}

// Whether the turns of two pieces (`a` names its kind and pose) move its outline by no more
// than `tolerance_mm`.
bool SameTurn(const rules::Json& a, double a_deg, double b_deg, double tolerance_mm) {
  const double apart_rad = TurnApartDeg(a, a_deg, b_deg) * std::numbers::pi / 180;
  return apart_rad * (a.contains("at") ? kTileTurnReachMm : kPyramidTurnReachMm) <= tolerance_mm;
}

// A game's summary without what says nothing about the game: the scorecard's details and
// how many actions were recorded (pieces put back by hand are recorded whenever a look finds
// one moved).
rules::Json ComparableSummary(rules::Json summary) {
  if (summary.contains("scorecard")) summary["scorecard"].erase("details");
  summary.erase("actions");
  return summary;
}

}  // namespace

bool SameScorecard(const rules::Json& a, const rules::Json& b) {
  return ComparableSummary(a) == ComparableSummary(b);
}

bool SameAction(const rules::Json& a, const rules::Json& b, double tolerance_mm) {
  if (a.is_number() && b.is_number())
    return std::abs(a.get<double>() - b.get<double>()) <= tolerance_mm;
  if (a.type() != b.type()) return false;
  if (a.is_array()) {
    if (a.size() != b.size()) return false;
    if (IsListOfPlaces(a) && IsListOfPlaces(b)) return SamePlaces(a, b, 0, tolerance_mm);
    for (size_t i = 0; i < a.size(); ++i) {
      if (!SameAction(a[i], b[i], tolerance_mm)) return false;
    }
    return true;
  }
  if (a.is_object()) {
    for (const auto& [key, value] : a.items()) {
      if (key == "sigma_mm") continue;
      if (key == "angle_deg" && value.is_number() && b.contains(key) && b[key].is_number()) {
        if (!SameTurn(a, value.get<double>(), b[key].get<double>(), tolerance_mm)) return false;
        continue;
      }
      if (!b.contains(key) || !SameAction(value, b[key], tolerance_mm)) return false;
    }
    for (const auto& [key, value] : b.items()) {
      if (key != "sigma_mm" && !a.contains(key)) return false;
    }
    return true;
  }
  return a == b;
}

LiveEvaluation EvaluateLiveGame(const std::string& game, std::uint64_t seed,
                                const SimulatedTableSettings& table,
                                const LiveRefereeOptions& options, double match_window_s,
                                std::ostream* event_log) {
  LiveEvaluation evaluation;
  evaluation.game = game;
  evaluation.seed = seed;
  OpenedSource opened = OpenSource("sim:" + std::to_string(seed), game, table);
  SimulatedGameSource& sim = *opened.simulated;
  MemoryScorekeeper keeper(rules::MakeGame(sim.Setup())->NewInitialState());
  auto detector =
      std::make_shared<vision::PieceDetector>(vision::LoadPieceSet(vision::DefaultPieceSetFile()));
  LiveReferee live(
      MakeReferee(keeper.State().game()), detector, keeper,
      [&sim](const rules::State& state, const ManualDecision& decision) {
        return sim.AnswerAsTruth(state, decision);
      },
      opened.source->KnownIntrinsics(), options);

  std::vector<TruthFrame> truth_frames;
  std::vector<double> left_table_s;  // times the tracker saw a piece leave the table
  LiveRunOptions run;
  run.print_tracking = event_log != nullptr;
  run.on_frame = [&](const vision::Frame& frame, const std::vector<LiveEvent>& events) {
    if (frame.truth) {
      TruthFrame truth;
      truth.time_s = frame.time_s;
      for (const vision::ObservedPiece& piece : frame.truth->table.pieces)
        truth.positions.push_back(piece.position_mm);
      truth_frames.push_back(std::move(truth));
    }
    for (const LiveEvent& event : events) {
      if (event.tracked == vision::TrackEvent::Type::kLeftTable)
        left_table_s.push_back(event.time_s);
    }
  };
  NullBuffer null;
  std::ostream quiet(&null);
  evaluation.run = RunLive(*opened.source, live, event_log != nullptr ? *event_log : quiet, run);

  const rules::Json record = sim.Game().Record();
  const rules::Json shots = record.value("shots", rules::Json::array());
  std::vector<bool> used(evaluation.run.shots.size(), false);
  for (const rules::Json& truth : shots) {
    ++evaluation.truth_shots;
    const double strike_s = truth.at("strike_s").get<double>();
    const double shown_s = truth.at("rest_s").get<double>();
    const double rest_s = PhysicalRest(truth_frames, strike_s, shown_s);
    // Off the table: fewer pieces at rest than when it was struck.
    const TruthFrame* before = FrameAt(truth_frames, strike_s);
    // The frame before the one the truth judged in: the players lift holed coins in that one.
    const TruthFrame* after = FrameAt(truth_frames, shown_s - 1e-3);
    const bool off =
        before != nullptr && after != nullptr && after->positions.size() < before->positions.size();
    if (off) {
      ++evaluation.off_table;
      const bool seen = std::any_of(left_table_s.begin(), left_table_s.end(), [&](double t) {
        return t >= strike_s - 0.1 && t <= shown_s + match_window_s;
      });
      if (!seen) {
        ++evaluation.off_table_missed;
        evaluation.notes.push_back("shot " + std::to_string(truth.value("index", 0)) +
                                   ": a piece left the table unseen");
      }
    }
    int best = -1;
    double best_gap = match_window_s;
    for (size_t i = 0; i < evaluation.run.shots.size(); ++i) {
      if (used[i]) continue;
      const double gap = std::abs(evaluation.run.shots[i].rest_s - rest_s);
      if (gap <= best_gap) {
        best_gap = gap;
        best = static_cast<int>(i);
      }
    }
    std::ostringstream note;
    note << "shot " << truth.value("index", 0) << " (rest " << rest_s << " s): ";
    if (best < 0) {
      ++evaluation.missed;
      note << "not seen; truth " << truth.value("reason", "");
      evaluation.notes.push_back(note.str());
      continue;
    }
    used[static_cast<size_t>(best)] = true;
    const JudgedShot& shot = evaluation.run.shots[static_cast<size_t>(best)];
    const std::string verdict = truth.value("verdict", "");
    const bool truth_acted = truth.contains("action");
    if (shot.verdict.rfind("too close to call", 0) == 0) {
      ++evaluation.asked;
      note << "live '" << shot.verdict << "'; truth '" << truth.value("reason", "") << "'";
      evaluation.notes.push_back(note.str());
    } else if (truth_acted && !shot.action.is_null() &&
               SameAction(truth["action"], shot.action, 3.0)) {
      ++evaluation.judged_correctly;
    } else if (!truth_acted && shot.action.is_null() && verdict != "ask players") {
      ++evaluation.judged_correctly;
    } else {
      ++evaluation.wrong;
      note << "live '" << shot.verdict << "' " << shot.action.dump() << "; truth '"
           << truth.value("reason", "") << "' " << truth.value("action", rules::Json()).dump();
      evaluation.notes.push_back(note.str());
    }
    if (truth_acted && !shot.action.is_null())
      MeasurePlaces(truth["action"], shot.action, evaluation.places);
    if (!shot.action.is_null()) {
      evaluation.rest_to_update_s.push_back(shot.judged_s - rest_s);
      evaluation.update_compute_ms.push_back(shot.compute_ms);
    }
  }
  for (size_t i = 0; i < used.size(); ++i) {
    if (used[i]) continue;
    const JudgedShot& shot = evaluation.run.shots[i];
    // Movement the referee saw and left unjudged (the table cleared for the next end) changed
    // nothing in the game: only a shot acted on where the truth has none is a false one.
    const bool acted = !shot.action.is_null();
    ++(acted ? evaluation.false_shots : evaluation.unjudged_moves);
    evaluation.notes.push_back((acted ? "false shot at " : "moved, not judged, at ") +
                               std::to_string(shot.rest_s) + " s: " + shot.verdict);
  }
  const rules::Json truth_summary = ComparableSummary(sim.Game().State().Summary());
  const rules::Json live_summary = ComparableSummary(keeper.State().Summary());
  evaluation.scorecard_matches = truth_summary == live_summary;
  if (!evaluation.scorecard_matches) {
    // As a JSON patch from the truth's summary to the live one: which entries differ.
    evaluation.notes.push_back("scorecard differs from the truth's: " +
                               rules::Json::diff(truth_summary, live_summary).dump());
  }
  return evaluation;
}

}  // namespace tabref::referee
