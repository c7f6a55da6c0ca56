#pragma once

#include <optional>
#include <vector>

#include "vision/detect/pyramid_candidates.h"
#include "vision/detect/pyramid_model.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

struct PyramidPoseSearchOptions {
  double upright_step_deg = 6;  // turns of an upright base tried over 0..90 degrees
  double lying_step_deg = 8;    // apex directions of a lying one tried ...
  // ... within this of the blob's principal axis (either way), when the blob is at least
  // `min_elongation` times longer than wide (second moments); all around otherwise.
  double axis_reach_deg = 24;
  double min_elongation = 1.3;
  // A size and pose whose silhouette area is not within these ratios of the blob's is not
  // tried (the blob may lack a shaded face or include a shadow).
  double min_area_ratio = 0.4;
  double max_area_ratio = 1.9;
  int refined_hypotheses = 3;  // the best this many of the grid are refined ...
  int refine_rounds = 4;       // ... by pattern search, each round halving the steps
};

// A pose that explains a colour blob: a size of the set, upright or lying, where and how
// turned, and how well its silhouette overlaps the blob.
struct PyramidHypothesis {
  size_t size = 0;  // index in the set's pyramid sizes
  PyramidPlacement placement;
  double overlap = 0;  // intersection over union of silhouette and blob
};

// How well a pyramid at `placement` explains the blob: the intersection over union of its
// silhouette in the top view with the blob's cells.
double SilhouetteOverlap(const PyramidCandidate& candidate, const PyramidShape& shape,
                         const PyramidPlacement& placement, const TopView& view);

// ... where `hiding` cells (of the other pyramid colours, listed row by row with x rising) may
// hide part of it: a pyramid in front does, so the silhouette's part they cover counts
// neither for nor against it.
double VisibleSilhouetteOverlap(const PyramidCandidate& candidate, const PyramidCandidate& hiding,
                                const PyramidShape& shape, const PyramidPlacement& placement,
                                const TopView& view);
// The share of the silhouette of a pyramid at `placement` that `hiding` cells cover.
double HiddenShare(const PyramidCandidate& hiding, const PyramidShape& shape,
                   const PyramidPlacement& placement, const TopView& view);
// `start` (of `shape`) moved and turned by pattern search to where its silhouette, partly
// hidden by `hiding`, overlaps the blob best; its overlap the visible one.
PyramidHypothesis PlaceBehind(const PyramidCandidate& candidate, const PyramidCandidate& hiding,
                              const PyramidShape& shape, const PyramidHypothesis& start,
                              const TopView& view, const PyramidPoseSearchOptions& options);

// For every plausible size and pose (upright, lying), the placement whose silhouette overlaps
// the blob best: turns tried on a grid with the silhouette centred on the blob; the leading
// ones refined by pattern search and returned, best first. `only_size`: that size alone.
std::vector<PyramidHypothesis> SearchPyramidPoses(const PyramidCandidate& candidate,
                                                  const std::vector<PyramidShape>& shapes,
                                                  const TopView& view,
                                                  const PyramidPoseSearchOptions& options,
                                                  std::optional<size_t> only_size = std::nullopt);

}  // namespace tabref::vision
