#include "calibration/table_mapping.h"

#include <cmath>
#include <opencv2/calib3d.hpp>

namespace tabref::calibration {

TableMapping::TableMapping(TableCalibration calibration) : calibration_(std::move(calibration)) {}

cv::Vec3d TableMapping::RayThrough(const cv::Point2d& pixel) const {
  std::vector<cv::Point2d> in{pixel}, out;
  cv::undistortPoints(in, out, cv::Mat(calibration_.intrinsics.camera_matrix),
                      calibration_.intrinsics.distortion);
  const cv::Vec3d ray_camera(out[0].x, out[0].y, 1);
  return cv::normalize(calibration_.rotation.t() * ray_camera);
}

cv::Vec3d TableMapping::CameraCentre() const {
  return -(calibration_.rotation.t() * calibration_.translation);
}

cv::Point2d TableMapping::ImageToTable(const cv::Point2d& pixel, double height_mm) const {
  const cv::Vec3d centre = CameraCentre();
  const cv::Vec3d ray = RayThrough(pixel);
  const double t = (height_mm - centre[2]) / ray[2];
  return {centre[0] + t * ray[0], centre[1] + t * ray[1]};
}

std::vector<cv::Point2d> TableMapping::ImageToTable(const std::vector<cv::Point2d>& pixels,
                                                    double height_mm) const {
  std::vector<cv::Point2d> points;
  if (pixels.empty()) return points;
  std::vector<cv::Point2d> normalised;
  cv::undistortPoints(pixels, normalised, cv::Mat(calibration_.intrinsics.camera_matrix),
                      calibration_.intrinsics.distortion);
  const cv::Vec3d centre = CameraCentre();
  const cv::Matx33d table_from_camera = calibration_.rotation.t();
  points.reserve(pixels.size());
  for (const cv::Point2d& n : normalised) {
    const cv::Vec3d ray = table_from_camera * cv::Vec3d(n.x, n.y, 1);
    const double t = (height_mm - centre[2]) / ray[2];
    points.emplace_back(centre[0] + t * ray[0], centre[1] + t * ray[1]);
  }
  return points;
}

MappedPoint TableMapping::ImageToTableWithSigma(const cv::Point2d& pixel, double height_mm,
                                                double pixel_sigma_px) const {
  const cv::Point2d point = ImageToTable(pixel, height_mm);
  const double scale = PixelsPerMm({point.x, point.y, height_mm});
  return {point, pixel_sigma_px / scale};
}

cv::Point2d TableMapping::TableToImage(const cv::Vec3d& table_point) const {
  return TableToImage(std::vector<cv::Vec3d>{table_point})[0];
}

std::vector<cv::Point2d> TableMapping::TableToImage(const std::vector<cv::Vec3d>& points) const {
  std::vector<cv::Point2d> pixels;
  if (points.empty()) return pixels;
  cv::Vec3d rvec;
  cv::Rodrigues(cv::Mat(calibration_.rotation), rvec);
  cv::projectPoints(points, rvec, calibration_.translation,
                    cv::Mat(calibration_.intrinsics.camera_matrix),
                    calibration_.intrinsics.distortion, pixels);
  return pixels;
}

double TableMapping::PixelsPerMm(const cv::Vec3d& table_point) const {
  const auto pixels = TableToImage(
      {table_point, table_point + cv::Vec3d(1, 0, 0), table_point + cv::Vec3d(0, 1, 0)});
  return 0.5 * (cv::norm(pixels[1] - pixels[0]) + cv::norm(pixels[2] - pixels[0]));
}

}  // namespace tabref::calibration
