#pragma once

#include <vector>

#include "vision/detect/pyramid_candidates.h"
#include "vision/detect/pyramid_model.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

struct PyramidStackOptions {
  double step_deg = 6;    // turns of the pair tried over 0..90 degrees
  int refine_rounds = 4;  // pattern search rounds on position and turn, halving the steps
  // Hollow pyramids nest until the upper one's base meets the lower one's sides, but never
  // deeper than this share of the upper one's height (pyramid_model.h NestedBaseHeight).
  double min_nest_share = 0.2;
  // Only pairs of one size are tried (of one colour: a catapult); otherwise only pairs whose
  // upper base is smaller than the lower one's.
  bool alike_only = false;
};

// Two upright pyramids, the upper one nested on the lower one (same position and turn).
struct PyramidStackHypothesis {
  size_t lower = 0;  // indices in the set's pyramid sizes
  size_t upper = 0;
  PyramidPlacement lower_placement;
  PyramidPlacement upper_placement;
  double overlap = -1;  // intersection over union of the pair's silhouettes with the blob(s)
};

// The stacked pair that explains the blobs best. `upper_blob` null: both pyramids have the
// colour of `blob`, which must then be their joined silhouettes; otherwise `upper_blob` is
// the upper pyramid's silhouette and `blob` what it leaves of the lower one's. Pairs of one
// size (an Ice Boule catapult, nested a fifth of the upper one's height up) only with
// `options.alike_only`, for one colour: of two colours the lower one would show as slivers
// too thin to tell.
PyramidStackHypothesis SearchStackedPoses(const PyramidCandidate& blob,
                                          const PyramidCandidate* upper_blob,
                                          const std::vector<PyramidShape>& shapes,
                                          const TopView& view, const PyramidStackOptions& options);

}  // namespace tabref::vision
