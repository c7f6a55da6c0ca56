#include "vision/detect/piece_detector.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <opencv2/imgproc.hpp>

#include "vision/detect/coin_candidates.h"
#include "vision/detect/coin_fit.h"
#include "vision/detect/gradient.h"

namespace tabref::vision {
namespace {

cv::Rect2d ViewArea(const calibration::TableCalibration& calibration, double margin_mm) {
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const cv::Point2d& centre : calibration.marker_centres_mm) {
    x0 = std::min(x0, centre.x);
    y0 = std::min(y0, centre.y);
    x1 = std::max(x1, centre.x);
    y1 = std::max(y1, centre.y);
  }
  return {x0 - margin_mm, y0 - margin_mm, x1 - x0 + 2 * margin_mm, y1 - y0 + 2 * margin_mm};
}

rules::Vec2 Vec(const cv::Point2d& p) { return {p.x, p.y}; }

struct CoinHit {
  CoinFit fit;
  double candidate_support = 0;
  CoinFace face;
};

}  // namespace

PieceDetector::PieceDetector(PieceSet set, DetectionOptions options)
    : set_(std::move(set)), options_(options), coin_faces_(set_, options_.coin_face) {
  options_.Check();
}

void PieceDetector::SetCalibration(const calibration::TableCalibration& calibration) {
  mapping_ = std::make_unique<calibration::TableMapping>(calibration);
  const cv::Rect2d area = ViewArea(calibration, options_.view_margin_mm);
  const cv::Point2d middle(area.x + 0.5 * area.width, area.y + 0.5 * area.height);
  const double native = mapping_->PixelsPerMm({middle.x, middle.y, 0});
  const double scale = std::clamp(native, options_.min_view_px_per_mm, options_.max_view_px_per_mm);
  view_ = std::make_unique<TopView>(*mapping_, area, scale);
}

Detection PieceDetector::Detect(const cv::Mat& frame) const {
  CV_Assert(view_ != nullptr && frame.type() == CV_8UC3);
  Detection detection;
  StageTimer timer(detection.timings);
  const double coin_radius = 0.5 * set_.coin_diameter_mm;
  const double coin_top = set_.coin_thickness_mm;

  timer.Start("preprocess");
  const cv::Mat view = view_->Resample(frame);
  const ColourGradient gradient = ComputeColourGradient(view);

  timer.Start("candidates");
  cv::Mat votes;
  const double radius_px = coin_radius * view_->Magnification(coin_top) * view_->Scale();
  const std::vector<CoinCandidate> candidates = FindCoinCandidates(
      gradient, radius_px, options_.coin_candidates, options_.debug_images ? &votes : nullptr);

  timer.Start("fit");
  std::vector<CoinHit> hits;
  for (const CoinCandidate& candidate : candidates) {
    const cv::Point2d seen = view_->ToTable(candidate.view_px);
    const cv::Point2d initial = view_->LiftTo(seen, coin_top);
    CoinFit fit = FitCoin(frame, *mapping_, initial, coin_radius, coin_top, options_.coin_fit);
    if (!fit.accepted) {
      detection.rejected.push_back({ObservedKind::kCoin, "fit", fit.reason, Vec(initial)});
      continue;
    }
    hits.push_back({std::move(fit), candidate.support, {}});
  }

  timer.Start("classify");
  std::vector<CoinHit> recognised;
  for (CoinHit& hit : hits) {
    hit.face = coin_faces_.Classify(frame, *mapping_, hit.fit.centre_mm, coin_radius, coin_top);
    if (!hit.face.recognised) {
      detection.rejected.push_back(
          {ObservedKind::kCoin, "classify", "face not recognised", Vec(hit.fit.centre_mm)});
      continue;
    }
    recognised.push_back(std::move(hit));
  }
  hits = std::move(recognised);

  timer.Start("dedupe");
  // Two candidates of one coin converge on the same rim; keep the better fit.
  std::sort(hits.begin(), hits.end(), [](const CoinHit& a, const CoinHit& b) {
    return a.fit.support - 2 * a.fit.rms_mm > b.fit.support - 2 * b.fit.rms_mm;
  });
  std::vector<CoinHit> coins;
  for (CoinHit& hit : hits) {
    const bool duplicate = std::any_of(coins.begin(), coins.end(), [&](const CoinHit& kept) {
      return cv::norm(kept.fit.centre_mm - hit.fit.centre_mm) < 1.5 * coin_radius;
    });
    if (duplicate) {
      detection.rejected.push_back(
          {ObservedKind::kCoin, "dedupe", "same coin as a better fit", Vec(hit.fit.centre_mm)});
      continue;
    }
    coins.push_back(std::move(hit));
  }

  timer.Start("refine");
  // The rim's edge shows a little inside or outside the true rim (blur, glare, the printed
  // border): the same for every coin of a frame, so it is measured on the well-seen coins
  // and every coin is refitted with it, which keeps partly hidden rims unbiased.
  std::vector<double> radii;
  for (const CoinHit& hit : coins) {
    if (hit.fit.support >= 0.85) radii.push_back(hit.fit.free_radius_mm);
  }
  double rim_radius = coin_radius;
  if (!radii.empty()) {
    std::nth_element(radii.begin(), radii.begin() + static_cast<std::ptrdiff_t>(radii.size() / 2),
                     radii.end());
    rim_radius = std::clamp(radii[radii.size() / 2], coin_radius - options_.max_rim_offset_mm,
                            coin_radius + options_.max_rim_offset_mm);
  }
  if (std::getenv("TABREF_DEBUG_FIT") != nullptr)
    std::printf("rim radius %.3f from %zu coins\n", rim_radius, radii.size());
  CoinFitOptions refit = options_.coin_fit;
  refit.first_search_mm = refit.last_search_mm;
  refit.align_reach_mm = 0.3;
  refit.align_radius_mm = 0.25;
  for (CoinHit& hit : coins) {
    CoinFit better = FitCoin(frame, *mapping_, hit.fit.centre_mm, rim_radius, coin_top, refit);
    if (better.accepted) hit.fit = std::move(better);
  }
  for (const CoinHit& hit : coins) {
    ObservedPiece piece;
    piece.kind = ObservedKind::kCoin;
    piece.position_mm = Vec(hit.fit.centre_mm);
    const calibration::MappedPoint mapped = mapping_->ImageToTableWithSigma(
        mapping_->TableToImage(cv::Vec3d(hit.fit.centre_mm.x, hit.fit.centre_mm.y, coin_top)),
        coin_top, 0);
    const double unseen = options_.unseen_rim_sigma_mm * (1 - hit.fit.support);
    piece.sigma_mm = std::sqrt(hit.fit.centre_sigma_mm * hit.fit.centre_sigma_mm +
                               mapped.sigma_mm * mapped.sigma_mm +
                               options_.model_sigma_mm * options_.model_sigma_mm +
                               unseen * unseen);
    piece.footprint = rules::Circle{piece.position_mm, coin_radius};
    piece.side = hit.face.side;
    piece.suit = hit.face.suit;
    piece.rank = hit.face.rank;
    piece.confidence = std::clamp(std::min(hit.fit.support, hit.face.confidence), 0.0, 1.0);
    if (std::getenv("TABREF_DEBUG_SIGMA") != nullptr)
      std::printf("sigma parts at (%.1f, %.1f): fit %.3f calibration %.3f support %.2f tight %.2f rms %.3f strength %.1f inner %.2f ppm %.2f\n",
                  hit.fit.centre_mm.x, hit.fit.centre_mm.y, hit.fit.centre_sigma_mm, mapped.sigma_mm, hit.fit.support, hit.fit.tight_support, hit.fit.rms_mm, hit.fit.mean_edge_strength, hit.fit.inner_activity,
                  mapping_->PixelsPerMm({hit.fit.centre_mm.x, hit.fit.centre_mm.y, coin_top}));
    if (std::getenv("TABREF_DEBUG_FIT") != nullptr)
      std::printf("candidate support %.3f\n", hit.candidate_support);
    if (std::getenv("TABREF_DEBUG_FIT") != nullptr)
      std::printf("face %s %s score %.2f margin %.2f\n", hit.face.side.c_str(),
                  hit.face.suit.value_or(hit.face.rank.value_or("-")).c_str(), hit.face.score,
                  hit.face.margin);
    if (std::getenv("TABREF_DEBUG_FIT") != nullptr)
      std::printf(
          "coin fit %.1f %.1f support %.2f gap %.0f rms %.3f r %.3f strength %.1f spread %.1f "
          "surround %.1f tight %.2f inner %.3f\n",
          hit.fit.centre_mm.x, hit.fit.centre_mm.y, hit.fit.support, hit.fit.largest_gap_deg,
          hit.fit.rms_mm, hit.fit.free_radius_mm, hit.fit.mean_edge_strength, hit.fit.face_spread,
          hit.fit.surround_spread, hit.fit.tight_support, hit.fit.inner_activity);
    detection.pieces.push_back(std::move(piece));
  }
  timer.Stop();

  if (options_.debug_images) {
    detection.debug_images.emplace_back("top_view", view);
    cv::Mat normalised;
    cv::normalize(votes, normalised, 0, 255, cv::NORM_MINMAX, CV_8U);
    detection.debug_images.emplace_back("coin_votes", normalised);
  }
  return detection;
}

}  // namespace tabref::vision
