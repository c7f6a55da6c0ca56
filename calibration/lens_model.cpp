#include "calibration/lens_model.h"

#include <cmath>

#include "calibration/calibration_error.h"

namespace tabref::calibration {

LensModel::LensModel(const Intrinsics& intrinsics)
    : fx_(intrinsics.camera_matrix(0, 0)),
      fy_(intrinsics.camera_matrix(1, 1)),
      cx_(intrinsics.camera_matrix(0, 2)),
      cy_(intrinsics.camera_matrix(1, 2)) {
  cv::Mat coefficients;
  intrinsics.distortion.reshape(1, 1).convertTo(coefficients, CV_64F);
  const int count = static_cast<int>(coefficients.total());
  for (int i = 0; i < count && i < 12; ++i) {
    k_[static_cast<size_t>(i)] = coefficients.at<double>(i);
    if (k_[static_cast<size_t>(i)] != 0) has_distortion_ = true;
  }
  if (count > 12 && (coefficients.at<double>(12) != 0 || coefficients.at<double>(13) != 0)) {
    throw CalibrationError("tilted-sensor distortion (tauX, tauY) is not supported");
  }
}

cv::Point2d LensModel::Distort(const cv::Point2d& p) const {
  if (!has_distortion_) return p;
  const double r2 = p.x * p.x + p.y * p.y;
  const double r4 = r2 * r2;
  const double r6 = r4 * r2;
  const double radial =
      (1 + k_[0] * r2 + k_[1] * r4 + k_[4] * r6) / (1 + k_[5] * r2 + k_[6] * r4 + k_[7] * r6);
  const double xy = p.x * p.y;
  return {p.x * radial + 2 * k_[2] * xy + k_[3] * (r2 + 2 * p.x * p.x) + k_[8] * r2 + k_[9] * r4,
          p.y * radial + k_[2] * (r2 + 2 * p.y * p.y) + 2 * k_[3] * xy + k_[10] * r2 + k_[11] * r4};
}

cv::Point2d LensModel::PixelOf(const cv::Point2d& normalised) const {
  const cv::Point2d d = Distort(normalised);
  return {fx_ * d.x + cx_, fy_ * d.y + cy_};
}

cv::Point2d LensModel::Project(const cv::Vec3d& q) const {
  return PixelOf({q[0] / q[2], q[1] / q[2]});
}

cv::Point2d LensModel::Normalised(const cv::Point2d& pixel) const {
  const cv::Point2d target((pixel.x - cx_) / fx_, (pixel.y - cy_) / fy_);
  if (!has_distortion_) return target;
  cv::Point2d p = target;
  constexpr double kStep = 1e-7;
  for (int iteration = 0; iteration < 30; ++iteration) {
    const cv::Point2d d = Distort(p);
    const cv::Point2d error = d - target;
    if (error.x * error.x + error.y * error.y < 1e-26) break;
    // The 2x2 Jacobian of the distortion by forward differences: the model is smooth and
    // Newton converges in a few steps from the distorted point.
    const cv::Point2d dx = (Distort({p.x + kStep, p.y}) - d) / kStep;
    const cv::Point2d dy = (Distort({p.x, p.y + kStep}) - d) / kStep;
    const double det = dx.x * dy.y - dy.x * dx.y;
    if (std::abs(det) < 1e-12) break;
    p.x -= (dy.y * error.x - dy.x * error.y) / det;
    p.y -= (-dx.y * error.x + dx.x * error.y) / det;
  }
  return p;
}

}  // namespace tabref::calibration
