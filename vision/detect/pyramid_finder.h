#pragma once

#include <vector>

#include "vision/detect/frame_context.h"
#include "vision/detect/pyramid_colours.h"
#include "vision/detect/pyramid_model.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// Looney pyramids: candidates are blobs of one of the set's pyramid colours in the top view
// (balanced against the markers' paper white, pyramid_candidates.h); each blob is explained
// by the size and pose (upright or lying, turn, apex direction) whose silhouette overlaps it
// best (pyramid_pose_search.h); that pose is refined on the outline's edges in the camera
// frame (pyramid_fit.h) when they fix it; a blob too large for one pyramid is tried as an
// upright pair stacked on each other; a small one not stacked (or nested on one alike) takes
// its place and turn from its picture (pyramid_appearance.h); positions with their 1-sigma
// uncertainty.
class PyramidFinder {
 public:
  PyramidFinder(const PieceSet& set, const DetectionOptions& options);

  // The pyramids found; a stacked one's `on_top_of` is an index among them.
  std::vector<ObservedPiece> Find(const FrameContext& context) const;

 private:
  PyramidColours colours_;
  std::vector<PyramidShape> shapes_;  // per size of the set, in its order
};

}  // namespace tabref::vision
