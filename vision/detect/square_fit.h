#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision {

// Points on the outline of a square, each known to lie on one of its sides: side k's outward
// normal points at angle + k * 90 degrees.
struct SquareEdgePoints {
  std::vector<cv::Point2d> points;
  std::vector<int> sides;       // 0..3 per point
  std::vector<double> weights;  // per point (e.g. edge strength); empty: all 1
};

// How a square's edges are expected to show: each side's edge lies `offset` (outward
// positive) from the true side, the same for every side of a frame up to `offset_sigma`
// per side (the light, the wall and the table around each side differ).
struct SideModel {
  double half_side = 0;
  double offset = 0;
  double offset_sigma = 0.2;
};

struct SquareFit {
  cv::Point2d centre;
  double angle = 0;  // radians: side 0's outward normal
  // Where each side's edge lies outward of the true side (the fitted offsets; the model's
  // offset for a side without points).
  cv::Vec4d side_offsets{0, 0, 0, 0};
  double rms = 0;  // of the inliers' residuals about their sides' edges
  int inliers = 0;
  std::vector<bool> inlier;  // per point
  cv::Vec4i side_inliers{0, 0, 0, 0};
  double centre_sigma = 0;  // 1-sigma of the centre (larger axis of its covariance)
  double angle_sigma = 0;   // radians
};

// Robust fit of a square of known half side: its centre, turn and the four sides' edge
// offsets, the offsets held to the model by their prior, by iteratively reweighted least
// squares with Tukey's biweight from `initial` (centre and angle). The residual scale is the
// median absolute deviation kept within [min_scale, max_scale]; points further than 3
// scales are outliers. The centre's sigma includes what the sides' offsets leave open:
// half the offset sigma along a pair seen on both sides, all of it along a pair seen on one.
SquareFit FitSquare(const SquareEdgePoints& edges, const SideModel& model,
                    const cv::Point2d& initial_centre, double initial_angle, double min_scale,
                    double max_scale);

}  // namespace tabref::vision
