#pragma once

#include <functional>
#include <map>
#include <memory>
#include <opencv2/core.hpp>
#include <optional>
#include <set>
#include <vector>

#include "calibration/table_calibration.h"
#include "calibration/table_mapping.h"
#include "vision/detect/coin_fit.h"
#include "vision/detect/hand_detector.h"
#include "vision/detect/piece_detector.h"
#include "vision/detect/stage_timer.h"
#include "vision/detect/top_view.h"
#include "vision/track/piece_tracker.h"
#include "vision/track/tracker_frame.h"

namespace tabref::vision {

struct CameraAnalyzerOptions {
  // Scale of the cheap top view every frame is resampled into (px/mm): coarse, since it
  // only has to show what changed; positions at rest come from the full detector.
  double motion_px_per_mm = 0.5;
  // Colour change (8-bit, largest over the channels) from the background that shows a piece
  // moved there, and from the previous frame that counts as motion.
  double change_threshold = 30;
  double motion_threshold = 16;
  // Between full detections, a change above this joined to one above `change_threshold` is
  // part of the same blob (a blurred piece's faint edges and low-contrast parts).
  double faint_change_threshold = 18;
  // A pixel that stayed unchanged this many frames joins the background (a stopped piece, a
  // vacated place) ...
  int absorb_frames = 15;
  // ... also under a hand (a hand that never moves is no hand; this heals a background
  // taken with a hand in it).
  int absorb_hand_frames = 75;
  // Motion (image share in mm^2) below this is noise.
  double min_motion_mm2 = 60;
  // A blob of change counts as a piece when it covers at least this share of the piece's
  // footprint (a coin blurred by motion spreads thin) and at most `max_blob_mm2`.
  double min_blob_share = 0.3;
  double max_blob_mm2 = 12000;
  // A resting piece whose place changed on more than this share of its inner disc was moved.
  double disturbed_share = 0.45;
  // Coins slower than this are re-fitted with the coin fitter (motion blur under 2 mm).
  double refit_below_mm_s = 120;
  // The kinds of piece the tracker is given from full detections, and what an unexplained
  // moving blob is taken for. Coins and pyramids are measured frame by frame (blobs; coins
  // re-fitted), tiles only at full detections; the detector still uses the tiles to measure
  // coins lying on them.
  std::vector<ObservedKind> tracked_kinds{ObservedKind::kCoin};
  // A coin followed as a blur that a full detection finds by its rim but does not recognise
  // (a small or faint face) takes the face it reads best when that matches at least this well
  // (CoinFaceOptions::min_match is the detector's bar).
  double weak_face_match = 0.3;
  // A coin candidate turned down at its fit this many full detections in a row, its place
  // unchanged and no coin found there, is turned down from then on without fitting while the
  // place stays so (DetectionHints::unchanged_coin_misses_mm), except where the tracker has a
  // coin. More than one: a faint coin the first look missed gets the looks a lost piece is
  // given (TrackerOptions::lost_looks).
  int coin_misses_before_skip = 3;
  HandDetectorOptions hand;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// What the camera analysis of one frame cost, stage by stage.
struct FrameCosts {
  std::vector<StageTiming> stages;  // view, background, hand, motion, measure, detect
  bool full_detection = false;
  double TotalMs() const;
};

// The camera's side of tracking: turns each frame into the tracker's evidence cheaply enough
// for 30 frames per second. Every frame is resampled into a coarse top view and compared
// with a background of the table (hands, motion); pieces the tracker follows are measured
// near where it expects them (the change blob, re-fitted with the coin fitter when slow); a
// full detection (PieceDetector) runs only when the tracker asks, when the table has
// settled.
class CameraAnalyzer {
 public:
  CameraAnalyzer(std::shared_ptr<PieceDetector> detector, CameraAnalyzerOptions options = {});

  // Prepares for frames through this calibration (views, background reset).
  void SetCalibration(const calibration::TableCalibration& calibration);
  bool HasCalibration() const { return mapping_ != nullptr; }

  // The evidence of one BGR 8-bit frame for `tracker` (which it reads, never changes).
  TrackerFrame Analyze(const cv::Mat& frame, double time_s, const PieceTracker& tracker);

  // The area pieces are seen in (table frame, mm): the tracker's TrackerOptions::area.
  rules::Polygon Area() const;
  const FrameCosts& LastCosts() const { return costs_; }
  const HandDetection& LastHand() const { return hand_; }
  const Detection& LastDetection() const { return detection_; }
  // What the last full detection was told (DetectionHints).
  const DetectionHints& LastHints() const { return hints_; }
  const CameraAnalyzerOptions& Options() const { return options_; }
  PieceDetector& Detector() { return *detector_; }
  const PieceDetector& Detector() const { return *detector_; }

 private:
  void UpdateBackground(const cv::Mat& view, const cv::Mat& change_prev);
  double InnerDiscShare(const cv::Mat& mask, rules::Vec2 at_mm, double radius_mm) const;
  // A place where full detections turned a coin candidate down at its fit, and how many times
  // in a row while it stayed as it was.
  struct CoinMiss {
    rules::Vec2 at;
    int times = 1;
  };
  // The remembered misses where nothing `changed` (a top-view mask) since the last full
  // detection, clear of the hand.
  std::vector<CoinMiss> UnchangedCoinMisses(
      const cv::Mat& changed, const std::function<bool(rules::Vec2)>& under_hand) const;
  // What a full detection is told: where the tracker saw pieces come to rest or lose sight
  // of them, and the `unchanged_misses` turned down often enough, away from tracked coins.
  DetectionHints HintsFor(const PieceTracker& tracker,
                          const std::vector<CoinMiss>& unchanged_misses) const;
  // After a full detection: the `unchanged` misses, counted again where it turned a candidate
  // down again and dropped where it found a coin, and the places it turned one down first.
  void RememberCoinMisses(std::vector<CoinMiss> unchanged);
  // After a full detection: how the places of the `pieces` it passed on look in `view`.
  void RememberConfirmed(const cv::Mat& view, const std::vector<ObservedPiece>& pieces);
  std::optional<ObservedPiece> MeasureMoving(const Track& track, rules::Vec2 predicted,
                                             double reach_mm, const cv::Mat& frame,
                                             const cv::Mat& candidates, bool refit, bool from_rest);
  // `track`'s piece at `at`, as the tracker knows it (not measured again).
  ObservedPiece Kept(const Track& track, rules::Vec2 at) const;
  // Gives `coin` the face it reads best, with a low confidence, when that reads well enough
  // (CameraAnalyzerOptions::weak_face_match).
  void ReadWeakFace(ObservedPiece& coin, const cv::Mat& frame) const;
  std::optional<ObservedPiece> Refit(const Track& track, rules::Vec2 near,
                                     const cv::Mat& frame) const;
  rules::Vec2 ToTable(const cv::Point2d& view_px, double height_mm) const;
  // The height of a piece of this kind (mm), whose middle a blob of change is lifted to.
  double HeightOf(ObservedKind kind) const;
  // What an unexplained moving blob of this area (mm^2) is, among the tracked kinds, and the
  // piece it is measured as.
  ObservedKind BlobKind(double area_mm2) const;
  bool Tracked(ObservedKind kind) const;  // one of options_.tracked_kinds
  ObservedPiece BlobPiece(ObservedKind kind, rules::Vec2 at, double area_mm2) const;
  double RadiusOf(const Track& track) const;
  // Whether `piece` of `detection`, the upper of two pyramids of one colour and size read
  // nested (a catapult), is a single one the tracker follows, read twice: it rests alone
  // there and nothing put a piece on it (no more than `disturbed_share` of its place in
  // `changed` since the last full detection).
  bool ReadTwice(const ObservedPiece& piece, const Detection& detection,
                 const std::vector<Track>& tracks, const cv::Mat& changed) const;

  std::shared_ptr<PieceDetector> detector_;
  CameraAnalyzerOptions options_;
  std::unique_ptr<calibration::TableMapping> mapping_;
  std::unique_ptr<TopView> view_;
  cv::Rect2d between_markers_mm_;  // the table between the markers' centres
  cv::Mat background_;             // BGR top view of the table without what moves
  cv::Mat previous_;               // last frame's top view
  cv::Mat settled_;                // the top view at the last full detection
  // The top view where each piece's place looked as it did when a full detection last found
  // it there: a piece the hand hid from the last one is kept only if its place still looks
  // as it did before the hand came (held-out Ice Boule seed 1 with the tidying hand: an end
  // cleared under the hand, its places empty since, was kept as still there).
  cv::Mat confirmed_;
  // Tracks the last full detection kept without detecting or fitting them.
  std::set<int> unconfirmed_;
  // Tracks whose place was found empty since the last full detection, and that place (table
  // mm): not kept as still there when the place later looks as the background does (the
  // running background absorbs an empty place within `absorb_frames`), and a change centred
  // on it is no other piece's blob.
  std::map<int, rules::Vec2> vacated_since_detection_;
  // Places the hand hid a frame ago that this frame shows changed over a share of their inner
  // disc above kVacatedShare (table mm): a piece flicked from under the hand left them
  // (held-out Ppolf seed 91), and a change centred on one is no other piece's blob.
  std::vector<rules::Vec2> left_unseen_;
  // Where the last full detection found pieces (table mm).
  std::vector<rules::Vec2> detected_places_;
  // Where full detections turned coin candidates down at their fit, unchanged since (table
  // mm): a place's candidates vary with the sensor's noise, so they are gathered over
  // detections while the place stays as it was.
  std::vector<CoinMiss> coin_misses_;
  cv::Mat stable_;      // CV_16U: frames each pixel stayed unchanged
  cv::Mat hand_reach_;  // last frame's hands with their hulls filled (HandDetection::reach)
  HandDetector hands_;
  HandDetection hand_;
  Detection detection_;
  DetectionHints hints_;
  FrameCosts costs_;
  // Unexplained moving blobs of the last frame, confirmed when the next frame has one near.
  std::vector<rules::Vec2> candidates_;
  double candidates_time_s_ = 0;  // the frame they were found in
  bool reset_background_ = true;
};

// The detected pieces no track expects within `gate_mm` of where it rests (or is, moving):
// pieces that moved unseen. A track expects only pieces of its kind, and a pyramid track of
// a known colour only pyramids of that colour (its blurs may have followed the pyramid it
// struck: held-out Ice Boule seed 58's pushed target).
std::vector<ObservedPiece> UnexpectedPieces(const std::vector<ObservedPiece>& found,
                                            const std::vector<Track>& tracks, double gate_mm);

}  // namespace tabref::vision
