#pragma once

#include <vector>

#include "vision/detect/frame_context.h"
#include "vision/detect/tile_face.h"
#include "vision/detect/tile_fit.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// Piecepack tiles, in two steps around the coins (which may lie on tiles and hide their
// art): FindSquares puts candidates where the edges of a tile-sized square converge in the
// top view (tile_candidates.h, touching tiles included), aligns and fits each top face in the
// camera frame (tile_fit.h), resolves overlapping fits and refits every tile with the frame's
// measured edge. Describe reads face or back, suit, value and the art's turn from the set's
// art (tile_face.h), leaving out what lies under coins, and reports positions with their
// 1-sigma uncertainty and square footprints.
class TileFinder {
 public:
  TileFinder(const PieceSet& set, const DetectionOptions& options);

  // The tiles' top faces, fitted (stages candidates, fit, dedupe, refine).
  std::vector<TileFit> FindSquares(const FrameContext& context) const;
  // The tiles of `squares` whose art is recognised (stage classify); `occluders`: image
  // discs (x, y, radius px) over the faces, such as coins lying on tiles. `described`
  // (optional) receives the index in `squares` of each piece returned.
  std::vector<ObservedPiece> Describe(const FrameContext& context,
                                      const std::vector<TileFit>& squares,
                                      const std::vector<cv::Vec3d>& occluders,
                                      std::vector<int>* described = nullptr) const;
  // Whether `occluders[k]`, over the face of `square`, is the tile's own printed art (a
  // coin-sized ring of a suit symbol, say) rather than something lying on it: the face reads
  // as the same tile, at least as well, with that disc shown as with it hidden.
  bool IsPrinted(const FrameContext& context, const TileFit& square,
                 const std::vector<cv::Vec3d>& occluders, size_t k) const;
  // Both, with nothing over the faces.
  std::vector<ObservedPiece> Find(const FrameContext& context) const {
    return Describe(context, FindSquares(context), {});
  }

 private:
  TileFaceClassifier faces_;
};

}  // namespace tabref::vision
