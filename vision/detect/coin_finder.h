#pragma once

#include <vector>

#include "vision/detect/coin_face.h"
#include "vision/detect/frame_context.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// Piecepack coins: candidates where edges of a coin-sized circle converge in the top view;
// each rim aligned and fitted in the camera frame (coin_fit.h); faces recognised from the
// set's art (coin_face.h); duplicates merged; every rim refitted with the frame's measured
// rim radius; positions with their 1-sigma uncertainty.
class CoinFinder {
 public:
  CoinFinder(const PieceSet& set, const DetectionOptions& options);

  std::vector<ObservedPiece> Find(const FrameContext& context) const;

 private:
  CoinFaceClassifier faces_;
};

}  // namespace tabref::vision
