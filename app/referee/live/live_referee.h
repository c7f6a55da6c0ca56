#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/referee/game_referee.h"
#include "calibration/intrinsics.h"
#include "calibration/table_calibration.h"
#include "rules/core/action.h"
#include "rules/core/state.h"
#include "vision/detect/piece_detector.h"
#include "vision/source/frame.h"
#include "vision/track/camera_analyzer.h"
#include "vision/track/piece_tracker.h"

namespace tabref::referee {

// Where the live referee keeps the game: the rules' state and how an action is recorded
// (in memory, or in the store so that nothing is lost).
class Scorekeeper {
 public:
  virtual ~Scorekeeper() = default;
  virtual const rules::State& State() const = 0;
  // Applies `action` (checked by the rules; throws RuleError when refused); `evidence`: the
  // measurements behind a vision action (null for a manual one).
  virtual void Apply(const rules::Action& action, const rules::Json& evidence) = 0;
};

// A game kept in memory only.
class MemoryScorekeeper : public Scorekeeper {
 public:
  explicit MemoryScorekeeper(std::unique_ptr<rules::State> state) : state_(std::move(state)) {}
  const rules::State& State() const override { return *state_; }
  void Apply(const rules::Action& action, const rules::Json& evidence) override;

 private:
  std::unique_ptr<rules::State> state_;
};

// The players' answer to a question of the referee, or nothing while they have not answered
// (asked again with the next frame).
using AskPlayers =
    std::function<std::optional<rules::Json>(const rules::State& state, const ManualDecision&)>;

// Something the live referee did or saw, for the terminal, the GUI and the annotated video.
struct LiveEvent {
  enum class Kind {
    kCalibrated,  // the table was found (markers)
    kTableLost,   // the markers were not seen for a while: the camera moved or is covered
    kTracking,    // a tracker event (shot started, contact, left table, lost, table changed)
    kShotJudged,  // a shot ended; `text` holds the verdict
    kAction,      // an action was applied: the scorecard changed
    kAsked,       // the players were asked `text`
    kGameOver,
  };
  Kind kind = Kind::kTracking;
  double time_s = 0;
  std::string text;  // one line
  // kAction: the action applied; kShotJudged: the shot's rest time (seconds).
  rules::Json action;
  double shot_rest_s = 0;
  // kTracking: the tracker's event it reports.
  std::optional<vision::TrackEvent::Type> tracked;
};
const char* ToString(LiveEvent::Kind kind);

struct LiveRefereeOptions {
  calibration::TableCalibrationOptions table;  // marker size, accepted reprojection error
  // Cheap per-frame analysis; its tracked_kinds are set to the game's
  // (GameReferee::TrackedKinds).
  vision::CameraAnalyzerOptions analyzer;
  vision::TrackerOptions tracker;  // its `area` is set from the calibration
  // Frames in a row without the markers (while settled) before the table counts as lost and
  // is calibrated again (a bumped camera). Checked only at full detections.
  int lost_table_checks = 2;
  // kTruth: the pieces come from the synthetic table's exact ground truth of each frame
  // (every piece, every frame, no track ids) instead of the camera analysis: the tracker and
  // the referee glue on their own, for pieces no detector finds yet (tiles, pyramids).
  enum class Evidence { kCamera, kTruth };
  Evidence evidence = Evidence::kCamera;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// What one frame cost, by stage (calibrate, view, background, hand, motion, measure, detect,
// track, judge).
struct LiveFrameCosts {
  std::vector<vision::StageTiming> stages;
  bool full_detection = false;
  double TotalMs() const;
};

// The referee at the table: frames in, the game's actions out. Calibrates the table from the
// markers in the first frames that show them, turns every frame into the tracker's evidence
// (CameraAnalyzer), follows the pieces (PieceTracker), and at the end of every shot hands the
// shot to the game's referee glue (GameReferee); actions are applied through the scorekeeper,
// questions go to the players (`ask`) and their answers are recorded as manual actions.
// Decisions the engine waits for between shots (who leads, a ruling) are asked the same way.
class LiveReferee {
 public:
  LiveReferee(std::unique_ptr<GameReferee> referee, std::shared_ptr<vision::PieceDetector> detector,
              Scorekeeper& keeper, AskPlayers ask,
              std::optional<calibration::Intrinsics> intrinsics, LiveRefereeOptions options = {});

  // One frame (BGR 8-bit): what happened, in order.
  std::vector<LiveEvent> Process(const vision::Frame& frame);
  // Asks the players what the engine waits for (called by Process; call it too while no
  // frames come, so that a decision does not wait for the camera).
  std::vector<LiveEvent> AskPending(double time_s);
  // Call when the keeper's state was changed from outside (an entry by hand, an undo, a
  // correction): a question none of whose answers the new state accepts is dropped, and the
  // end of the game is reported again when it comes.
  void StateReplaced();

  bool Calibrated() const { return calibration_.has_value(); }
  const std::optional<calibration::TableCalibration>& Calibration() const { return calibration_; }
  const vision::PieceTracker& Tracker() const { return *tracker_; }
  const vision::CameraAnalyzer& Analyzer() const { return analyzer_; }
  const LiveFrameCosts& LastCosts() const { return costs_; }
  const GameReferee& Referee() const { return *referee_; }
  const Scorekeeper& Keeper() const { return keeper_; }

 private:
  void Calibrate(const vision::Frame& frame, std::vector<LiveEvent>& events);
  // True when the camera moved or the markers were lost: the tracker started again.
  bool CheckMarkers(const vision::Frame& frame, std::vector<LiveEvent>& events);
  void OnTrackEvent(const vision::TrackEvent& event, std::vector<LiveEvent>& events);
  void Judge(const vision::ShotObservation& shot, double time_s, std::vector<LiveEvent>& events);
  void Apply(const rules::Json& body, rules::ActionSource source, const rules::Json& evidence,
             double time_s, const std::string& why, std::vector<LiveEvent>& events);
  bool Answer(const ManualDecision& decision, double time_s, std::vector<LiveEvent>& events);

  std::unique_ptr<GameReferee> referee_;
  Scorekeeper& keeper_;
  AskPlayers ask_;
  std::optional<calibration::Intrinsics> intrinsics_;
  LiveRefereeOptions options_;
  vision::CameraAnalyzer analyzer_;
  std::unique_ptr<vision::PieceTracker> tracker_;
  std::optional<calibration::TableCalibration> calibration_;
  std::optional<vision::TableObservation> last_after_;  // the table after the last shot
  std::optional<ManualDecision> pending_;               // a question not answered yet
  // Shots that came to rest while a question waited, judged in turn once it is answered.
  std::deque<vision::ShotObservation> held_shots_;
  // A shot to judge again once the players have set the table right (Verdict::NotYet).
  std::optional<vision::ShotObservation> unjudged_;
  std::string asked_;  // the question last reported
  int missing_markers_ = 0;
  double calibration_problem_s_ = -1e9;  // when the table was last said not to be found
  bool game_over_reported_ = false;
  LiveFrameCosts costs_;
};

}  // namespace tabref::referee
