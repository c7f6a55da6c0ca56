#include "calibration/table_mapping.h"

#include <cmath>
#include <limits>
#include <opencv2/calib3d.hpp>

namespace tabref::calibration {

TableMapping::TableMapping(TableCalibration calibration)
    : calibration_(std::move(calibration)),
      lens_(calibration_.intrinsics),
      table_from_camera_(calibration_.rotation.t()),
      centre_(-(calibration_.rotation.t() * calibration_.translation)) {
  cv::Rodrigues(calibration_.rotation, rotation_vector_);
}

cv::Point2d TableMapping::Intersect(const cv::Point2d& normalised,
                                    const cv::Matx33d& table_from_camera, const cv::Vec3d& centre,
                                    double height_mm) {
  const cv::Vec3d ray = table_from_camera * cv::Vec3d(normalised.x, normalised.y, 1);
  const double along = (height_mm - centre[2]) / ray[2];
  if (!(along > 0)) {
    return {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()};
  }
  return {centre[0] + along * ray[0], centre[1] + along * ray[1]};
}

cv::Point2d TableMapping::ImageToTable(const cv::Point2d& pixel, double height_mm) const {
  return Intersect(lens_.Normalised(pixel), table_from_camera_, centre_, height_mm);
}

std::vector<cv::Point2d> TableMapping::ImageToTable(const std::vector<cv::Point2d>& pixels,
                                                    double height_mm) const {
  std::vector<cv::Point2d> points;
  points.reserve(pixels.size());
  for (const cv::Point2d& pixel : pixels) points.push_back(ImageToTable(pixel, height_mm));
  return points;
}

MappedPoint TableMapping::ImageToTableWithSigma(const cv::Point2d& pixel, double height_mm,
                                                double pixel_sigma_px) const {
  MappedPoint mapped;
  const cv::Point2d normalised = lens_.Normalised(pixel);
  mapped.table_mm = Intersect(normalised, table_from_camera_, centre_, height_mm);
  if (std::isnan(mapped.table_mm.x)) {
    mapped.sigma_mm = std::numeric_limits<double>::quiet_NaN();
    return mapped;
  }
  // The pose's covariance through the mapping's Jacobian in rvec and t (central differences).
  cv::Matx<double, 2, 6> pose_jacobian;
  const std::array<double, 6> steps{1e-6, 1e-6, 1e-6, 1e-3, 1e-3, 1e-3};
  for (int i = 0; i < 6; ++i) {
    std::array<cv::Point2d, 2> moved;
    for (int sign = 0; sign < 2; ++sign) {
      cv::Vec3d rvec = rotation_vector_;
      cv::Vec3d translation = calibration_.translation;
      const double delta = (sign == 0 ? 1 : -1) * steps[static_cast<size_t>(i)];
      if (i < 3) {
        rvec[i] += delta;
      } else {
        translation[i - 3] += delta;
      }
      cv::Matx33d rotation;
      cv::Rodrigues(rvec, rotation);
      moved[static_cast<size_t>(sign)] =
          Intersect(normalised, rotation.t(), -(rotation.t() * translation), height_mm);
    }
    const cv::Point2d derivative = (moved[0] - moved[1]) / (2 * steps[static_cast<size_t>(i)]);
    pose_jacobian(0, i) = derivative.x;
    pose_jacobian(1, i) = derivative.y;
  }
  cv::Matx22d covariance = pose_jacobian * calibration_.pose_covariance * pose_jacobian.t();
  // The detector's pixel error through the local image-to-plane Jacobian.
  constexpr double kPixelStep = 0.5;
  const cv::Point2d du = (ImageToTable(pixel + cv::Point2d(kPixelStep, 0), height_mm) -
                          ImageToTable(pixel - cv::Point2d(kPixelStep, 0), height_mm)) /
                         (2 * kPixelStep);
  const cv::Point2d dv = (ImageToTable(pixel + cv::Point2d(0, kPixelStep), height_mm) -
                          ImageToTable(pixel - cv::Point2d(0, kPixelStep), height_mm)) /
                         (2 * kPixelStep);
  const cv::Matx22d pixel_jacobian(du.x, dv.x, du.y, dv.y);
  covariance += pixel_sigma_px * pixel_sigma_px * (pixel_jacobian * pixel_jacobian.t());
  // The larger axis of the covariance ellipse.
  const double mean = 0.5 * (covariance(0, 0) + covariance(1, 1));
  const double half_gap = std::sqrt(0.25 * std::pow(covariance(0, 0) - covariance(1, 1), 2) +
                                    covariance(0, 1) * covariance(1, 0));
  mapped.sigma_mm = std::sqrt(std::max(0.0, mean + half_gap));
  return mapped;
}

cv::Point2d TableMapping::TableToImage(const cv::Vec3d& table_point) const {
  return lens_.Project(calibration_.rotation * table_point + calibration_.translation);
}

std::vector<cv::Point2d> TableMapping::TableToImage(
    const std::vector<cv::Vec3d>& table_points) const {
  std::vector<cv::Point2d> pixels;
  pixels.reserve(table_points.size());
  for (const cv::Vec3d& point : table_points) pixels.push_back(TableToImage(point));
  return pixels;
}

cv::Vec3d TableMapping::RayThrough(const cv::Point2d& pixel) const {
  const cv::Point2d n = lens_.Normalised(pixel);
  return cv::normalize(table_from_camera_ * cv::Vec3d(n.x, n.y, 1));
}

cv::Vec3d TableMapping::CameraCentre() const { return centre_; }

double TableMapping::PixelsPerMm(const cv::Vec3d& table_point) const {
  const cv::Point2d a = TableToImage(table_point);
  const cv::Point2d b = TableToImage(table_point + cv::Vec3d(1, 0, 0));
  const cv::Point2d c = TableToImage(table_point + cv::Vec3d(0, 1, 0));
  return 0.5 * (cv::norm(b - a) + cv::norm(c - a));
}

}  // namespace tabref::calibration
