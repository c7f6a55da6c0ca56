#pragma once

#include <vector>

#include "vision/detect/pyramid_candidates.h"
#include "vision/detect/pyramid_model.h"
#include "vision/detect/pyramid_pose_search.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

struct PyramidSideBySideOptions {
  // The finder looks for a pair only in a blob its best single pyramid overlaps at least
  // this well: one of two side by side covers about half their blob (art, shadows and hands
  // are blobs no single pyramid overlaps).
  double min_single_overlap = 0.35;
  // Rounds of explaining the blob away: each pyramid searched again on the cells the other's
  // silhouette leaves.
  int rounds = 2;
  // Each half of the first split holds at least this share of the blob's cells.
  double min_part_share = 0.2;
  // Solid pyramids do not pass into each other: their footprints share at most this much of
  // the smaller one's area.
  double max_footprint_overlap = 0.1;
  // The finder takes the pair only when both outlines are met with at least this share of
  // their rays in the fit's tight band (shadow and print make pairs of blobs too).
  double min_tight_share = 0.5;
};

// Two pyramids of one colour side by side (touching, or nearly), which the colour map sees
// as one blob, and how well the union of their silhouettes overlaps it (intersection over
// union; -1 when the blob does not split into two pyramids).
struct PyramidSideBySideHypothesis {
  PyramidHypothesis first;
  PyramidHypothesis second;
  double overlap = -1;
};

// Splits the blob in two (two-means from its principal axis), finds each half's best pose,
// and lets each pyramid explain what the other's silhouette leaves of the blob, in turn.
// Footprints that overlap are no pair.
PyramidSideBySideHypothesis SearchSideBySidePoses(const PyramidCandidate& candidate,
                                                  const std::vector<PyramidShape>& shapes,
                                                  const TopView& view,
                                                  const PyramidPoseSearchOptions& pose_options,
                                                  const PyramidSideBySideOptions& options);

}  // namespace tabref::vision
