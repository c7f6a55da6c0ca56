#pragma once

#include <array>
#include <opencv2/core.hpp>

#include "calibration/intrinsics.h"

namespace tabref::calibration {

// OpenCV's pinhole + distortion model (k1..k6, p1, p2, s1..s4; the tilted-sensor terms are
// not supported) evaluated without the per-call overhead of cv::projectPoints and
// cv::undistortPoints: mapping hundreds of edge points per frame stays cheap.
class LensModel {
 public:
  // Throws CalibrationError for a tilted-sensor model (non-zero tauX, tauY).
  explicit LensModel(const Intrinsics& intrinsics);

  // Camera-frame point -> distorted pixel, exactly as cv::projectPoints (skew ignored as there).
  cv::Point2d Project(const cv::Vec3d& camera_point) const;
  // Undistorted normalised image point (x/z, y/z) -> distorted pixel.
  cv::Point2d PixelOf(const cv::Point2d& normalised) const;
  // Distorted pixel -> undistorted normalised image point, by Newton iteration on the model
  // (to 1e-12, also far out in the corners where cv::undistortPoints' fixed-point loop is not).
  cv::Point2d Normalised(const cv::Point2d& pixel) const;

  bool HasDistortion() const { return has_distortion_; }

 private:
  cv::Point2d Distort(const cv::Point2d& normalised) const;

  double fx_, fy_, cx_, cy_;
  std::array<double, 12> k_{};  // k1 k2 p1 p2 k3 k4 k5 k6 s1 s2 s3 s4
  bool has_distortion_ = false;
};

}  // namespace tabref::calibration
