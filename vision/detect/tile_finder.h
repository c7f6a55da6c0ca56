#pragma once

#include <vector>

#include "vision/detect/frame_context.h"
#include "vision/detect/tile_face.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// Piecepack tiles: candidates where the edges of a tile-sized square converge in the top view
// (tile_candidates.h, touching tiles included); each top face aligned and fitted in the
// camera frame (tile_fit.h); face or back, suit, value and the art's turn recognised from the
// set's art (tile_face.h); overlapping fits resolved; every tile refitted with the frame's
// measured edge; positions with their 1-sigma uncertainty and square footprints.
class TileFinder {
 public:
  TileFinder(const PieceSet& set, const DetectionOptions& options);

  std::vector<ObservedPiece> Find(const FrameContext& context) const;

 private:
  TileFaceClassifier faces_;
};

}  // namespace tabref::vision
