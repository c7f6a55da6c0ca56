#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision {

struct CircleFit {
  cv::Point2d centre;
  double radius = 0;
  double rms = 0;  // of the inliers' radial residuals
  int inliers = 0;
  double centre_sigma = 0;   // 1-sigma of the centre (larger axis), from the residuals
  std::vector<bool> inlier;  // per point
};

// Robust fit of a circle of known `radius` (centre only) by iteratively reweighted least
// squares with Tukey's biweight, from `initial`. The residual scale is the median absolute
// deviation kept within [min_scale, max_scale], so that a rim half lost in noise cannot
// widen it; points further than 3 scales are outliers. `weights` (optional, per point)
// scale each point's influence, e.g. by its edge strength. `radius_sigma`: how well the
// radius is really known; the centre's sigma then includes what a radius that far off
// would move it (nothing for a whole rim, up to the radius error for half a rim).
CircleFit FitCircleKnownRadius(const std::vector<cv::Point2d>& points, double radius,
                               const cv::Point2d& initial, double min_scale, double max_scale,
                               const std::vector<double>& weights = {}, double radius_sigma = 0);

// Least-squares circle (centre and radius) through the points, weighted by `use` (all when
// empty): algebraic start, then Gauss-Newton.
CircleFit FitCircleFree(const std::vector<cv::Point2d>& points, const std::vector<bool>& use = {});

}  // namespace tabref::vision
