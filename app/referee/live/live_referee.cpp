#include "app/referee/live/live_referee.h"

#include <algorithm>
#include <cmath>
#include <sstream>
#include <stdexcept>

#include "app/referee/observed_pieces.h"
#include "calibration/calibration_error.h"
#include "calibration/drift.h"
#include "calibration/markers.h"
#include "rules/core/rule_error.h"

namespace tabref::referee {
namespace {

// How often the table not being found is said again, in seconds of video.
constexpr double kRepeatProblemS = 5;

std::string Describe(const vision::PieceTracker& tracker, int id) {
  const vision::Track* track = tracker.FindTrack(id);
  return track == nullptr ? "piece #" + std::to_string(id) : PieceName(track->piece);
}

// The piece and where it was last seen, in whole millimetres.
std::string DescribeAt(const vision::PieceTracker& tracker, int id) {
  const vision::Track* track = tracker.FindTrack(id);
  if (track == nullptr) return Describe(tracker, id);
  std::ostringstream text;
  text << PieceName(track->piece) << " at (" << std::lround(track->piece.position_mm.x) << ", "
       << std::lround(track->piece.position_mm.y) << ") mm";
  return text.str();
}

// What the tracker saw, in one line.
std::string TrackText(const vision::TrackEvent& event, const vision::PieceTracker& tracker) {
  using Type = vision::TrackEvent::Type;
  switch (event.type) {
    case Type::kShotStarted:
      return "shot: " + DescribeAt(tracker, event.track) + " moves";
    case Type::kContact:
      return "contact: " + Describe(tracker, event.track) +
             (event.uncertain ? " may have touched (unseen) " : " touched ") +
             Describe(tracker, event.other);
    case Type::kLeftTable:
      return "off the table: " + DescribeAt(tracker, event.track);
    case Type::kLost:
      return "lost from sight: " + DescribeAt(tracker, event.track);
    case Type::kShotEnded:
      return "at rest after " + std::to_string(event.shot.moved.size()) + " piece(s) moved";
    case Type::kTableChanged:
      return "table changed by hand: " + std::to_string(event.table.pieces.size()) +
             " piece(s) on it";
  }
  return vision::ToString(event.type);
}

LiveEvent MakeEvent(LiveEvent::Kind kind, double time_s, std::string text, double shot_rest_s = 0) {
  LiveEvent event;
  event.kind = kind;
  event.time_s = time_s;
  event.text = std::move(text);
  event.shot_rest_s = shot_rest_s;
  return event;
}

// A perfect camera: every piece of the truth measured, the hand's shadow hidden.
vision::TrackerFrame TruthEvidence(const vision::FrameTruth& truth, double time_s) {
  vision::TrackerFrame evidence;
  evidence.time_s = time_s;
  evidence.hand_in_view = !truth.hand.empty();
  evidence.hidden = truth.hand;
  evidence.complete = true;
  for (vision::ObservedPiece piece : truth.table.pieces) {
    piece.track_id = -1;
    piece.confidence = 1;
    evidence.pieces.push_back(std::move(piece));
  }
  return evidence;
}

// The detector tuned to what the game puts on the table, and where: it looks only for the
// kinds of piece the game is played with (and for tiles under coins).
std::shared_ptr<vision::PieceDetector> ForGame(std::shared_ptr<vision::PieceDetector> detector,
                                               const GameReferee& referee) {
  const vision::DetectionOptions& given = detector->Options();
  const std::vector<vision::ObservedKind> kinds = referee.TrackedKinds();
  const auto plays = [&](vision::ObservedKind kind) {
    return std::find(kinds.begin(), kinds.end(), kind) != kinds.end();
  };
  vision::DetectionOptions options = given;
  options.pyramids.nested_alike_pairs =
      options.pyramids.nested_alike_pairs || referee.NestsAlikePyramids();
  options.view_margin_mm = std::max(options.view_margin_mm, referee.PlayBeyondMarkersMm());
  options.coins_enabled = given.coins_enabled && plays(vision::ObservedKind::kCoin);
  options.tiles.enabled = given.tiles.enabled && (plays(vision::ObservedKind::kTile) ||
                                                  plays(vision::ObservedKind::kCoin));
  options.pyramids.enabled = given.pyramids.enabled && plays(vision::ObservedKind::kPyramid);
  if (options.pyramids.nested_alike_pairs == given.pyramids.nested_alike_pairs &&
      options.view_margin_mm == given.view_margin_mm &&
      options.coins_enabled == given.coins_enabled &&
      options.tiles.enabled == given.tiles.enabled &&
      options.pyramids.enabled == given.pyramids.enabled)
    return detector;
  return std::make_shared<vision::PieceDetector>(detector->Set(), options);
}

// The options with the camera following the pieces the game is played with.
LiveRefereeOptions ForGame(LiveRefereeOptions options, const GameReferee& referee) {
  options.analyzer.tracked_kinds = referee.TrackedKinds();
  return options;
}

}  // namespace

void MemoryScorekeeper::Apply(const rules::Action& action, const rules::Json& /*evidence*/) {
  state_->Apply(action.body, action.source);
}

const char* ToString(LiveEvent::Kind kind) {
  switch (kind) {
    case LiveEvent::Kind::kCalibrated:
      return "calibrated";
    case LiveEvent::Kind::kTableLost:
      return "table lost";
    case LiveEvent::Kind::kTracking:
      return "tracking";
    case LiveEvent::Kind::kShotJudged:
      return "shot judged";
    case LiveEvent::Kind::kAction:
      return "action";
    case LiveEvent::Kind::kAsked:
      return "asked";
    case LiveEvent::Kind::kGameOver:
      return "game over";
  }
  return "?";
}

void LiveRefereeOptions::Check() const {
  table.Check();
  analyzer.Check();
  tracker.Check();
  if (lost_table_checks < 1)
    throw std::invalid_argument("LiveRefereeOptions.lost_table_checks must be at least 1");
}

double LiveFrameCosts::TotalMs() const {
  double total = 0;
  for (const vision::StageTiming& stage : stages) total += stage.ms;
  return total;
}

LiveReferee::LiveReferee(std::unique_ptr<GameReferee> referee,
                         std::shared_ptr<vision::PieceDetector> detector, Scorekeeper& keeper,
                         AskPlayers ask, std::optional<calibration::Intrinsics> intrinsics,
                         LiveRefereeOptions options)
    : referee_(std::move(referee)),
      keeper_(keeper),
      ask_(std::move(ask)),
      intrinsics_(std::move(intrinsics)),
      options_(ForGame(std::move(options), *referee_)),
      analyzer_(ForGame(std::move(detector), *referee_), options_.analyzer),
      tracker_(std::make_unique<vision::PieceTracker>(options_.tracker)) {
  options_.Check();
}

void LiveReferee::Calibrate(const vision::Frame& frame, std::vector<LiveEvent>& events) {
  vision::StageTimer timer(costs_.stages);
  timer.Start("calibrate");
  try {
    calibration_ = calibration::CalibrateTable(frame.image, intrinsics_, options_.table);
  } catch (const calibration::CalibrationError& error) {
    // No markers (yet): the next frame tries again. Say why now and then.
    if (frame.time_s - calibration_problem_s_ >= kRepeatProblemS) {
      calibration_problem_s_ = frame.time_s;
      events.push_back(MakeEvent(LiveEvent::Kind::kTableLost, frame.time_s, error.what()));
    }
    return;
  }
  calibration_problem_s_ = -1e9;
  analyzer_.SetCalibration(*calibration_);
  vision::TrackerOptions tracking = options_.tracker;
  tracking.area = analyzer_.Area();
  tracker_ = std::make_unique<vision::PieceTracker>(tracking);
  missing_markers_ = 0;
  std::ostringstream text;
  text.precision(2);
  text << std::fixed << "table found (marker reprojection " << calibration_->reprojection_rms_px
       << " px)";
  events.push_back(MakeEvent(LiveEvent::Kind::kCalibrated, frame.time_s, text.str()));
}

bool LiveReferee::CheckMarkers(const vision::Frame& frame, std::vector<LiveEvent>& events) {
  vision::StageTimer timer(costs_.stages);
  timer.Start("markers");
  const calibration::MarkerDetection markers = calibration::DetectTableMarkers(frame.image);
  const calibration::DriftReport drift = calibration::CheckDrift(*calibration_, markers);
  switch (drift.verdict) {
    case calibration::DriftVerdict::kSteady:
      missing_markers_ = 0;
      return false;
    case calibration::DriftVerdict::kNotEnoughView:
      if (++missing_markers_ < options_.lost_table_checks) return false;
      break;
    case calibration::DriftVerdict::kMoved:
      break;
  }
  timer.Stop();
  std::ostringstream text;
  text.precision(1);
  text << std::fixed;
  if (drift.verdict == calibration::DriftVerdict::kMoved) {
    text << "the camera moved (markers " << drift.max_corner_shift_px
         << " px off): tracking starts again";
  } else {
    text << "the markers are not in view: finding the table again";
  }
  events.push_back(MakeEvent(LiveEvent::Kind::kTableLost, frame.time_s, text.str()));
  // Nothing measured before compares: the pieces are found again at rest.
  calibration_.reset();
  last_after_.reset();
  if (drift.recalibrated) {
    calibration_ = *drift.recalibrated;
    analyzer_.SetCalibration(*calibration_);
    vision::TrackerOptions tracking = options_.tracker;
    tracking.area = analyzer_.Area();
    tracker_ = std::make_unique<vision::PieceTracker>(tracking);
    events.push_back(MakeEvent(LiveEvent::Kind::kCalibrated, frame.time_s,
                               "table found again from the moved markers"));
  } else {
    Calibrate(frame, events);
  }
  return true;
}

std::vector<LiveEvent> LiveReferee::Process(const vision::Frame& frame) {
  std::vector<LiveEvent> events;
  costs_ = {};
  if (frame.image.empty()) throw std::invalid_argument("LiveReferee: the frame has no image");
  if (!calibration_) {
    Calibrate(frame, events);
    if (!calibration_) return events;
  }
  vision::TrackerFrame evidence;
  if (options_.evidence == LiveRefereeOptions::Evidence::kTruth) {
    if (!frame.truth)
      throw std::invalid_argument("LiveReferee: truth evidence needs the synthetic table");
    evidence = TruthEvidence(*frame.truth, frame.time_s);
  } else {
    evidence = analyzer_.Analyze(frame.image, frame.time_s, *tracker_);
    costs_.full_detection = analyzer_.LastCosts().full_detection;
    for (const vision::StageTiming& stage : analyzer_.LastCosts().stages)
      costs_.stages.push_back(stage);
  }
  std::vector<vision::TrackEvent> tracked;
  {
    vision::StageTimer timer(costs_.stages);
    timer.Start("track");
    tracked = tracker_->Update(evidence);
  }
  // A settled table whose markers moved or vanished: calibrated again. Checked before a
  // shot that just ended is judged: a bumped camera shifts every piece, which looks like one.
  bool camera_moved = false;
  if (costs_.full_detection && !tracker_->InShot()) camera_moved = CheckMarkers(frame, events);
  if (!camera_moved) {
    vision::StageTimer timer(costs_.stages);
    timer.Start("judge");
    for (const vision::TrackEvent& event : tracked) OnTrackEvent(event, events);
  }
  for (LiveEvent& asked : AskPending(frame.time_s)) events.push_back(std::move(asked));
  return events;
}

void LiveReferee::OnTrackEvent(const vision::TrackEvent& event, std::vector<LiveEvent>& events) {
  using Type = vision::TrackEvent::Type;
  LiveEvent tracked =
      MakeEvent(LiveEvent::Kind::kTracking, event.time_s, TrackText(event, *tracker_));
  tracked.tracked = event.type;
  events.push_back(std::move(tracked));
  if (event.type == Type::kShotEnded) {
    // (A shot in which the players only set the table right stands for the one that waited.)
    std::optional<vision::ShotObservation> set_right;
    if (unjudged_ && !pending_)
      set_right = referee_->SetRightBy(keeper_.State(), *unjudged_, event.shot);
    unjudged_.reset();
    Judge(set_right.value_or(event.shot), event.time_s, events);
  } else if (event.type == Type::kTableChanged && unjudged_) {
    // The players set the table right after a shot that was not judged yet: judged now.
    vision::ShotObservation shot = std::move(*unjudged_);
    unjudged_.reset();
    shot.set_right = event.table;
    Judge(shot, event.time_s, events);
  } else if (event.type == Type::kTableChanged && last_after_ && !pending_ &&
             !keeper_.State().IsTerminal()) {
    if (std::optional<vision::ShotObservation> hidden =
            referee_->ShotUnderHand(keeper_.State(), *last_after_, event.table)) {
      Judge(*hidden, event.time_s, events);
      return;
    }
    const std::optional<rules::Json> layout =
        referee_->Refresh(keeper_.State(), *last_after_, event.table);
    if (layout) {
      Apply(*layout, rules::ActionSource::kVision, {{"table", "refresh"}}, event.time_s,
            "pieces put back by hand", events);
      last_after_ = event.table;
    }
  }
}

void LiveReferee::Judge(const vision::ShotObservation& shot, double time_s,
                        std::vector<LiveEvent>& events) {
  last_after_ = shot.set_right.value_or(shot.after);
  const rules::State& state = keeper_.State();
  if (state.IsTerminal()) return;
  // Players may play on before they answer: the shot waits for the answer, not lost.
  std::optional<std::string> unanswered;
  if (pending_) {
    unanswered = pending_->question;
  } else if (const Expectation expected = referee_->Expect(state);
             expected.awaiting == Awaiting::kDecision) {
    unanswered = expected.decision.question;
  }
  if (unanswered) {
    held_shots_.push_back(shot);
    events.push_back(MakeEvent(LiveEvent::Kind::kShotJudged, time_s,
                               "held: judged once the players answer '" + *unanswered + "'",
                               shot.rest_s));
    return;
  }
  const Verdict verdict = referee_->Judge(state, shot);
  LiveEvent judged = MakeEvent(LiveEvent::Kind::kShotJudged, time_s, "", shot.rest_s);
  switch (verdict.kind) {
    case VerdictKind::kAction:
      judged.text = "judged: " + verdict.reason;
      judged.action = verdict.action;
      events.push_back(judged);
      Apply(verdict.action, rules::ActionSource::kVision,
            {{"moved", shot.moved},
             {"flew", shot.flew},
             {"left_table", shot.left_table},
             {"rest_s", shot.rest_s}},
            time_s, verdict.reason, events);
      break;
    case VerdictKind::kAskPlayers:
      judged.text = "too close to call: " + verdict.reason;
      events.push_back(judged);
      pending_ = verdict.question;
      break;
    case VerdictKind::kNotJudged:
      judged.text =
          (verdict.until_table_fixed ? "not judged yet: " : "not judged: ") + verdict.reason;
      events.push_back(judged);
      if (verdict.until_table_fixed) unjudged_ = shot;
      break;
  }
}

void LiveReferee::Apply(const rules::Json& body, rules::ActionSource source,
                        const rules::Json& evidence, double time_s, const std::string& why,
                        std::vector<LiveEvent>& events) {
  rules::Action action;
  action.body = body;
  action.source = source;
  keeper_.Apply(action, evidence);
  std::string text = "[" + std::string(rules::ToString(source)) + "] " + body.dump();
  if (!why.empty()) text += "  (" + why + ")";
  LiveEvent applied = MakeEvent(LiveEvent::Kind::kAction, time_s, text);
  applied.action = body;
  events.push_back(std::move(applied));
}

bool LiveReferee::Answer(const ManualDecision& decision, double time_s,
                         std::vector<LiveEvent>& events) {
  if (asked_ != decision.question) {
    asked_ = decision.question;
    events.push_back(MakeEvent(LiveEvent::Kind::kAsked, time_s, decision.question));
  }
  const std::optional<rules::Json> answer = ask_ ? ask_(keeper_.State(), decision) : std::nullopt;
  if (!answer) return false;
  Apply(*answer, rules::ActionSource::kManual, nullptr, time_s, "the players' answer", events);
  asked_.clear();
  return true;
}

void LiveReferee::StateReplaced() {
  const rules::State& state = keeper_.State();
  game_over_reported_ = game_over_reported_ && state.IsTerminal();
  if (!pending_) return;
  for (const rules::LegalAction& choice : pending_->choices) {
    try {
      state.Check(choice.action);
      return;
    } catch (const rules::RuleError&) {
    }
  }
  pending_.reset();
  asked_.clear();
}

std::vector<LiveEvent> LiveReferee::AskPending(double time_s) {
  std::vector<LiveEvent> events;
  for (;;) {
    if (keeper_.State().IsTerminal()) {
      if (!game_over_reported_) {
        game_over_reported_ = true;
        events.push_back(
            MakeEvent(LiveEvent::Kind::kGameOver, time_s, keeper_.State().StatusLine()));
      }
      return events;
    }
    if (pending_) {
      if (!Answer(*pending_, time_s, events)) return events;
      pending_.reset();
      continue;
    }
    const Expectation expected = referee_->Expect(keeper_.State());
    if (expected.awaiting == Awaiting::kDecision) {
      if (!Answer(expected.decision, time_s, events)) return events;
      continue;
    }
    if (held_shots_.empty()) return events;
    const vision::ShotObservation shot = std::move(held_shots_.front());
    held_shots_.pop_front();
    Judge(shot, time_s, events);
  }
}

}  // namespace tabref::referee
