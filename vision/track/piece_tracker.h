#pragma once

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "vision/observation/observation.h"
#include "vision/track/path.h"
#include "vision/track/strike.h"
#include "vision/track/tracker_frame.h"
#include "vision/track/tracker_options.h"

namespace tabref::vision {

// One piece followed across frames.
struct Track {
  int id = -1;
  // What the piece is (the identity most often seen) and its latest measurement.
  ObservedPiece piece;
  rules::Vec2 rest;  // where it rests, or rested before it started moving
  bool moving = false;
  bool carried = false;  // moving slowly while a hand is over the table: carried, not flicked
  // Carried only as found where the hand was (PieceTracker::StartMoving): set down there if it
  // stays, flicked from its place under the hand if it moves on.
  bool maybe_set_down = false;
  // ... and first seen within its diameter of the hand as it hid the table a frame before: its
  // first blur may hold the change of the fingers drawing back from beside it.
  bool blurred_by_the_fingers = false;
  // Carried, then found at a flick's speed from where the hand set it down, but by the hand
  // still (a pyramid: PieceTracker::Measure): the sample where the hand set it down. The next
  // step tells: one hurled from there goes on, one the hand set down where it was found stays.
  std::optional<PathSample> maybe_hurled_from;
  bool hidden = false;  // under the hand in the latest frame
  // A blob first seen between shots clear of any hand (TrackerOptions::clear_of_hand_mm),
  // with no hand in view since.
  bool clear_of_hand = false;
  double seen_s = 0;  // time of its latest measurement
  // ... that said what it is (a blob says only that something is there: by a hand, it may be
  // a fingertip where the piece was flicked from)
  double read_s = 0;
  // ... by a full detection's own fit (a piece of the set, not a blob), or -1
  double found_s = -1;
  // While it rests and blobs measure it off its place by more than `start_mm` (within their
  // wider gate: it may have left already, a blob by the hand being its blur), when it was last
  // measured surely in place; none once a measurement finds it there again.
  std::optional<double> surely_in_place_s;
  double moving_since_s = 0;
  double rest_since_s = 0;
  // When its place was last seen empty while it rested (TrackerFrame::vacated), or -1.
  double vacated_s = -1;
  // When it was last seen at its place before its path (earlier than the path's start when a
  // hand hid it as it was flicked); unknown for a path that did not start from its place.
  std::optional<double> left_seen_s;
  // The way the hand that flicked it pushed it (FlickPush), when a hand was by it as it
  // started moving.
  std::optional<rules::Vec2> pushed_toward;
  int misses = 0;  // frames in a row it was expected but not measured
  int quiet = 0;   // short steps in a row while moving
  // This shot's path: its rest position (at the last frame it rested), then one sample per
  // frame it was measured.
  std::vector<PathSample> path;
  void ClearPath() {
    path.clear();
    left_seen_s.reset();
    pushed_toward.reset();
  }
  int carrier = -1;  // the track it stands on (a stacked pyramid), or -1
  std::map<std::string, double> identity_votes;
  // It moved since it was last read at rest: the next sure reading at rest says what it is
  // (a coin flipped over, or put down in the place of another the hand took up).
  bool read_again = false;
  // Set down by a hand and not read at rest since: the identity it keeps is the one it had
  // before the hand took it up, and the hand may have put another piece in its place.
  bool set_down_unread = false;

  bool Identified() const { return !identity_votes.empty(); }
};

enum class TrackerPhase {
  kSettled,   // at rest, the table known
  kChanging,  // something changed between shots (a hand, a piece put down); settling
  kShot,      // a shot is under way (or its pieces are settling)
  kBlind,     // the latest frame did not show the table
};
const char* ToString(TrackerPhase phase);

struct TrackEvent {
  enum class Type {
    kShotStarted,   // `track` started moving: a shot began
    kContact,       // `track` touched `other` (found from the paths, a frame or two late)
    kLeftTable,     // `track` left the table (or the camera's view) while moving
    kLost,          // `track` vanished where it cannot have left the table
    kShotEnded,     // everything is at rest again: `shot`
    kTableChanged,  // between shots, pieces were put down, taken away or moved by hand: `table`
  };
  Type type = Type::kShotStarted;
  double time_s = 0;
  int track = -1;
  int other = -1;
  bool uncertain = false;  // kContact: possible, not seen (ObservedContact::uncertain)
  ShotObservation shot;
  TableObservation table;
};
const char* ToString(TrackEvent::Type type);

// Keeps the identity of pieces across frames, tells motion from jitter (hysteresis per
// piece and for the table), cuts shots from the first movement to everything at rest again,
// finds contacts and pieces leaving the table from the paths, and pauses while a hand is
// over the table: pieces it hides are kept, pieces it carries start no shot, and no shot
// ends until it has gone.
//
// Pure geometry on the analyzers' measurements (TrackerFrame): no images.
class PieceTracker {
 public:
  explicit PieceTracker(TrackerOptions options = {});

  // Takes one frame's evidence; returns what happened, in order.
  std::vector<TrackEvent> Update(const TrackerFrame& frame);

  // Whether the next frame should be a full detection (TrackerFrame::complete): the table
  // has been quiet for a few frames since something changed, or for a while.
  bool WantsFullDetection(double time_s) const;
  // Where the pieces that moved in the shot under way came to rest, or were last seen when lost
  // from sight on the table (a full detection is told to look hard there:
  // PieceDetector::Detect), table mm; none outside a shot.
  std::vector<rules::Vec2> RestingMovers() const;
  // Whether the table is quiet now (no piece moving, no motion for `settle_frames` frames).
  bool Quiet() const { return quiet_ >= options_.settle_frames; }

  TrackerPhase Phase() const { return phase_; }
  bool InShot() const { return shot_.has_value(); }
  const std::vector<Track>& Tracks() const { return tracks_; }
  const Track* FindTrack(int id) const;
  // Where a track is expected at `time_s`: its rest place, or ahead along its motion (turned
  // where a coin strikes a resting coin, or bounces off a tile, on its way).
  rules::Vec2 Predict(const Track& track, double time_s) const;
  // The pieces on the table now (track ids set; at rest: their rest places).
  TableObservation Table(double time_s) const;
  // The table at the last settled full detection.
  const TableObservation& RestTable() const { return rest_table_; }
  // The shot under way: the table before it and its movers so far.
  const std::optional<ShotObservation>& CurrentShot() const { return shot_; }
  const TrackerOptions& Options() const { return options_; }
  // Whether the hand in `frame` hides any of the track (at its rest place, or where it was last
  // seen moving).
  bool Hidden(const Track& track, const TrackerFrame& frame) const;

  // Forgets every piece (the camera moved: nothing measured before compares).
  void Reset();

 private:
  struct Assignment;

  std::vector<int> Associate(const TrackerFrame& frame);
  // The first resting coin a moving coin strikes on its way to `time_s`, if any (Strike), and
  // what the strike does.
  struct StrikeAhead {
    StrikeOutcome outcome;
    int struck = -1;  // track id
  };
  std::optional<StrikeAhead> StrikeOnTheWay(const Track& striker, double time_s) const;
  // Predict without a strike: at rest, or on along its motion (bounced off a tile).
  rules::Vec2 Onward(const Track& track, double time_s) const;
  // Where each track is expected at a frame's time (Predict), and where a resting one struck on
  // a mover's way is sent.
  struct Expected {
    rules::Vec2 at;
    std::optional<rules::Vec2> struck_to;
  };
  std::vector<Expected> Expect(double time_s) const;  // tracks_ order
  void Measure(Track& track, const ObservedPiece& piece, const TrackerFrame& frame,
               std::vector<TrackEvent>& events);
  // How much farther than `reacquire_mm` a measurement `piece` may lie from `track`: a
  // resting track whose place this frame saw empty may have been struck unseen since it was
  // last seen (TrackerOptions::vacated_speed_mm_s); none for a blob within
  // `clear_of_hand_mm` of the hand, as this frame or the last showed it.
  double LeftUnseenReach(const Track& track, const ObservedPiece& piece,
                         const TrackerFrame& frame) const;
  // The way a flick pushed a piece resting `at` (FlickPush), from the hand as this frame and
  // the last showed it.
  std::optional<rules::Vec2> PushedAt(rules::Vec2 at, const TrackerFrame& frame) const;
  // Below this speed a piece moving under a hand is carried, not flicked (or hurled).
  double FlickSpeed(const Track& track) const;
  // How far a piece set down by the hand may seem to move from sample `a` to `b` as the hand
  // withdraws from it.
  double SetDownShiftMm(const Track& track, const PathSample& a, const PathSample& b) const;
  // A carried track flicked (or hurled) from `set_down`, where the hand set it down: its
  // shot starts there.
  void FlickedFromUnderTheHand(Track& track, const PathSample& set_down,
                               const TrackerFrame& frame) const;
  // `last_seen_s`: when the track was last measured at its place; `rest_sigma_mm`: the sigma
  // of that place (the path's first sample).
  void StartMoving(Track& track, const ObservedPiece& piece, const TrackerFrame& frame,
                   double last_seen_s, double rest_sigma_mm);
  void Vanish(size_t index, const TrackerFrame& frame, std::vector<TrackEvent>& events);
  // A new measurement that reads like a piece lifted from its place a moment ago (or a blur
  // when only one piece of its kind was lifted): that piece, landed (true); its track
  // resumes, moving if it landed elsewhere.
  bool Land(const ObservedPiece& piece, const TrackerFrame& frame, std::vector<TrackEvent>& events);
  // A new measurement during a shot that is a piece lost from sight earlier in it: the lost
  // track comes back (true), else false.
  bool Revive(const ObservedPiece& piece, const TrackerFrame& frame,
              std::vector<TrackEvent>& events);
  // On the full detection that closes a shot: a piece that turned up during the shot (a
  // blur tied to nothing, or a detection far from every track) and reads like a piece lost
  // from sight in it is that piece, and takes its track, so the shot's before and after
  // tables name it alike.
  void ReclaimLost();
  // Part of ReclaimLost: a piece that vanished from its place unseen (a hand hid it) while a
  // blur of its kind flew off the table on a line running back over that place (or to a piece
  // it may have struck on its way from there: ReboundsOffAPiece) was flicked from under the
  // hand: the blur was that piece, and its track takes the blur's path.
  void ClaimBlursFlickedUnseen();
  // Whether a piece like `lost`, first seen at `first` come the way `back` points away from,
  // may have struck a resting piece on that line no farther back than `reach` takes it by
  // way of `lost`'s place.
  bool ReboundsOffAPiece(const Track& lost, rules::Vec2 first, rules::Vec2 back,
                         double reach) const;
  // Part of ReclaimLost: a piece lost from sight on its way (a rebound it was not followed
  // through), then a blur of its kind never read, seen within the piece's reach since, that
  // flew off the table: the blur was that piece from then on.
  void ClaimBlursAfterALoss();
  // `lost` takes `blur`'s path from sample `from` on after its own, and its place in the
  // shot's lists and contacts.
  void AdoptBlur(Track& lost, const Track& blur, size_t from);
  // Whether track `id` left the table in the shot under way.
  bool LeftTheTable(int id) const;
  // The shot's contacts reported for track `from` are `to`'s.
  void RenameInContacts(int from, int to);
  // On the shot's end: a blur never read that ran alongside a piece that moved, within the
  // piece's width at every frame both were seen (a streak split in two blobs), was that
  // piece: its contacts are the piece's, and it is no piece of its own.
  void MergeTwinBlurs();
  // On the shot's end (the look closing it at `time_s`): a blur never read that moved in the
  // shot and was not found again, where that look finds a known piece of its kind that rested
  // elsewhere before the shot, within reach of where the blur set off, and was never followed
  // moving: the piece, its place left unseen under the hand that flicked it. Its contacts are
  // the piece's.
  void MergeBlursFoundAsKnownPieces(double time_s);
  // Forgets the blurs merged into the pieces they were: no mover, track or loss of the shot.
  void DropMergedBlurs(const std::vector<int>& ids);
  // Whether a piece lost from sight in this shot (not off the table) is still missing.
  bool LostPieceMissing() const;
  // Whether every piece the shot under way moved and that is still on the table rests in
  // sight, TrackerOptions::rest_clear_of_hand_mm or more from the hand in `frame`.
  bool MoversRestClearOfHand(const TrackerFrame& frame) const;
  // The piece lost in this shot nearest to `at` (within `reach_mm`) that `eligible` accepts,
  // or departed_.end().
  std::map<int, Track>::iterator NearestDeparted(rules::Vec2 at, double reach_mm,
                                                 const std::function<bool(const Track&)>& eligible);
  void StartShot(const Track& track, const TrackerFrame& frame, std::vector<TrackEvent>& events);
  void EndShot(const TrackerFrame& frame, std::vector<TrackEvent>& events);
  // Removes blurs that never went anywhere (TrackerOptions::still_blur_mm).
  void DropStillBlurs();
  // Whether a blur was measured where one was dropped lately (the same change, still there).
  bool AtStillBlur(const ObservedPiece& piece, double time_s);
  void Settle(const TrackerFrame& frame, std::vector<TrackEvent>& events);
  void ReportNewContacts(double time_s, std::vector<TrackEvent>& events);
  std::vector<struct ShotPiece> ShotPieces() const;
  // Whether `footprint` lies within TrackerOptions::hand_touch_mm of what a hand hides.
  bool TouchesHand(const rules::Footprint& footprint, const TrackerFrame& frame) const;
  // Outside a shot, counts the frames in a row that found a resting track's place empty
  // (TrackerFrame::vacated): true once there were TrackerOptions::lost_frames, and the piece
  // was taken up unseen.
  bool TakenUnseen(Track& track, const TrackerFrame& frame) const;
  bool NearEdge(rules::Vec2 position) const;
  // Whether `footprint` lies within `gap_mm` of what the hand hid in the frames of the last
  // `flight_s` before this one.
  bool WhereTheHandWas(const rules::Footprint& footprint, double gap_mm) const;
  // Whether a hand in view now, in the last frame or in those of the last `flight_s` came within
  // TrackerOptions::hand_reach_mm of `footprint` (or is in view where the frame does not say).
  bool WithinHandReach(const rules::Footprint& footprint, const TrackerFrame& frame) const;
  // Whether a track other than `track` (on the table or gone in this shot) is `piece`.
  bool HeldByAnother(const Track& track, const ObservedPiece& piece) const;
  // Whether a coin lost from sight as it slid was going too fast to stop short of the edge,
  // with nothing in its way.
  bool SlidOffTheEdge(const Track& track) const;
  // Whether `track`'s path in this shot is a flight: seen three times or more, across more
  // than the edge band, at a flick's speed, ever farther from where it started (or from the
  // last tile it was seen to strike).
  bool FlewOff(const Track& track) const;
  // Whether `track`'s path in this shot holds a flight: a run of two steps or more, each
  // within `flight_s` and at a flick's speed or faster, that took it `flight_mm` or farther
  // (one step is a piece lifted and set down as well as one hurled unseen).
  bool Flew(const Track& track) const;
  // The index in `track`'s path nearest the last contact with a tile reported for it this
  // shot (not an uncertain one), or 0.
  size_t LastTileStrike(const Track& track) const;
  double Speed(const Track& track) const;
  ObservedPiece PieceAt(const Track& track, rules::Vec2 position) const;
  Track& NewTrack(const ObservedPiece& piece, const TrackerFrame& frame);
  Track* FindMutableTrack(int id);
  // The track `id` on the table, or the one that left it or was lost in the shot under way.
  const Track* ShotTrack(int id) const;
  // Sets each piece's on_top_of (an index in `table`) from the tracks' carriers.
  void LinkCarriers(TableObservation& table) const;

  TrackerOptions options_;
  std::vector<Track> tracks_;
  int next_id_ = 0;
  TrackerPhase phase_ = TrackerPhase::kChanging;
  int quiet_ = 0;
  bool dirty_ = true;  // something may have changed since the last full detection
  double last_time_s_ = 0;
  double last_full_s_ = -1e9;
  bool started_ = false;
  bool hand_ = false;                     // a hand was over the table in the latest frame
  bool hand_before_ = false;              // ... and in the frame before it
  std::vector<rules::Polygon> hand_hid_;  // what it hid then (TrackerFrame::hidden)
  // What the hand hid in the frames of the last `flight_s` it was in view (time, areas).
  std::vector<std::pair<double, std::vector<rules::Polygon>>> recent_hand_;
  std::vector<rules::Polygon> obstacles_;  // the tiles at rest after the last frame
  int first_new_id_ = 0;                   // tracks from this id on were born in the current frame
  TableObservation rest_table_;
  std::optional<ShotObservation> shot_;
  // Pieces of the shot's table set down by a hand and not read since (Track::set_down_unread):
  // once read at rest, their reading names them in the shot's table before too.
  std::vector<int> unread_before_;
  // Contacts already reported in this shot: the shot keeps them even if the finished paths
  // (refined anew with every sample) no longer show them.
  std::vector<ObservedContact> reported_contacts_;
  std::map<int, Track> departed_;  // tracks that left or were lost during the shot
  // Full detections of the settled table this shot has had without ending (lost_looks).
  int closing_looks_ = 0;
  // Resting pieces that vanished under a hand between shots (TrackerOptions::flight_s).
  std::vector<Track> lifted_;
  // Where blurs that went nowhere were dropped, and when (TrackerOptions::still_blur_mm).
  std::vector<PathSample> still_blurs_;
};

}  // namespace tabref::vision
