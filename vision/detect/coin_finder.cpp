#include "vision/detect/coin_finder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <opencv2/imgproc.hpp>

#include "vision/detect/coin_candidates.h"
#include "vision/detect/coin_fit.h"

namespace tabref::vision {
namespace {

rules::Vec2 Vec(const cv::Point2d& p) { return {p.x, p.y}; }

struct CoinHit {
  CoinFit fit;
  double candidate_support = 0;
  CoinFace face;
};

}  // namespace

CoinFinder::CoinFinder(const PieceSet& set, const DetectionOptions& options)
    : faces_(set, options.coin_face) {}

std::vector<ObservedPiece> CoinFinder::Find(const FrameContext& context) const {
  const double coin_radius = 0.5 * context.set.coin_diameter_mm;
  const double coin_top = context.set.coin_thickness_mm;
  std::vector<ObservedPiece> pieces;
  context.timer.Start("candidates");
  cv::Mat votes;
  const double radius_px =
      coin_radius * context.view.Magnification(coin_top) * context.view.Scale();
  const std::vector<CoinCandidate> candidates =
      FindCoinCandidates(context.gradient, radius_px, context.options.coin_candidates,
                         context.options.debug_images ? &votes : nullptr);

  context.timer.Start("fit");
  std::vector<CoinHit> hits;
  for (const CoinCandidate& candidate : candidates) {
    const cv::Point2d seen = context.view.ToTable(candidate.view_px);
    const cv::Point2d initial = context.view.LiftTo(seen, coin_top);
    CoinFit fit = FitCoin(context.frame, context.mapping, initial, coin_radius, coin_top,
                          context.options.coin_fit);
    if (!fit.accepted) {
      context.detection.rejected.push_back({ObservedKind::kCoin, "fit", fit.reason, Vec(initial)});
      continue;
    }
    hits.push_back({std::move(fit), candidate.support, {}});
  }

  context.timer.Start("classify");
  std::vector<CoinHit> recognised;
  for (CoinHit& hit : hits) {
    hit.face =
        faces_.Classify(context.frame, context.mapping, hit.fit.centre_mm, coin_radius, coin_top);
    if (!hit.face.recognised) {
      context.detection.rejected.push_back(
          {ObservedKind::kCoin, "classify",
           "face not recognised (best " + std::to_string(hit.face.score) + " " + hit.face.side +
               " " + hit.face.suit.value_or(hit.face.rank.value_or("-")) + ")",
           Vec(hit.fit.centre_mm)});
      continue;
    }
    recognised.push_back(std::move(hit));
  }
  hits = std::move(recognised);

  context.timer.Start("dedupe");
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
      context.detection.rejected.push_back(
          {ObservedKind::kCoin, "dedupe", "same coin as a better fit", Vec(hit.fit.centre_mm)});
      continue;
    }
    coins.push_back(std::move(hit));
  }

  context.timer.Start("refine");
  // The rim's edge shows a little inside or outside the true rim (blur, glare, the printed
  // border): the same for every coin of a context.frame, so it is measured on the well-seen coins
  // and every coin is refitted with it, which keeps partly hidden rims unbiased.
  std::vector<double> radii;
  for (const CoinHit& hit : coins) {
    if (hit.fit.support >= 0.85) radii.push_back(hit.fit.free_radius_mm);
  }
  double rim_radius = coin_radius;
  if (!radii.empty()) {
    std::nth_element(radii.begin(), radii.begin() + static_cast<std::ptrdiff_t>(radii.size() / 2),
                     radii.end());
    rim_radius =
        std::clamp(radii[radii.size() / 2], coin_radius - context.options.max_rim_offset_mm,
                   coin_radius + context.options.max_rim_offset_mm);
  }
  if (std::getenv("TABREF_DEBUG_FIT") != nullptr)
    std::printf("rim radius %.3f from %zu coins\n", rim_radius, radii.size());
  CoinFitOptions refit = context.options.coin_fit;
  refit.first_search_mm = refit.last_search_mm;
  refit.align_reach_mm = 0.3;
  refit.align_radius_mm = 0.25;
  for (CoinHit& hit : coins) {
    CoinFit better =
        FitCoin(context.frame, context.mapping, hit.fit.centre_mm, rim_radius, coin_top, refit);
    if (better.accepted) hit.fit = std::move(better);
  }
  for (const CoinHit& hit : coins) {
    ObservedPiece piece;
    piece.kind = ObservedKind::kCoin;
    piece.position_mm = Vec(hit.fit.centre_mm);
    const calibration::MappedPoint mapped = context.mapping.ImageToTableWithSigma(
        context.mapping.TableToImage(cv::Vec3d(hit.fit.centre_mm.x, hit.fit.centre_mm.y, coin_top)),
        coin_top, 0);
    const double unseen = context.options.unseen_rim_sigma_mm * (1 - hit.fit.support);
    piece.sigma_mm = std::sqrt(
        hit.fit.centre_sigma_mm * hit.fit.centre_sigma_mm + mapped.sigma_mm * mapped.sigma_mm +
        context.options.model_sigma_mm * context.options.model_sigma_mm + unseen * unseen);
    piece.footprint = rules::Circle{piece.position_mm, coin_radius};
    piece.side = hit.face.side;
    piece.suit = hit.face.suit;
    piece.rank = hit.face.rank;
    piece.confidence = std::clamp(std::min(hit.fit.support, hit.face.confidence), 0.0, 1.0);
    if (std::getenv("TABREF_DEBUG_SIGMA") != nullptr)
      std::printf(
          "sigma parts at (%.1f, %.1f): fit %.3f calibration %.3f support %.2f tight %.2f rms %.3f "
          "strength %.1f inner %.2f ppm %.2f\n",
          hit.fit.centre_mm.x, hit.fit.centre_mm.y, hit.fit.centre_sigma_mm, mapped.sigma_mm,
          hit.fit.support, hit.fit.tight_support, hit.fit.rms_mm, hit.fit.mean_edge_strength,
          hit.fit.inner_activity,
          context.mapping.PixelsPerMm({hit.fit.centre_mm.x, hit.fit.centre_mm.y, coin_top}));
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
    pieces.push_back(std::move(piece));
  }
  context.timer.Stop();

  if (context.options.debug_images) {
    cv::Mat normalised;
    cv::normalize(votes, normalised, 0, 255, cv::NORM_MINMAX, CV_8U);
    context.detection.debug_images.emplace_back("coin_votes", normalised);
  }
  return pieces;
}

}  // namespace tabref::vision
