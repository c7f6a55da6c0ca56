#pragma once

#include <vector>

#include "vision/detect/pyramid_candidates.h"
#include "vision/detect/pyramid_model.h"
#include "vision/detect/pyramid_pose_search.h"
#include "vision/detect/pyramid_side_by_side.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

// A blob that neither one pyramid nor two explain may be more of one colour touching (Ice
// Boule pieces gather round the target): the one whose outline is met most tightly is peeled
// off, and what its silhouette leaves of the blob is explained again, part by part.
struct PyramidPeelOptions {
  bool enabled = true;
  // The pyramids tried first: each part's leading `pose_choices` poses where the blob is split
  // into two, and into up to `max_parts`, parts (k-means, each part explained away by the
  // others' silhouettes: pyramid_side_by_side.h).
  int max_parts = 3;
  int pose_choices = 2;
  // One is peeled off where its outline fit holds near its pose with at least this share of
  // its rays in the tight band (beside its like, a pyramid's outline is met only on its free
  // sides: held-out Ice Boule seed 15's large lying pyramid beside another, 0.89).
  double min_tight_share = 0.6;
  // ... and its silhouette lies on the blob: at least this share of it covered by the blob's
  // cells (a pen or a tile's print of a pyramid colour leaves most of a silhouette uncovered,
  // a pyramid among others of its colour none).
  double min_cover = 0.9;
  // At most this many are peeled off one blob in turn.
  int max_peeled = 3;
  // What is left is explained as any blob is, but a pyramid found there shares at most this
  // much of its footprint (or of the smaller one's) with one peeled off beside it: a lying
  // pyramid's apex may hang over an upright one's base (0.15 in seed 55's group), two split
  // out of one pyramid's blob share far more.
  double max_footprint_overlap = 0.3;
};

// The pyramids to try peeling off the blob, without repeats.
std::vector<PyramidHypothesis> PeelCandidates(const PyramidCandidate& blob,
                                              const std::vector<PyramidShape>& shapes,
                                              const TopView& view,
                                              const PyramidPoseSearchOptions& pose_options,
                                              const PyramidSideBySideOptions& side_by_side,
                                              const PyramidPeelOptions& options);

// The share of the silhouette of a pyramid of `shape` at `placement` that the blob's cells
// cover.
double SilhouetteCover(const PyramidCandidate& blob, const PyramidShape& shape,
                       const PyramidPlacement& placement, const TopView& view);

// What `taken` leaves of the blob: its cells outside, in connected parts of at least
// `min_area_mm2`.
std::vector<PyramidCandidate> BlobRemainder(const PyramidCandidate& blob,
                                            const PyramidSilhouette& taken, double min_area_mm2);

}  // namespace tabref::vision
