#pragma once

#include "vision/detect/coin_candidates.h"
#include "vision/detect/coin_face.h"
#include "vision/detect/coin_fit.h"
#include "vision/detect/pyramid_options.h"
#include "vision/detect/tile_options.h"

namespace tabref::vision {

struct DetectionOptions {
  // Scale of the top view the candidates are found in: the camera's own resolution at the
  // play area's centre, kept within these bounds (px/mm).
  double min_view_px_per_mm = 0.7;
  double max_view_px_per_mm = 1.6;
  double view_margin_mm = 70;  // the top view reaches this far beyond the marker centres
  // Whether coins are looked for (false: a game played without them, less work a frame).
  bool coins_enabled = true;
  CoinCandidateOptions coin_candidates;
  CoinFitOptions coin_fit;
  CoinFaceOptions coin_face;
  // A coin candidate whose rim was found on too few rays is fitted again with the rim's
  // first alignment reaching this far (mm; 0: not again): where a pale coin's face melts
  // into a pale table, the votes come from the near side's wall and shadow and put the
  // candidate 2.5-4 mm toward the camera, beyond the first alignment's reach.
  double coin_second_reach_mm = 3.6;
  // A fit accepted on fewer rays than this share is fitted again with that wide alignment too
  // and the better fit kept: the first alignment, short of the rim, can settle on a circle
  // that half meets the rim and half the wall's foot or the face's art (pale laminate, far
  // cameras: 3.3-4.4 mm off, its face then unread).
  double coin_recheck_support = 0.7;
  // How far the frame's measured rim radius may differ from the set's coin radius (mm).
  double max_rim_offset_mm = 0.6;
  // Position uncertainty the fit residuals do not show (lens model, shading, rim wear),
  // added in quadrature; measured on the synthetic evaluation set (docs/benchmarks.md).
  double model_sigma_mm = 0.12;
  // Added to a coin's sigma per share of its rim not seen: a half-seen rim leans on the
  // frame's rim radius, and its centre moves with that radius's error (mm at no rim seen).
  double unseen_rim_sigma_mm = 0.4;
  // Within this of a place the caller saw a piece come to rest (PieceDetector::Detect), a
  // piece is taken on less: a pyramid at its silhouette's pose (PyramidOptions::
  // min_expected_overlap), a coin whose rim fitted though its face was not read (too small or
  // blurred), with no identity, and one whose rim showed on this share of the rays other
  // coins need (CoinFitOptions::min_support and min_tight_support): an ivory coin on a pale
  // table shows its rim only where its wall does, part of the near side. A tracker followed a
  // piece there.
  double expected_reach_mm = 12;
  double expected_coin_support_share = 0.6;
  // The least sigma of a coin taken on that little rim: such a fit may sit millimetres off
  // (errors up to 5 mm on pale laminate, tests/vision/detect/expected_coin_test.cpp).
  double weak_coin_sigma_mm = 2.5;
  // A coin candidate this close to one an earlier detection turned down where the image has
  // not changed since (DetectionHints::unchanged_coin_misses_mm) is the same candidate (top
  // view pixels: with the sensor's noise the vote peak of printed art, which has no round rim
  // to pin it, wanders by two or three pixels; a coin put down near it changes the image).
  double unchanged_miss_reach_px = 3.0;
  PyramidOptions pyramids;  // how Looney pyramids are found
  TileOptions tiles;
  bool debug_images = false;  // keep named images of the stages in Detection

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

}  // namespace tabref::vision
