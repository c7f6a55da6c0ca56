#include "vision/detect/coin_finder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgproc.hpp>
#include <optional>
#include <string>

#include "vision/detect/coin_candidates.h"
#include "vision/detect/coin_fit.h"

namespace tabref::vision {
namespace {

rules::Vec2 Vec(const cv::Point2d& p) { return {p.x, p.y}; }

struct CoinHit {
  CoinFit fit;
  double candidate_support = 0;
  CoinFace face;
  double base_mm = 0;  // height of the surface it lies on (the table, a tile's top)
  int on_square = -1;  // index of the raised square it lies on, or -1

  double TopMm(const PieceSet& set) const { return base_mm + set.coin_thickness_mm; }
};

// The raised square under a coin seen with its top at `top_mm` (on the table), if any: its
// image centre lifted onto each square's coin-top plane falls inside the square
// (a coin beside a tile stays a coin's radius beyond its side, more than the parallax).
int SquareUnder(const calibration::TableMapping& mapping, const cv::Point2d& centre_mm,
                double top_mm, double coin_radius, const std::vector<RaisedSquare>& raised,
                cv::Point2d* lifted) {
  const cv::Point2d seen = mapping.TableToImage(cv::Vec3d(centre_mm.x, centre_mm.y, top_mm));
  for (size_t k = 0; k < raised.size(); ++k) {
    const RaisedSquare& square = raised[k];
    const cv::Point2d at = mapping.ImageToTable(seen, square.top_mm + top_mm);
    const cv::Point2d d = at - square.centre_mm;
    const double c = std::cos(square.angle_rad);
    const double s = std::sin(square.angle_rad);
    const double reach = square.half_side_mm - 0.3 * coin_radius;
    if (std::abs(c * d.x + s * d.y) < reach && std::abs(-s * d.x + c * d.y) < reach) {
      *lifted = at;
      return static_cast<int>(k);
    }
  }
  return -1;
}

// Whether a coin centred at `centre_mm` sits at the centre of raised square `square` (-1:
// none), where a tile's face has its emblem: an ace's is a round suit sign near a coin's size,
// which only an expectation would take for a coin on little rim or with no face read (fresh
// Ppolf seed 289: a coin flicked back off the hole left its track on the tile's change, and
// the hole's sun became a coin there).
bool AtSquareCentre(const cv::Point2d& centre_mm, int square,
                    const std::vector<RaisedSquare>& raised, double coin_radius) {
  return square >= 0 &&
         cv::norm(centre_mm - raised[static_cast<size_t>(square)].centre_mm) < 0.5 * coin_radius;
}

// How well a fit meets its rim, to choose between fits of one coin.
double FitQuality(const CoinFit& fit) { return fit.support - 2 * fit.rms_mm; }

// A coin's position, its 1-sigma (fit, calibration, model, unseen rim) and footprint from
// its rim fitted with the top at `top_mm`.
ObservedPiece Measured(const FrameContext& context, const CoinFit& fit, double top_mm) {
  ObservedPiece piece;
  piece.kind = ObservedKind::kCoin;
  piece.position_mm = Vec(fit.centre_mm);
  const calibration::MappedPoint mapped = context.mapping.ImageToTableWithSigma(
      context.mapping.TableToImage(cv::Vec3d(fit.centre_mm.x, fit.centre_mm.y, top_mm)), top_mm, 0);
  const double unseen = context.options.unseen_rim_sigma_mm * (1 - fit.support);
  piece.sigma_mm =
      std::sqrt(fit.centre_sigma_mm * fit.centre_sigma_mm + mapped.sigma_mm * mapped.sigma_mm +
                context.options.model_sigma_mm * context.options.model_sigma_mm + unseen * unseen);
  piece.calibration_sigma_mm = mapped.sigma_mm;
  const CoinFitOptions& usual = context.options.coin_fit;
  if (fit.support < usual.min_support || fit.tight_support < usual.min_tight_support)
    piece.sigma_mm = std::max(piece.sigma_mm, context.options.weak_coin_sigma_mm);
  piece.footprint = rules::Circle{piece.position_mm, 0.5 * context.set.coin_diameter_mm};
  return piece;
}

// The last fit of a rim whose centre is known to a fraction of a millimetre.
CoinFitOptions RefitOptions(const DetectionOptions& options) {
  CoinFitOptions refit = options.coin_fit;
  refit.first_search_mm = refit.last_search_mm;
  refit.align_reach_mm = 0.3;
  refit.align_radius_mm = 0.25;
  return refit;
}

// A candidate's fit: the coin it is, or why it is none.
struct FittedCandidate {
  std::optional<CoinHit> hit;
  std::optional<RejectedCandidate> rejected;
};

FittedCandidate FitCandidate(const FrameContext& context, const CoinCandidate& candidate,
                             const std::vector<RaisedSquare>& raised) {
  const double coin_radius = 0.5 * context.set.coin_diameter_mm;
  const double coin_top = context.set.coin_thickness_mm;
  FittedCandidate result;
  const auto reject = [&](const char* stage, std::string reason, const cv::Point2d& at) {
    result.rejected = RejectedCandidate{ObservedKind::kCoin, stage, std::move(reason), Vec(at)};
    return result;
  };
  const cv::Point2d seen = context.view.ToTable(candidate.view_px);
  cv::Point2d initial = context.view.LiftTo(seen, coin_top);
  // A marker's white cells make coin-sized blank faces; a real coin there would hide the
  // marker the table is calibrated from.
  if (context.mapping.Calibration().InMarkerSquare(initial, coin_radius))
    return reject("candidates", "inside a table marker's black square", initial);
  // On a tile the rim lies a tile higher, which moves it across the table by the parallax
  // of that height.
  cv::Point2d lifted;
  const int square = SquareUnder(context.mapping, initial, coin_top, coin_radius, raised, &lifted);
  const double base = square >= 0 ? raised[static_cast<size_t>(square)].top_mm : 0.0;
  if (square >= 0) initial = lifted;
  if (context.UnchangedCoinMiss(Vec(initial)))
    return reject("fit", kUnchangedCoinMissReason, initial);
  const auto fit_with = [&](const CoinFitOptions& fit_options) {
    return FitCoin(context.frame, context.mapping, initial, coin_radius, base + coin_top, base,
                   fit_options);
  };
  const auto try_again = [&](CoinFit& fit, const CoinFitOptions& fit_options) {
    CoinFit again = fit_with(fit_options);
    if (again.accepted && (!fit.accepted || FitQuality(again) > FitQuality(fit)))
      fit = std::move(again);
  };
  CoinFit fit = fit_with(context.options.coin_fit);
  const double second_reach = context.options.coin_second_reach_mm;
  // Rejected because the rim was not where the first alignment looked, or accepted on little.
  const CoinFitOptions& usual = context.options.coin_fit;
  const bool rim_elsewhere =
      fit.support < usual.min_support || fit.tight_support < usual.min_tight_support;
  const bool weak =
      fit.accepted ? fit.support < context.options.coin_recheck_support : rim_elsewhere;
  if (weak && second_reach > usual.align_reach_mm) {
    CoinFitOptions wider = usual;
    wider.align_reach_mm = second_reach;
    try_again(fit, wider);
  }
  if (!fit.accepted && context.NearExpected(Vec(initial)) &&
      !AtSquareCentre(initial, square, raised, coin_radius)) {
    CoinFitOptions lenient = context.options.coin_fit;
    lenient.min_support *= context.options.expected_coin_support_share;
    lenient.min_tight_support *= context.options.expected_coin_support_share;
    try_again(fit, lenient);
  }
  if (!fit.accepted) return reject("fit", (square >= 0 ? "on a tile: " : "") + fit.reason, initial);
  result.hit = CoinHit{std::move(fit), candidate.support, {}, base, square};
  return result;
}

}  // namespace

CoinFinder::CoinFinder(const PieceSet& set, const DetectionOptions& options)
    : coin_radius_mm_(0.5 * set.coin_diameter_mm), faces_(set, options.coin_face) {}

CoinFace CoinFinder::ReadFace(const cv::Mat& frame, const calibration::TableMapping& mapping,
                              const cv::Point2d& centre_mm, double top_mm) const {
  return faces_.Classify(frame, mapping, centre_mm, coin_radius_mm_, top_mm);
}

std::vector<ObservedPiece> CoinFinder::Find(const FrameContext& context,
                                            const std::vector<RaisedSquare>& raised,
                                            double* rim_radius_mm) const {
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
  // The candidates are fitted apart (on the cores OpenCV may use) and gathered in their order:
  // the same detection however the work was split.
  std::vector<FittedCandidate> fitted(candidates.size());
  cv::parallel_for_(cv::Range(0, static_cast<int>(candidates.size())), [&](const cv::Range& range) {
    for (int i = range.start; i < range.end; ++i) {
      const auto at = static_cast<size_t>(i);
      fitted[at] = FitCandidate(context, candidates[at], raised);
    }
  });
  std::vector<CoinHit> hits;
  for (FittedCandidate& candidate : fitted) {
    if (candidate.rejected) context.detection.rejected.push_back(std::move(*candidate.rejected));
    if (candidate.hit) hits.push_back(std::move(*candidate.hit));
  }

  context.timer.Start("classify");
  std::vector<CoinHit> recognised;
  for (CoinHit& hit : hits) {
    hit.face = faces_.Classify(context.frame, context.mapping, hit.fit.centre_mm, coin_radius,
                               hit.TopMm(context.set));
    if (!hit.face.recognised && context.NearExpected(Vec(hit.fit.centre_mm)) &&
        !AtSquareCentre(hit.fit.centre_mm, hit.on_square, raised, coin_radius)) {
      // A coin the caller saw come to rest here: where it is, not what.
      hit.face = CoinFace{};
    } else if (!hit.face.recognised) {
      context.detection.rejected.push_back(
          {ObservedKind::kCoin, "classify",
           "face not recognised (best " + std::to_string(hit.face.score) + " " + hit.face.side +
               " " + hit.face.suit.value_or(hit.face.rank.value_or("-")) + ", margin " +
               std::to_string(hit.face.margin) + ")",
           Vec(hit.fit.centre_mm)});
      continue;
    }
    recognised.push_back(std::move(hit));
  }
  hits = std::move(recognised);

  context.timer.Start("dedupe");
  // Two candidates of one coin converge on the same rim; keep the better fit.
  std::sort(hits.begin(), hits.end(), [](const CoinHit& a, const CoinHit& b) {
    return FitQuality(a.fit) > FitQuality(b.fit);
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
    context.detection.measured_coin_radius_mm = radii[radii.size() / 2];
    context.detection.measured_coin_count = static_cast<int>(radii.size());
    rim_radius =
        std::clamp(radii[radii.size() / 2], coin_radius - context.options.max_rim_offset_mm,
                   coin_radius + context.options.max_rim_offset_mm);
  }
  if (rim_radius_mm != nullptr) *rim_radius_mm = rim_radius;
  const CoinFitOptions refit = RefitOptions(context.options);
  for (CoinHit& hit : coins) {
    CoinFit better = FitCoin(context.frame, context.mapping, hit.fit.centre_mm, rim_radius,
                             hit.TopMm(context.set), hit.base_mm, refit);
    if (better.accepted) hit.fit = std::move(better);
  }
  for (const CoinHit& hit : coins) {
    ObservedPiece piece = Measured(context, hit.fit, hit.TopMm(context.set));
    if (hit.on_square >= 0) piece.on_top_of = hit.on_square;
    if (!hit.face.side.empty()) piece.side = hit.face.side;
    piece.suit = hit.face.suit;
    piece.rank = hit.face.rank;
    piece.confidence = std::clamp(std::min(hit.fit.support, hit.face.confidence), 0.0, 1.0);
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

ObservedPiece CoinFinder::Lower(const FrameContext& context, const ObservedPiece& coin,
                                double from_top_mm, double rim_radius_mm) const {
  const double top = context.set.coin_thickness_mm;
  const cv::Point2d seen =
      context.mapping.TableToImage(cv::Vec3d(coin.position_mm.x, coin.position_mm.y, from_top_mm));
  const cv::Point2d initial = context.mapping.ImageToTable(seen, top);
  const CoinFit fit = FitCoin(context.frame, context.mapping, initial, rim_radius_mm, top, 0,
                              RefitOptions(context.options));
  ObservedPiece lowered = coin;
  lowered.on_top_of.reset();
  if (!fit.accepted) {
    // The rim as found on the raised top, carried down the line of sight.
    lowered.position_mm = Vec(initial);
    lowered.footprint = rules::Circle{lowered.position_mm, 0.5 * context.set.coin_diameter_mm};
    return lowered;
  }
  const ObservedPiece measured = Measured(context, fit, top);
  lowered.position_mm = measured.position_mm;
  lowered.sigma_mm = measured.sigma_mm;
  lowered.footprint = measured.footprint;
  lowered.confidence = std::min(coin.confidence, fit.support);
  return lowered;
}

}  // namespace tabref::vision
