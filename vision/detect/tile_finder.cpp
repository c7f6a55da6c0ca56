#include "vision/detect/tile_finder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <opencv2/imgproc.hpp>

#include "vision/detect/tile_candidates.h"
#include "vision/detect/tile_fit.h"
#include "vision/detect/tile_identities.h"

namespace tabref::vision {
namespace {

constexpr double kDegrees = 180.0 / CV_PI;

rules::Vec2 Vec(const cv::Point2d& p) { return {p.x, p.y}; }

// Which of two overlapping fits to keep: one whose art is a tile's before one whose is not
// (a square straddling two touching tiles can fit their seam and the lines of a back's
// cross better than either tile's own sides), then the one whose sides and art agree better.
double Quality(const TileFit& fit, const TileFace& face) {
  return (face.recognised ? 10.0 : 0.0) + fit.support + fit.tight_support - 2 * fit.rms_mm +
         face.score;
}

// The art's up, in degrees: (-180, 180] on a face, [0, 90) on a back (the same at every
// quarter turn). `art_deg`: where the classifier saw the art's up, near one of the fitted
// square's quarter turns (a refit may have wrapped the square's angle around 0 / 90).
double ReportedAngle(const TileFit& fit, const TileFace& face, double art_deg) {
  const double degrees = fit.angle_rad * kDegrees;
  if (face.side != "face") return degrees;
  const double turned = degrees + 90.0 * std::round((art_deg - degrees) / 90.0);
  const double wrapped = std::fmod(turned + 540.0, 360.0) - 180.0;
  return wrapped == -180.0 ? 180.0 : wrapped;
}

}  // namespace

TileFinder::TileFinder(const PieceSet& set, const DetectionOptions& options)
    : faces_(set, options.tiles.face) {
  options.tiles.Check();
}

std::vector<TileFit> TileFinder::FindSquares(const FrameContext& context) const {
  const TileOptions& options = context.options.tiles;
  const double side = context.set.tile_side_mm;
  const double top = context.set.tile_thickness_mm;
  context.timer.Start("candidates");
  cv::Mat votes;
  const double side_px = side * context.view.Magnification(top) * context.view.Scale();
  const std::vector<TileCandidate> candidates =
      FindTileCandidates(context.gradient, side_px, options.candidates,
                         context.options.debug_images ? &votes : nullptr);
  if (context.options.debug_images) {
    cv::Mat normalised;
    cv::normalize(votes, normalised, 0, 255, cv::NORM_MINMAX, CV_8U);
    context.detection.debug_images.emplace_back("tile_votes", normalised);
  }

  context.timer.Start("fit");
  std::vector<TileFit> fits;
  // Squares whose sides lie further in or out than a tile's, judged again once the frame's
  // edge offset is known (far from the camera the blur takes a tile's edge 0.8 mm in).
  std::vector<TileFit> wrong_size;
  // Per fit, the places its candidate's alternates point to, not tried yet.
  std::vector<std::vector<cv::Point2d>> alternates;
  const auto known = [&](const cv::Point2d& initial) {
    return std::any_of(fits.begin(), fits.end(), [&](const TileFit& fit) {
      return cv::norm(fit.centre_mm - initial) < 0.25 * side;
    });
  };
  const auto fit_near = [&](const cv::Point2d& initial, double angle_rad) {
    TileFit fit =
        FitTile(context.frame, context.mapping, initial, angle_rad, side, top, 0, options.fit);
    if (fit.unseen_pair >= 0) {
      // One pair of sides seen, the other not: the candidate's centre may lie off along that
      // pair's normal, beyond its sides' search (detection seed 38: a coin touching the tile
      // drew the votes 10 mm off). That pair is looked for a quarter side either way.
      const double normal = fit.angle_rad + 0.5 * CV_PI * fit.unseen_pair;
      for (const double sign : {1.0, -1.0}) {
        const cv::Point2d moved = initial + sign * options.unseen_pair_shift * side *
                                                cv::Point2d(std::cos(normal), std::sin(normal));
        TileFit again = FitTile(context.frame, context.mapping, moved, fit.angle_rad, side, top, 0,
                                options.fit);
        if (again.accepted && (!fit.accepted || again.support > fit.support))
          fit = std::move(again);
      }
    }
    return fit;
  };
  for (const TileCandidate& candidate : candidates) {
    cv::Point2d initial = context.view.LiftTo(context.view.ToTable(candidate.view_px), top);
    // A candidate on a tile fitted already would only find that tile again.
    if (known(initial)) continue;
    // A marker's black square and the cells of its code make squares of their own (a dozen
    // candidates a frame, most fitted well); a tile there would hide the marker the table is
    // calibrated from.
    if (context.mapping.Calibration().InMarkerSquare(initial, 0)) {
      context.Reject(ObservedKind::kTile, "candidates", "inside a table marker's black square",
                     initial);
      continue;
    }
    TileFit fit = fit_near(initial, candidate.angle_rad);
    // No tile where the votes peaked: the tile's own centre may be a weaker peak nearby.
    std::vector<cv::Point2d> untried;
    for (const cv::Point2d& alternate_px : candidate.alternates_px) {
      const cv::Point2d alternate = context.view.LiftTo(context.view.ToTable(alternate_px), top);
      if (context.mapping.Calibration().InMarkerSquare(alternate, 0)) continue;
      if (fit.accepted || fit.wrong_size) {
        untried.push_back(alternate);
        continue;
      }
      if (known(alternate)) continue;
      // Kept only when its art reads as a tile: an alternate fitted beside a tile (on a coin,
      // the table, a hand) would make the candidates of the tile itself known and skipped.
      TileFit again = fit_near(alternate, candidate.angle_rad);
      if (again.accepted &&
          faces_.Look(context.frame, context.mapping, again.centre_mm, again.angle_rad, side, top)
              .recognised) {
        fit = std::move(again);
        initial = alternate;
      }
    }
    if (fit.wrong_size) {
      wrong_size.push_back(std::move(fit));
      continue;
    }
    if (!fit.accepted) {
      context.Reject(ObservedKind::kTile, "fit", fit.reason, initial);
      continue;
    }
    fits.push_back(std::move(fit));
    alternates.push_back(std::move(untried));
  }

  context.timer.Start("classify");
  // A first look at the art, with nothing known over it, only to choose among overlapping
  // fits (Describe reads it for good once the coins on tiles are known). A square fitted half
  // over a tile and half over the empty place beside it (the line of a back's cross, the seams
  // either side and the tile's side make a square of their own, as at a bocce end box's notch)
  // shows a plain face of two colours, and can have taken the candidates of the tile itself:
  // that tile is looked for half a side over each way (not beside squares of starker
  // contrast, such as a marker sheet's). Such a refit must show one colour.
  std::vector<double> quality(fits.size(), 0.0);
  std::vector<double> contrast(fits.size(), 0.0);
  std::vector<bool> read(fits.size(), false);
  const auto look = [&](size_t i) {
    const TileFit& fit = fits[i];
    const TileFace face =
        faces_.Look(context.frame, context.mapping, fit.centre_mm, fit.angle_rad, side, top);
    quality[i] = Quality(fit, face);
    contrast[i] = face.half_contrast;
    read[i] = face.recognised;
  };
  const auto drop_last = [&] {
    fits.pop_back();
    quality.pop_back();
    contrast.pop_back();
    read.pop_back();
  };
  const auto add = [&](TileFit fit) {
    fits.push_back(std::move(fit));
    quality.push_back(0);
    contrast.push_back(0);
    read.push_back(false);
    look(fits.size() - 1);
  };
  for (size_t i = 0; i < fits.size(); ++i) look(i);
  const size_t first_fits = fits.size();
  // A square fitted to a tile's art or to a coin beside it (its art reads as no tile) may have
  // taken the place of the tile its candidate's alternates point to: one that reads is added.
  for (size_t i = 0; i < first_fits; ++i) {
    if (read[i]) continue;
    for (const cv::Point2d& alternate : alternates[i]) {
      if (known(alternate)) continue;
      TileFit again = FitTile(context.frame, context.mapping, alternate, fits[i].angle_rad, side,
                              top, 0, options.fit);
      if (!again.accepted) continue;
      add(std::move(again));
      if (read.back()) break;
      drop_last();
    }
  }
  for (size_t i = 0; i < first_fits; ++i) {
    if (contrast[i] <= options.max_half_contrast || contrast[i] > options.max_shifted_contrast)
      continue;
    const cv::Point2d centre = fits[i].centre_mm;
    const double angle = fits[i].angle_rad;
    for (int k = 0; k < 4; ++k) {
      const double a = angle + 0.5 * CV_PI * k;
      const cv::Point2d initial = centre + 0.5 * side * cv::Point2d(std::cos(a), std::sin(a));
      if (known(initial)) continue;
      TileFit shifted =
          FitTile(context.frame, context.mapping, initial, angle, side, top, 0, options.fit);
      if (!shifted.accepted) continue;
      add(std::move(shifted));
      if (contrast.back() > options.max_half_contrast) drop_last();
    }
  }

  context.timer.Start("dedupe");
  // Tiles lie side by side, never over each other: of two fits closer than a side (a
  // candidate between touching tiles straddles both), the better one stays.
  std::vector<size_t> order(fits.size());
  for (size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return quality[a] > quality[b]; });
  std::vector<TileFit> tiles;
  for (const size_t i : order) {
    TileFit& fit = fits[i];
    const bool overlaps = std::any_of(tiles.begin(), tiles.end(), [&](const TileFit& kept) {
      return cv::norm(kept.centre_mm - fit.centre_mm) < 0.9 * side;
    });
    if (overlaps) {
      context.Reject(ObservedKind::kTile, "dedupe", "overlaps a better tile", fit.centre_mm);
      continue;
    }
    tiles.push_back(std::move(fit));
  }

  context.timer.Start("refine");
  // The top edge shows a little inside or outside the true side (blur, the printed border,
  // the wall's shading), much the same for every tile of a frame: it is measured on all
  // well-seen sides and every tile is refitted expecting it, which keeps half-seen tiles
  // unbiased.
  std::vector<double> offsets;
  for (const TileFit& fit : tiles) {
    for (int k = 0; k < 4; ++k) {
      if (fit.side_inliers[k] >= options.fit.rays_per_side / 2)
        offsets.push_back(fit.side_offsets[k]);
    }
  }
  double edge_offset = 0;
  if (!offsets.empty()) {
    std::nth_element(offsets.begin(),
                     offsets.begin() + static_cast<std::ptrdiff_t>(offsets.size() / 2),
                     offsets.end());
    edge_offset = std::clamp(offsets[offsets.size() / 2], -options.max_edge_offset_mm,
                             options.max_edge_offset_mm);
  }
  TileFitOptions refit = options.fit;
  refit.align_reach_mm = 0.3;
  refit.align_turn_deg = 0.3;
  for (TileFit& fit : tiles) {
    TileFit better = FitTile(context.frame, context.mapping, fit.centre_mm, fit.angle_rad, side,
                             top, edge_offset, refit);
    if (better.accepted) fit = std::move(better);
  }
  for (const TileFit& fit : wrong_size) {
    TileFit again = edge_offset == 0 ? fit
                                     : FitTile(context.frame, context.mapping, fit.centre_mm,
                                               fit.angle_rad, side, top, edge_offset, refit);
    const bool overlaps = std::any_of(tiles.begin(), tiles.end(), [&](const TileFit& kept) {
      return cv::norm(kept.centre_mm - again.centre_mm) < 0.9 * side;
    });
    if (!again.accepted || overlaps) {
      context.Reject(ObservedKind::kTile, "refine",
                     overlaps ? "overlaps a better tile" : again.reason, fit.centre_mm);
      continue;
    }
    tiles.push_back(std::move(again));
  }
  context.timer.Stop();
  return tiles;
}

std::vector<ObservedPiece> TileFinder::Describe(const FrameContext& context,
                                                const std::vector<TileFit>& squares,
                                                const std::vector<cv::Vec3d>& occluders,
                                                std::vector<int>* described) const {
  const TileOptions& options = context.options.tiles;
  const double side = context.set.tile_side_mm;
  const double top = context.set.tile_thickness_mm;
  context.timer.Start("classify");
  std::vector<size_t> read;  // the squares whose art reads as a tile
  std::vector<TileFace> faces;
  for (size_t k = 0; k < squares.size(); ++k) {
    const TileFit& fit = squares[k];
    TileFace face = faces_.Classify(context.frame, context.mapping, fit.centre_mm, fit.angle_rad,
                                    side, top, occluders);
    if (face.recognised && face.half_contrast > options.max_half_contrast &&
        face.score < options.min_printed_art_score &&
        fit.support < options.min_two_coloured_support) {
      // Half over the tile and half over what lies beside it: the plain face shows two colours,
      // the art reads barely and the sides are found on few rays (art read clearly, or sides
      // found all round, vouch for a tile whose face shows a shadow).
      char reason[120];
      std::snprintf(reason, sizeof reason,
                    "two colours: its halves differ (contrast %.3f, art %.2f, support %.2f)",
                    face.half_contrast, face.score, fit.support);
      context.Reject(ObservedKind::kTile, "classify", reason, fit.centre_mm);
      continue;
    }
    if (!face.recognised) {
      char reason[160];
      if (face.hidden > options.face.max_hidden)
        std::snprintf(reason, sizeof reason, "art hidden (%.0f %% of the face)", 100 * face.hidden);
      else
        std::snprintf(reason, sizeof reason,
                      "art matches no tile (best %s %s %s, score %.2f, %.0f %% hidden)",
                      face.side.c_str(), face.suit.value_or("-").c_str(),
                      face.rank.value_or("-").c_str(), face.score, 100 * face.hidden);
      context.Reject(ObservedKind::kTile, "classify", reason, fit.centre_mm);
      continue;
    }
    read.push_back(k);
    faces.push_back(std::move(face));
  }
  context.timer.Stop();
  if (options.unique_faces) {
    context.timer.Start("dedupe");
    SettleRepeatedFaces(faces, options.face.min_match);
    context.timer.Stop();
  }
  std::vector<ObservedPiece> pieces;
  if (described != nullptr) described->clear();
  for (size_t r = 0; r < read.size(); ++r) {
    const size_t k = read[r];
    const TileFit& fit = squares[k];
    const TileFace& face = faces[r];
    ObservedPiece piece;
    piece.kind = ObservedKind::kTile;
    piece.position_mm = Vec(fit.centre_mm);
    const calibration::MappedPoint mapped = context.mapping.ImageToTableWithSigma(
        context.mapping.TableToImage(cv::Vec3d(fit.centre_mm.x, fit.centre_mm.y, top)), top, 0);
    piece.sigma_mm =
        std::sqrt(fit.centre_sigma_mm * fit.centre_sigma_mm + mapped.sigma_mm * mapped.sigma_mm +
                  options.model_sigma_mm * options.model_sigma_mm);
    piece.calibration_sigma_mm = mapped.sigma_mm;
    piece.angle_deg =
        ReportedAngle(fit, face, fit.angle_rad * kDegrees + 90.0 * face.quarter_turns);
    piece.footprint = rules::Square(piece.position_mm, side, piece.angle_deg);
    piece.side = face.side;
    piece.suit = face.suit;
    piece.rank = face.rank;
    piece.confidence = std::clamp(std::min(fit.support, face.confidence), 0.0, 1.0);
    pieces.push_back(std::move(piece));
    if (described != nullptr) described->push_back(static_cast<int>(k));
  }
  return pieces;
}

bool TileFinder::IsPrinted(const FrameContext& context, const TileFit& square,
                           const std::vector<cv::Vec3d>& occluders, size_t k) const {
  const double side = context.set.tile_side_mm;
  const double top = context.set.tile_thickness_mm;
  const TileFace hidden = faces_.Classify(context.frame, context.mapping, square.centre_mm,
                                          square.angle_rad, side, top, occluders);
  std::vector<cv::Vec3d> others = occluders;
  others.erase(others.begin() + static_cast<std::ptrdiff_t>(k));
  const TileFace shown = faces_.Classify(context.frame, context.mapping, square.centre_mm,
                                         square.angle_rad, side, top, others);
  // Only art read clearly can vouch that a disc is its print (a square fitted half on a tile
  // and half on the table reads as the tile's art only barely, whatever lies on it).
  return hidden.recognised && shown.recognised &&
         hidden.score >= context.options.tiles.min_printed_art_score && shown.side == hidden.side &&
         shown.suit == hidden.suit && shown.rank == hidden.rank &&
         shown.quarter_turns == hidden.quarter_turns &&
         shown.score >= hidden.score - context.options.tiles.printed_margin;
}

}  // namespace tabref::vision
