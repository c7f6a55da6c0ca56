#include "vision/track/camera_analyzer.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <stdexcept>
#include <string>

#include "vision/detect/components.h"
#include "vision/track/change_blob.h"
#include "vision/track/contacts.h"
#include "vision/track/hand_blobs.h"
#include "vision/track/hysteresis_mask.h"

namespace tabref::vision {
namespace {

void Require(bool ok, const char* field, const char* range) {
  if (!ok) {
    throw std::invalid_argument(std::string("CameraAnalyzerOptions.") + field + " must be " +
                                range);
  }
}

// A refit must land this close to where the piece was expected (mm).
constexpr double kRefitReachMm = 4;
// Vacated places are blanked this far beyond the piece's radius (mm).
constexpr double kVacatedMarginMm = 2.5;
// A resting piece's place changed on more than this share of its inner disc may be vacated:
// no blob there is another piece (lower than the share that makes it disturbed).
constexpr double kVacatedShare = 0.2;
// An unexplained blob is confirmed by one in the next frame as far as a flicked coin goes in
// the time between them (fresh Ppolf seed 265: 5.1 m/s off the tee, 170 mm a frame at 30 fps),
// but no less than this (mm) and no more than twice it (a frame dropped).
constexpr double kConfirmReachMm = 150;
constexpr double kConfirmSpeedMmS = 6000;
// A resting piece measured this many diameters away one frame later must look blurred.
constexpr double kLeapDiameters = 1.5;
// A face read below the detector's bar votes this share of its score (a recognised face votes
// its confidence, up to 1).
constexpr double kWeakFaceVote = 0.25;
// A moving coin's change in parts each under this share of its area is one blob of them.
constexpr double kCoinPartShare = 0.5;
// A disc of this share of a piece's radius tells whether its place changed.
constexpr double kInnerDisc = 0.6;
// A track rests where a full detection found a piece when it is this close (mm).
constexpr double kSamePlaceMm = 2;
// A change centred within this share of a piece's radius (or kSamePlaceMm) of a place another
// piece left is that place.
constexpr double kLeftPlaceShare = 0.25;
// A blob of motion joined to the hand is the hand's where this share of it looks like skin (a
// coin's blur, its colour mixed with the table's, less).
constexpr double kHandBlobSkinShare = 0.5;

}  // namespace

void CameraAnalyzerOptions::Check() const {
  Require(motion_px_per_mm >= 0.2 && motion_px_per_mm <= 3, "motion_px_per_mm", "in 0.2..3");
  Require(change_threshold > 0 && change_threshold < 255, "change_threshold", "in (0, 255)");
  Require(motion_threshold > 0 && motion_threshold < 255, "motion_threshold", "in (0, 255)");
  Require(faint_change_threshold > 0 && faint_change_threshold <= change_threshold,
          "faint_change_threshold", "in (0, change_threshold]");
  Require(absorb_frames >= 2 && absorb_frames <= 1000, "absorb_frames", "in 2..1000");
  Require(absorb_hand_frames >= absorb_frames && absorb_hand_frames <= 10000, "absorb_hand_frames",
          "in absorb_frames..10000");
  Require(min_motion_mm2 >= 0, "min_motion_mm2", "at least 0");
  Require(coin_misses_before_skip >= 1, "coin_misses_before_skip", "at least 1");
  Require(min_blob_share > 0 && min_blob_share <= 1, "min_blob_share", "in (0, 1]");
  Require(max_blob_mm2 > 0, "max_blob_mm2", "positive");
  Require(disturbed_share > 0 && disturbed_share < 1, "disturbed_share", "in (0, 1)");
  Require(refit_below_mm_s >= 0, "refit_below_mm_s", "at least 0");
  Require(!tracked_kinds.empty(), "tracked_kinds", "not empty");
  Require(weak_face_match >= 0 && weak_face_match <= 1, "weak_face_match", "in 0..1");
  hand.Check();
}

double FrameCosts::TotalMs() const {
  double total = 0;
  for (const StageTiming& stage : stages) total += stage.ms;
  return total;
}

CameraAnalyzer::CameraAnalyzer(std::shared_ptr<PieceDetector> detector,
                               CameraAnalyzerOptions options)
    : detector_(std::move(detector)), options_(options), hands_(options.hand) {
  options_.Check();
}

void CameraAnalyzer::SetCalibration(const calibration::TableCalibration& calibration) {
  detector_->SetCalibration(calibration);
  mapping_ = std::make_unique<calibration::TableMapping>(calibration);
  view_ = std::make_unique<TopView>(*mapping_,
                                    TableViewArea(calibration, detector_->Options().view_margin_mm),
                                    options_.motion_px_per_mm);
  between_markers_mm_ = TableViewArea(calibration, 0);
  reset_background_ = true;
  candidates_.clear();
}

rules::Polygon CameraAnalyzer::Area() const {
  const cv::Rect2d area = view_->Area();
  return rules::Polygon{{{area.x, area.y},
                         {area.x + area.width, area.y},
                         {area.x + area.width, area.y + area.height},
                         {area.x, area.y + area.height}}};
}

rules::Vec2 CameraAnalyzer::ToTable(const cv::Point2d& view_px, double height_mm) const {
  const cv::Point2d lifted = view_->LiftTo(view_->ToTable(view_px), height_mm);
  return {lifted.x, lifted.y};
}

double CameraAnalyzer::HeightOf(ObservedKind kind) const {
  const PieceSet& set = detector_->Set();
  switch (kind) {
    case ObservedKind::kCoin:
      return set.coin_thickness_mm;
    case ObservedKind::kTile:
      return 6.35;
    case ObservedKind::kPyramid:
      return 15;
  }
  return 0;
}

bool CameraAnalyzer::Tracked(ObservedKind kind) const {
  return std::find(options_.tracked_kinds.begin(), options_.tracked_kinds.end(), kind) !=
         options_.tracked_kinds.end();
}

ObservedKind CameraAnalyzer::BlobKind(double area_mm2) const {
  if (Tracked(ObservedKind::kPyramid) && !Tracked(ObservedKind::kCoin))
    return ObservedKind::kPyramid;
  const double tile_side = detector_->Set().tile_side_mm;
  return area_mm2 > 0.6 * tile_side * tile_side ? ObservedKind::kTile : ObservedKind::kCoin;
}

ObservedPiece CameraAnalyzer::BlobPiece(ObservedKind kind, rules::Vec2 at, double area_mm2) const {
  const PieceSet& set = detector_->Set();
  ObservedPiece piece;
  piece.kind = kind;
  piece.position_mm = at;
  piece.sigma_mm = 1.0 / view_->Scale();
  piece.confidence = 0;
  switch (kind) {
    case ObservedKind::kTile:
      piece.footprint = rules::Square(at, set.tile_side_mm, 0);
      break;
    case ObservedKind::kCoin:
      piece.footprint = rules::Circle{at, 0.5 * set.coin_diameter_mm};
      break;
    case ObservedKind::kPyramid: {
      // Which size it is the next full detection tells: a disc of the blob's area, within the
      // sizes of the set.
      double smallest = 1e9;
      double largest = 0;
      for (const PyramidSize& size : set.pyramid_sizes) {
        smallest = std::min(smallest, 0.5 * size.base_mm);
        largest = std::max(largest, 0.5 * size.base_mm);
      }
      const double radius = std::sqrt(area_mm2 / CV_PI);
      piece.footprint =
          rules::Circle{at, largest > 0 ? std::clamp(radius, smallest, largest) : radius};
      break;
    }
  }
  return piece;
}

double CameraAnalyzer::RadiusOf(const Track& track) const {
  return rules::EquivalentRadius(track.piece.footprint);
}

double CameraAnalyzer::InnerDiscShare(const cv::Mat& mask, rules::Vec2 at_mm,
                                      double radius_mm) const {
  const cv::Point2d centre = view_->ToPixel({at_mm.x, at_mm.y});
  const double r = std::max(1.0, radius_mm * view_->Scale());
  int inside = 0;
  int set = 0;
  for (int y = static_cast<int>(std::floor(centre.y - r)); y <= centre.y + r; ++y) {
    if (y < 0 || y >= mask.rows) continue;
    const auto* row = mask.ptr<uchar>(y);
    for (int x = static_cast<int>(std::floor(centre.x - r)); x <= centre.x + r; ++x) {
      if (x < 0 || x >= mask.cols) continue;
      if ((x - centre.x) * (x - centre.x) + (y - centre.y) * (y - centre.y) > r * r) continue;
      ++inside;
      if (row[x] != 0) ++set;
    }
  }
  return inside > 0 ? static_cast<double>(set) / inside : 0;
}

std::vector<CameraAnalyzer::CoinMiss> CameraAnalyzer::UnchangedCoinMisses(
    const cv::Mat& changed, const std::function<bool(rules::Vec2)>& under_hand) const {
  const PieceSet& set = detector_->Set();
  // The fit looks for a rim this far around a candidate.
  const double reach =
      0.5 * set.coin_diameter_mm + detector_->Options().coin_second_reach_mm + kVacatedMarginMm;
  std::vector<CoinMiss> unchanged;
  for (const CoinMiss& miss : coin_misses_) {
    if (!under_hand(miss.at) && InnerDiscShare(changed, miss.at, reach) == 0)
      unchanged.push_back(miss);
  }
  return unchanged;
}

bool CameraAnalyzer::ReadTwice(const ObservedPiece& piece, const Detection& detection,
                               const std::vector<Track>& tracks, const cv::Mat& changed) const {
  if (changed.empty() || piece.kind != ObservedKind::kPyramid || !piece.on_top_of) return false;
  const ObservedPiece& lower = detection.pieces.at(static_cast<size_t>(*piece.on_top_of));
  if (lower.colour != piece.colour || lower.size != piece.size) return false;
  return std::any_of(tracks.begin(), tracks.end(), [&](const Track& single) {
    const bool carries = std::any_of(tracks.begin(), tracks.end(), [&](const Track& other) {
      return other.carrier == single.id;
    });
    return !single.moving && single.carrier < 0 && !carries &&
           single.piece.colour == piece.colour &&
           rules::Distance(single.rest, lower.position_mm) < RadiusOf(single) &&
           InnerDiscShare(changed, single.rest, kInnerDisc * RadiusOf(single)) <=
               options_.disturbed_share;
  });
}

DetectionHints CameraAnalyzer::HintsFor(const PieceTracker& tracker,
                                        const std::vector<CoinMiss>& unchanged_misses) const {
  DetectionHints hints;
  hints.expected_mm = tracker.RestingMovers();
  // Where the tracker has a coin, a coin the fit turned down is looked at every time.
  const std::vector<Track>& tracks = tracker.Tracks();
  const auto near_a_tracked_coin = [&](rules::Vec2 at) {
    return std::any_of(tracks.begin(), tracks.end(), [&](const Track& track) {
      return track.piece.kind == ObservedKind::kCoin &&
             rules::Distance(track.moving ? track.piece.position_mm : track.rest, at) <
                 2 * RadiusOf(track);
    });
  };
  for (const CoinMiss& miss : unchanged_misses) {
    if (miss.times >= options_.coin_misses_before_skip && !near_a_tracked_coin(miss.at))
      hints.unchanged_coin_misses_mm.push_back(miss.at);
  }
  return hints;
}

void CameraAnalyzer::RememberCoinMisses(std::vector<CoinMiss> unchanged) {
  const double same_mm = detector_->Options().unchanged_miss_reach_px / detector_->View().Scale();
  std::vector<bool> again(unchanged.size(), false);
  std::vector<CoinMiss> first_misses;
  for (const RejectedCandidate& rejected : detection_.rejected) {
    if (rejected.kind != ObservedKind::kCoin || rejected.stage != "fit") continue;
    bool known = false;
    for (size_t i = 0; i < unchanged.size(); ++i) {
      if (rules::Distance(unchanged[i].at, rejected.table_mm) > same_mm) continue;
      known = true;
      again[i] = true;
    }
    if (!known) first_misses.push_back({rejected.table_mm, 1});
  }
  for (size_t i = 0; i < unchanged.size(); ++i) {
    if (again[i]) ++unchanged[i].times;
  }
  // A coin found where candidates were turned down before: they were its own.
  const double coin_radius = 0.5 * detector_->Set().coin_diameter_mm;
  std::erase_if(unchanged, [&](const CoinMiss& miss) {
    return std::any_of(detection_.pieces.begin(), detection_.pieces.end(),
                       [&](const ObservedPiece& piece) {
                         return piece.kind == ObservedKind::kCoin &&
                                rules::Distance(piece.position_mm, miss.at) < coin_radius;
                       });
  });
  coin_misses_ = std::move(unchanged);
  coin_misses_.insert(coin_misses_.end(), first_misses.begin(), first_misses.end());
}

std::optional<ObservedPiece> CameraAnalyzer::Refit(const Track& track, rules::Vec2 near,
                                                   const cv::Mat& frame) const {
  if (track.piece.kind != ObservedKind::kCoin) return std::nullopt;
  const PieceSet& set = detector_->Set();
  const double radius = 0.5 * set.coin_diameter_mm;
  const CoinFit fit = FitCoin(frame, *mapping_, {near.x, near.y}, radius, set.coin_thickness_mm, 0,
                              detector_->Options().coin_fit);
  if (!fit.accepted ||
      std::hypot(fit.centre_mm.x - near.x, fit.centre_mm.y - near.y) > kRefitReachMm + radius)
    return std::nullopt;
  ObservedPiece piece = track.piece;
  piece.position_mm = {fit.centre_mm.x, fit.centre_mm.y};
  piece.footprint = rules::Circle{piece.position_mm, radius};
  piece.sigma_mm = std::max(0.15, fit.centre_sigma_mm);
  piece.calibration_sigma_mm = 0;  // the fit's own: no share of the calibration counted
  piece.confidence = 0;            // what it is comes from the track, not from this fit
  piece.track_id = track.id;
  return piece;
}

void CameraAnalyzer::RememberConfirmed(const cv::Mat& view,
                                       const std::vector<ObservedPiece>& pieces) {
  if (confirmed_.size() != view.size()) {
    confirmed_ = view.clone();
    return;
  }
  cv::Mat places = cv::Mat::zeros(view.size(), CV_8U);
  for (const ObservedPiece& piece : pieces) {
    const double radius = rules::EquivalentRadius(piece.footprint) + kVacatedMarginMm;
    cv::circle(places, view_->ToPixel({piece.position_mm.x, piece.position_mm.y}),
               static_cast<int>(std::ceil(radius * view_->Scale())), cv::Scalar(255), cv::FILLED);
  }
  view.copyTo(confirmed_, places);
}

ObservedPiece CameraAnalyzer::Kept(const Track& track, rules::Vec2 at) const {
  ObservedPiece kept = track.piece;
  kept.position_mm = at;
  kept.footprint = Translated(track.piece.footprint, at - track.piece.position_mm);
  kept.confidence = 0;  // seen to be there, not read again
  kept.track_id = track.id;
  return kept;
}

void CameraAnalyzer::ReadWeakFace(ObservedPiece& coin, const cv::Mat& frame) const {
  const CoinFace face = detector_->ReadCoinFace(frame, coin.position_mm);
  if (face.score < options_.weak_face_match || face.margin <= 0) return;
  coin.side = face.side;
  coin.suit = face.suit;
  coin.rank = face.rank;
  coin.confidence = kWeakFaceVote * face.score;
}

std::optional<ObservedPiece> CameraAnalyzer::MeasureMoving(const Track& track,
                                                           rules::Vec2 predicted, double reach_mm,
                                                           const cv::Mat& frame,
                                                           const cv::Mat& candidates, bool refit,
                                                           bool from_rest) {
  const double scale = view_->Scale();
  const cv::Point2d centre = view_->ToPixel({predicted.x, predicted.y});
  const double half = reach_mm * scale;
  const cv::Rect window =
      cv::Rect(
          cv::Point(static_cast<int>(centre.x - half), static_cast<int>(centre.y - half)),
          cv::Point(static_cast<int>(centre.x + half) + 1, static_cast<int>(centre.y + half) + 1)) &
      cv::Rect(0, 0, candidates.cols, candidates.rows);
  if (window.empty()) return std::nullopt;
  cv::Mat roi = candidates(window);
  cv::Mat labels, stats, centroids;
  const int count = cv::connectedComponentsWithStats(roi, labels, stats, centroids, 8, CV_32S);
  const double min_area =
      options_.min_blob_share * rules::Area(track.piece.footprint) * scale * scale;
  std::vector<ChangeBlob> parts;
  for (int label = 1; label < count; ++label) {
    parts.push_back(
        {{centroids.at<double>(label, 0) + window.x, centroids.at<double>(label, 1) + window.y},
         static_cast<double>(stats.at<int>(label, cv::CC_STAT_AREA)),
         {label}});
  }
  // A part too small alone counts with the parts within a piece's diameter of it. (Not around
  // a place a piece may have left: the bits a collision leaves there are no piece.) A coin
  // slowing down breaks into its art and its rim, a third of its area each: the nearer part
  // alone is millimetres off (held-out Ppolf seed 105: 7.5 mm ahead, a kink by the hole taken
  // for a touch); such parts join each other, never another coin's blob beside them. (Not
  // a fast coin's: its streak breaks into parts spread beyond its diameter, and shares of it
  // joined pull it off its way: held-out Ppolf seed 14.)
  const auto stepped_less_than_its_width = [&]() {
    const size_t n = track.path.size();
    return n >= 2 && rules::Distance(track.path[n - 1].position, track.path[n - 2].position) <
                         2 * RadiusOf(track);
  };
  const double tiny_area = from_rest ? 0 : min_area;
  const double small_area =
      from_rest || track.piece.kind != ObservedKind::kCoin || !stepped_less_than_its_width()
          ? 0
          : kCoinPartShare * rules::Area(track.piece.footprint) * scale * scale;
  std::vector<ChangeBlob> nearest;
  for (ChangeBlob& blob :
       JoinSmallParts(parts, tiny_area, small_area, 2 * RadiusOf(track) * scale)) {
    if (blob.area < min_area) continue;
    blob.distance = cv::norm(blob.at - centre);
    if (blob.distance <= half) nearest.push_back(std::move(blob));
  }
  std::sort(nearest.begin(), nearest.end(),
            [](const ChangeBlob& a, const ChangeBlob& b) { return a.distance < b.distance; });
  const ChangeBlob* best = nullptr;
  for (const ChangeBlob& candidate : nearest) {
    const rules::Vec2 at = ToTable(candidate.at, 0.5 * HeightOf(track.piece.kind));
    // A piece that left its place between two frames went fast and is blurred: a crisp coin
    // far from that place is another piece, put down there.
    if (from_rest && candidate.distance > kLeapDiameters * 2 * RadiusOf(track) * scale &&
        Refit(track, at, frame)) {
      continue;
    }
    // A change centred on a place another piece left (under the hand, or seen empty since the
    // last full detection) is that place, no other piece. (Held-out Ice Boule seeds 175 and 177
    // with the tidying hand: clearing an end, pieces re-acquired on the change where others
    // were taken up, 69-149 mm away, and a shot.) A tall piece's change is centred a few
    // millimetres from its place.
    const double left_reach = std::max(kSamePlaceMm, kLeftPlaceShare * RadiusOf(track));
    const auto left_there = [&](rules::Vec2 place) {
      return place != track.rest && rules::Distance(place, at) < left_reach;
    };
    if (std::any_of(left_unseen_.begin(), left_unseen_.end(), left_there) ||
        std::any_of(vacated_since_detection_.begin(), vacated_since_detection_.end(),
                    [&](const auto& vacated) { return left_there(vacated.second); }))
      continue;
    best = &candidate;
    break;
  }
  if (best == nullptr) return std::nullopt;
  // Taken: no other piece measures this blob.
  for (int label : best->labels) roi.setTo(0, labels == label);
  const cv::Point2d blob = best->at;
  rules::Vec2 position = ToTable(blob, 0.5 * HeightOf(track.piece.kind));
  double sigma = 1.0 / scale;
  if (refit) {
    if (const std::optional<ObservedPiece> fitted = Refit(track, position, frame)) {
      position = fitted->position_mm;
      sigma = fitted->sigma_mm;
    }
  }
  ObservedPiece piece;
  piece.kind = track.piece.kind;
  piece.position_mm = position;
  piece.sigma_mm = sigma;
  piece.footprint = Translated(track.piece.footprint, position - track.piece.position_mm);
  piece.confidence = 0;
  piece.track_id = track.id;
  return piece;
}

void CameraAnalyzer::UpdateBackground(const cv::Mat& view, const cv::Mat& change_prev) {
  const uchar still = static_cast<uchar>(std::lround(0.5 * options_.motion_threshold));
  for (int y = 0; y < view.rows; ++y) {
    const auto* change = change_prev.ptr<uchar>(y);
    const auto* hand = hand_reach_.empty() ? nullptr : hand_reach_.ptr<uchar>(y);
    auto* count = stable_.ptr<std::uint16_t>(y);
    const auto* now = view.ptr<cv::Vec3b>(y);
    auto* background = background_.ptr<cv::Vec3b>(y);
    for (int x = 0; x < view.cols; ++x) {
      count[x] = change[x] <= still ? static_cast<std::uint16_t>(std::min(count[x] + 1, 60000)) : 0;
      const int needed =
          hand != nullptr && hand[x] != 0 ? options_.absorb_hand_frames : options_.absorb_frames;
      if (count[x] >= needed) background[x] = now[x];
    }
  }
  previous_ = view;
}

TrackerFrame CameraAnalyzer::Analyze(const cv::Mat& frame, double time_s,
                                     const PieceTracker& tracker) {
  CV_Assert(view_ != nullptr && frame.type() == CV_8UC3);
  costs_ = {};
  StageTimer timer(costs_.stages);
  TrackerFrame out;
  out.time_s = time_s;

  timer.Start("view");
  cv::Mat view = view_->Resample(frame);
  cv::GaussianBlur(view, view, cv::Size(3, 3), 0);

  timer.Start("background");
  if (reset_background_ || background_.size() != view.size()) {
    background_ = view.clone();
    previous_ = view.clone();
    stable_ = cv::Mat::zeros(view.size(), CV_16U);
    reset_background_ = false;
    settled_ = cv::Mat();
    confirmed_ = cv::Mat();
    unconfirmed_.clear();
    vacated_since_detection_.clear();
    detected_places_.clear();
    coin_misses_.clear();
  }
  const cv::Mat change_bg = ColourChange(view, background_);
  const cv::Mat change_prev = ColourChange(view, previous_);

  timer.Start("hand");
  hand_ = hands_.Detect(view, background_, *view_, change_bg, hand_reach_);
  hand_reach_ = hand_.reach;
  out.hand_in_view = hand_.found;
  for (const auto& outline : hand_.outlines_mm) {
    rules::Polygon hidden;
    for (const cv::Point2d& p : outline) hidden.vertices.push_back({p.x, p.y});
    out.hidden.push_back(std::move(hidden));
  }

  timer.Start("motion");
  const double scale = view_->Scale();
  cv::Mat moving = change_prev > options_.motion_threshold;
  moving.setTo(0, hand_.mask);
  out.motion = cv::countNonZero(moving) / (scale * scale) > options_.min_motion_mm2;
  out.motion_measured = true;
  cv::Mat changed = change_bg > options_.change_threshold;
  changed.setTo(0, hand_.mask);

  const std::vector<Track>& tracks = tracker.Tracks();
  const auto under_hand = [&](rules::Vec2 at) {
    if (!hand_.found) return false;
    const cv::Point2d px = view_->ToPixel({at.x, at.y});
    const int x = static_cast<int>(std::lround(px.x));
    const int y = static_cast<int>(std::lround(px.y));
    return x >= 0 && y >= 0 && x < hand_.mask.cols && y < hand_.mask.rows &&
           hand_.mask.at<uchar>(y, x) != 0;
  };

  if (tracker.WantsFullDetection(time_s)) {
    timer.Start("detect");
    costs_.full_detection = true;
    // How the table changed since the last full detection (none yet: all of it).
    const cv::Mat change_since_settled =
        settled_.empty() ? cv::Mat() : ColourChange(view, settled_);
    std::vector<CoinMiss> unchanged_misses;
    if (!settled_.empty()) {
      unchanged_misses =
          UnchangedCoinMisses(change_since_settled > options_.faint_change_threshold, under_hand);
    }
    hints_ = HintsFor(tracker, unchanged_misses);
    detection_ = detector_->Detect(frame, hints_);
    RememberCoinMisses(std::move(unchanged_misses));
    out.complete = true;
    std::vector<int> kept_as(detection_.pieces.size(), -1);
    const cv::Mat changed_since_settled =
        settled_.empty() ? cv::Mat() : change_since_settled > options_.change_threshold;
    for (size_t i = 0; i < detection_.pieces.size(); ++i) {
      const ObservedPiece& piece = detection_.pieces[i];
      if (Tracked(piece.kind) && !under_hand(piece.position_mm) &&
          !ReadTwice(piece, detection_, tracks, changed_since_settled)) {
        kept_as[i] = static_cast<int>(out.pieces.size());
        out.pieces.push_back(piece);
        // A coin found where a moved piece came to rest, its face too faint for the detector
        // to name: what the weaker reading of a followed piece's face makes of it.
        if (piece.kind == ObservedKind::kCoin && Unidentified(piece))
          ReadWeakFace(out.pieces.back(), frame);
      }
    }
    // A piece found clear of the hand where the image moved since the last frame was caught on
    // its way (sharp where it turned or struck), not at rest there: the table has not settled
    // (fresh Ppolf seed 275: a coin flicked from under the hand, looked at as it struck the
    // hole's tile). One by the hand may be in its fingers, being set down (held-out seed 248).
    const auto caught_on_its_way = [&](const ObservedPiece& piece) {
      const double radius = rules::EquivalentRadius(piece.footprint);
      const bool moved_there =
          InnerDiscShare(moving, piece.position_mm, kInnerDisc * radius) > options_.disturbed_share;
      const bool by_the_hand =
          hand_.found && InnerDiscShare(hand_.reach, piece.position_mm, 2 * radius) > 0;
      return moved_there && !by_the_hand;
    };
    out.settled = std::none_of(out.pieces.begin(), out.pieces.end(), caught_on_its_way);
    std::vector<rules::Vec2> detected_now;
    for (const ObservedPiece& piece : out.pieces) detected_now.push_back(piece.position_mm);
    // Which pyramid stands on which, in the indices of the pieces passed on (a coin lying on
    // a tile moves on its own).
    for (ObservedPiece& piece : out.pieces) {
      if (!piece.on_top_of) continue;
      const size_t under = static_cast<size_t>(*piece.on_top_of);
      if (piece.kind == ObservedKind::kPyramid && under < kept_as.size() && kept_as[under] >= 0) {
        piece.on_top_of = kept_as[under];
      } else {
        piece.on_top_of.reset();
      }
    }
    // Pieces the detector missed: still there when their place did not change since a
    // full detection last saw them there, else re-fitted where the tracker last saw them.
    // (The running background has long absorbed a place a piece was knocked from.)
    // (Made once for the frame, for the first piece a detection missed.)
    cv::Mat changed_since_confirmed;
    const auto unchanged_since = [&]() -> const cv::Mat& {
      if (confirmed_.empty()) return changed;
      if (changed_since_confirmed.empty())
        changed_since_confirmed = ColourChange(view, confirmed_) > options_.change_threshold;
      return changed_since_confirmed;
    };
    const double gate = tracker.Options().rest_gate_mm;
    // Detections no track expects: pieces that moved unseen, maybe one the tracker still
    // thinks is at its old place.
    const std::vector<ObservedPiece> unexpected = UnexpectedPieces(out.pieces, tracks, gate);
    for (const Track& track : tracks) {
      // Hidden by the hand as it is now: one it hid a frame ago may be clear of it again, and
      // missed only for the fingers beside it (held-out Ppolf seed 112).
      if (tracker.Hidden(track, out) || under_hand(track.rest)) continue;
      const rules::Vec2 at = track.moving ? track.piece.position_mm : track.rest;
      const bool detected =
          std::any_of(out.pieces.begin(), out.pieces.end(), [&](const ObservedPiece& piece) {
            return rules::Distance(piece.position_mm, at) < gate;
          });
      if (detected) {
        unconfirmed_.erase(track.id);
        continue;
      }
      if (std::optional<ObservedPiece> fitted = Refit(track, at, frame)) {
        unconfirmed_.erase(track.id);
        if (!track.Identified()) ReadWeakFace(*fitted, frame);
        out.pieces.push_back(*fitted);
        continue;
      }
      // Neither detected nor fitted: still there if its place did not change. Only a place a
      // full detection has seen (before the shot, or found by the last one: one reached by
      // blurred frames alone may be where a blur stopped), only while no piece like it turned
      // up where none was expected, and for coins only once in a row (the view it is
      // compared with no longer shows it after that).
      const bool seen_at_rest =
          !track.moving &&
          (track.path.empty() ||
           std::any_of(detected_places_.begin(), detected_places_.end(), [&](rules::Vec2 p) {
             return rules::Distance(p, track.rest) < kSamePlaceMm;
           }));
      const bool found_elsewhere =
          std::any_of(unexpected.begin(), unexpected.end(),
                      [&](const ObservedPiece& piece) { return SameIdentity(piece, track.piece); });
      // Tiles and pyramids are not re-fitted: one a detection misses is kept while its place
      // stays as it was.
      const bool refittable = track.piece.kind == ObservedKind::kCoin;
      if (seen_at_rest && !found_elsewhere && (!unconfirmed_.contains(track.id) || !refittable) &&
          !vacated_since_detection_.contains(track.id) &&
          InnerDiscShare(unchanged_since(), at, kInnerDisc * RadiusOf(track)) <
              options_.disturbed_share) {
        out.pieces.push_back(Kept(track, at));
        unconfirmed_.insert(track.id);
      }
    }
    RememberConfirmed(view, out.pieces);
    detected_places_ = std::move(detected_now);
    vacated_since_detection_.clear();
    // The settled table is the background from now on, where it is still: fingertips
    // leaving the view, too few to be taken for a hand, are not (they would stay behind as
    // a change that moves).
    view.copyTo(background_, (hand_.reach == 0) & (moving == 0));
    settled_ = view;
    stable_.setTo(0);
    candidates_.clear();
  } else {
    timer.Start("measure");
    // Where pieces moved away from, blanked: a vacated place is no piece.
    cv::Mat candidates = changed.clone();
    std::vector<bool> disturbed(tracks.size(), false);
    std::vector<bool> vacated(tracks.size(), false);
    // Coins and pyramids are measured between full detections (blurred blobs; coins also
    // with the coin fitter); tiles, which do not fly about, wait for the next one.
    const auto followed = [](const Track& track) {
      return track.piece.kind != ObservedKind::kTile;
    };
    left_unseen_.clear();
    cv::Mat faintly_changed;  // made when first needed
    for (size_t t = 0; t < tracks.size(); ++t) {
      const Track& track = tracks[t];
      if (!followed(track) || track.moving || under_hand(track.rest)) continue;
      const double inner_radius = kInnerDisc * RadiusOf(track);
      // A pyramid come to rest in this shot changed its place itself (the background has not
      // taken it in yet): only motion there now disturbs it. (Held-out Ice Boule seed 104: the
      // target knocked to rest was taken for disturbed and re-acquired on half the
      // projectile's blob 120 mm away, and the closing detection was told to look there.) A
      // coin's rim, re-fitted where it rests, tells whether it is there (a blob of the hand
      // that a flicked coin's track took and that stopped is none: held-out Ppolf seed 106).
      const bool came_to_rest = track.piece.kind == ObservedKind::kPyramid && !track.path.empty();
      const double share =
          InnerDiscShare(came_to_rest ? moving : changed, track.rest, inner_radius);
      if (track.hidden) {
        if (share > kVacatedShare) left_unseen_.push_back(track.rest);
        continue;
      }
      disturbed[t] = share > options_.disturbed_share;
      // A pyramid stands tall: one come to rest beside it leans over part of its place in the
      // top view (held-out Ice Boule seed 34: a third of the target's inner disc), so its
      // place is vacated only where it changed as much as a disturbed one's.
      vacated[t] =
          track.piece.kind == ObservedKind::kPyramid ? disturbed[t] : share > kVacatedShare;
      if (!vacated[t] && track.piece.kind == ObservedKind::kCoin) {
        // A coin the colour of what it lay on (a pale coin on a pale table) leaves only a
        // faint change when taken away; the refit below tells whether it is still there.
        if (faintly_changed.empty()) {
          faintly_changed = change_bg > options_.faint_change_threshold;
          faintly_changed.setTo(0, hand_.mask);
        }
        vacated[t] =
            InnerDiscShare(faintly_changed, track.rest, inner_radius) > options_.disturbed_share;
      }
    }
    const auto blank_vacated = [&](cv::Mat& mask) {
      for (size_t t = 0; t < tracks.size(); ++t) {
        const Track& track = tracks[t];
        const rules::Vec2 origin =
            track.moving && !track.path.empty() ? track.path.front().position : track.rest;
        if (!followed(track) || (!track.moving && !vacated[t])) continue;
        if (track.moving &&
            rules::Distance(tracker.Predict(track, time_s), origin) < RadiusOf(track))
          continue;
        const cv::Point2d px = view_->ToPixel({origin.x, origin.y});
        cv::circle(mask, px,
                   static_cast<int>(std::ceil((RadiusOf(track) + kVacatedMarginMm) * scale)),
                   cv::Scalar(0), cv::FILLED);
      }
    };
    blank_vacated(candidates);
    // A moving piece whose change is too faint to find (blurred, on a table its colour): the
    // faint change joined to strong change, made once for the frame when first needed.
    cv::Mat faint;
    const auto faint_candidates = [&]() -> cv::Mat& {
      if (faint.empty()) {
        cv::Mat change_off_hand = change_bg.clone();
        change_off_hand.setTo(0, hand_.mask);
        faint = HysteresisMask(change_off_hand, options_.faint_change_threshold,
                               options_.change_threshold);
        blank_vacated(faint);
        // Strong change a piece took already stays taken.
        faint &= candidates | (change_off_hand <= options_.change_threshold);
        // Only where the image moves: a faint change that stays put (a shadow, a tile's edge
        // the background has not taken in) is no piece on its way.
        cv::Mat near_motion;
        cv::dilate(moving, near_motion, cv::Mat());
        faint &= near_motion;
      }
      return faint;
    };
    // Moving pieces first: each takes the blob where its motion predicts it. A disturbed
    // resting piece is re-acquired anywhere near its place, so it takes only what is left (else
    // it may take the blob of the piece that struck it, and that piece the struck one's).
    std::vector<std::pair<rules::Vec2, double>> blurs;  // moving pieces measured: at, radius
    for (const Track& track : tracks) {
      if (!followed(track) || !track.moving) continue;
      const double dt = std::max(1e-3, time_s - track.seen_s);
      double speed = 0;
      if (track.path.size() >= 2) {
        const PathSample& a = track.path[track.path.size() - 2];
        const PathSample& b = track.path.back();
        speed = rules::Distance(a.position, b.position) / std::max(1e-3, b.time_s - a.time_s);
      }
      const double reach =
          std::max(2.5 * RadiusOf(track), 0.6 * speed * dt + 1.5 * RadiusOf(track));
      const bool slow = speed < options_.refit_below_mm_s;
      const rules::Vec2 predicted = tracker.Predict(track, time_s);
      std::optional<ObservedPiece> piece =
          MeasureMoving(track, predicted, reach, frame, candidates, slow, false);
      if (!piece)
        piece = MeasureMoving(track, predicted, reach, frame, faint_candidates(), slow, false);
      if (!piece) continue;
      out.pieces.push_back(*piece);
      blurs.emplace_back(piece->position_mm, RadiusOf(track));
    }
    // What the faint pass took is taken.
    if (!faint.empty()) candidates &= faint;
    const bool at_rest =
        std::none_of(tracks.begin(), tracks.end(), [](const Track& track) { return track.moving; });
    for (size_t t = 0; t < tracks.size(); ++t) {
      const Track& track = tracks[t];
      if (!followed(track) || track.moving) continue;
      if (disturbed[t]) {
        if (const auto fitted = Refit(track, track.rest, frame)) {
          out.pieces.push_back(*fitted);
        } else if (const auto piece =
                       MeasureMoving(track, track.rest, tracker.Options().reacquire_mm, frame,
                                     candidates, false, true)) {
          out.pieces.push_back(*piece);
        }
      } else if (!vacated[t] && !track.hidden && !under_hand(track.rest) &&
                 !vacated_since_detection_.contains(track.id)) {
        // Its place looks as it did: still there, so the first blur of a shot (a piece flicked
        // from under the hand) is not taken for it. (Once pieces move, their blurs and the
        // places they vacate change too often for "as it did" to measure it; for a coin, flat,
        // it still says that it has not left. A pyramid nudged off its place stands over most
        // of it still.)
        if (at_rest) {
          out.pieces.push_back(Kept(track, track.rest));
        } else if (track.piece.kind == ObservedKind::kCoin) {
          out.in_place.push_back(track.id);
        }
      }
    }
    // Places left empty with no hand over them (a coin whose rim still fits there is only
    // shaded; a disturbed place was re-fitted above).
    for (size_t t = 0; t < tracks.size(); ++t) {
      const Track& track = tracks[t];
      if (!vacated[t]) continue;
      const bool measured =
          std::any_of(out.pieces.begin(), out.pieces.end(),
                      [&](const ObservedPiece& piece) { return piece.track_id == track.id; });
      if (!measured && (disturbed[t] || !Refit(track, track.rest, frame))) {
        out.vacated.push_back(track.id);
        vacated_since_detection_[track.id] = track.rest;
      }
    }
    // Moving blobs nobody explains: a piece the tracker did not see move (set moving under a
    // hand), once a second frame confirms it moves on.
    cv::Mat unexplained;
    cv::dilate(moving, unexplained, cv::Mat());
    unexplained &= candidates;
    cv::Mat labels, stats, centroids;
    const int count =
        ComponentsWithStats(unexplained, hand_.found ? &labels : nullptr, stats, centroids);
    const std::vector<bool> at_hand =
        hand_.found ? HandBlobs(labels, stats, count, view, HandInMotion(hand_.mask, moving),
                                kHandBlobSkinShare)
                    : std::vector<bool>(static_cast<size_t>(count), false);
    const double confirm_reach_mm = std::clamp(kConfirmSpeedMmS * (time_s - candidates_time_s_),
                                               kConfirmReachMm, 2 * kConfirmReachMm);
    const PieceSet& set = detector_->Set();
    const double coin_area = CV_PI * 0.25 * set.coin_diameter_mm * set.coin_diameter_mm;
    std::vector<rules::Vec2> blobs;
    for (int label = 1; label < count; ++label) {
      const double area_mm2 = stats.at<int>(label, cv::CC_STAT_AREA) / (scale * scale);
      if (area_mm2 < options_.min_blob_share * coin_area || area_mm2 > options_.max_blob_mm2)
        continue;
      const cv::Point2d px(centroids.at<double>(label, 0), centroids.at<double>(label, 1));
      const ObservedKind kind = BlobKind(area_mm2);
      const rules::Vec2 at = ToTable(px, 0.5 * HeightOf(kind));
      // Nothing new comes in from beyond the markers but the players' arms.
      if (under_hand(at) || !between_markers_mm_.contains(cv::Point2d(at.x, at.y))) continue;
      blobs.push_back(at);
      // Nearer a moving piece's blob than two pieces' centres can be: a share of its blur,
      // broken off (held-out Ppolf seed 170: a putt's blur back off the hole in two, the
      // leading half taken for the coin it had nudged, which then touched the hole).
      if (std::any_of(blurs.begin(), blurs.end(), [&](const auto& blur) {
            return rules::Distance(blur.first, at) < 2 * blur.second;
          }))
        continue;
      // A hand over a table of its colour changes the view from one frame to the next where it
      // moves more than it differs from the table: a skin-coloured blob joined to the hand is
      // no piece until it leaves the hand (held-out Ppolf seed 152: fingertips reaching in for
      // a tee-off were taken for a coin carried, then shot). A coin's blur beside the fingers
      // is (Ppolf seed 6: a putt that came back off the hole as the hand drew back).
      if (at_hand[static_cast<size_t>(label)]) continue;
      const bool confirmed =
          std::any_of(candidates_.begin(), candidates_.end(), [&](const rules::Vec2& before) {
            return rules::Distance(before, at) < confirm_reach_mm;
          });
      if (!confirmed) continue;
      out.pieces.push_back(BlobPiece(kind, at, area_mm2));
    }
    candidates_ = std::move(blobs);
    candidates_time_s_ = time_s;
  }

  timer.Start("background");
  UpdateBackground(view, change_prev);
  timer.Stop();
  return out;
}

std::vector<ObservedPiece> UnexpectedPieces(const std::vector<ObservedPiece>& found,
                                            const std::vector<Track>& tracks, double gate_mm) {
  std::vector<ObservedPiece> unexpected;
  for (const ObservedPiece& piece : found) {
    const bool expected = std::any_of(tracks.begin(), tracks.end(), [&](const Track& track) {
      const bool other_pyramid = piece.kind == ObservedKind::kPyramid && track.Identified() &&
                                 piece.colour && track.piece.colour &&
                                 *piece.colour != *track.piece.colour;
      const rules::Vec2 at = track.moving ? track.piece.position_mm : track.rest;
      return track.piece.kind == piece.kind && !other_pyramid &&
             rules::Distance(piece.position_mm, at) < gate_mm;
    });
    if (!expected) unexpected.push_back(piece);
  }
  return unexpected;
}

}  // namespace tabref::vision
