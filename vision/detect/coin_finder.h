#pragma once

#include <vector>

#include "vision/detect/coin_face.h"
#include "vision/detect/frame_context.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// A flat top coins may lie on (a tile's top face): a square in the table frame.
struct RaisedSquare {
  cv::Point2d centre_mm;
  double angle_rad = 0;  // turn of its sides
  double half_side_mm = 0;
  double top_mm = 0;  // height of the top above the table
};

// Piecepack coins: candidates where edges of a coin-sized circle converge in the top view;
// each rim aligned and fitted in the camera frame (coin_fit.h), on the table or, where its
// centre falls on one of the `raised` squares, refitted on that square's top; faces
// recognised from the set's art (coin_face.h); duplicates merged; every rim refitted with
// the frame's measured rim radius; positions with their 1-sigma uncertainty. A coin on a
// raised square gets `on_top_of` = the square's index in `raised`.
class CoinFinder {
 public:
  CoinFinder(const PieceSet& set, const DetectionOptions& options);

  // `rim_radius_mm` (optional) receives the frame's measured rim radius.
  std::vector<ObservedPiece> Find(const FrameContext& context,
                                  const std::vector<RaisedSquare>& raised = {},
                                  double* rim_radius_mm = nullptr) const;
  // A coin Find put on a raised square (its top at `from_top_mm`) that turned out not to
  // carry it (not a tile): refitted on the table, its identity kept.
  ObservedPiece Lower(const FrameContext& context, const ObservedPiece& coin, double from_top_mm,
                      double rim_radius_mm) const;

  // What the face of a coin whose rim is centred at `centre_mm` (its top at `top_mm`) shows,
  // however poorly it matches (CoinFace::recognised says whether Find would take it).
  CoinFace ReadFace(const cv::Mat& frame, const calibration::TableMapping& mapping,
                    const cv::Point2d& centre_mm, double top_mm) const;

 private:
  double coin_radius_mm_;
  CoinFaceClassifier faces_;
};

}  // namespace tabref::vision
