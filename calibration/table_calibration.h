#pragma once

#include <array>
#include <filesystem>
#include <opencv2/core.hpp>
#include <optional>
#include <string>
#include <vector>

#include "calibration/intrinsics.h"
#include "calibration/markers.h"

namespace tabref::calibration {

struct TableCalibrationOptions {
  double marker_side_mm = 60;  // the printed black square's side (DESIGN.md default 60)
  // Refuse a calibration whose corner reprojection RMS exceeds this (px): a wrong marker
  // size, a marker not lying flat, or a bad lens model.
  double max_rms_px = 2.0;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// The table frame of DESIGN.md as one camera sees it: origin at the centre of marker 0, +x
// toward the centre of marker 1, +y toward marker 3 (in the plane), +z up.
struct TableCalibration {
  Intrinsics intrinsics;
  bool focal_estimated = false;  // no intrinsics were given: focal length from the plane
  cv::Matx33d rotation = cv::Matx33d::eye();  // camera_from_table: X_cam = R X_table + t
  cv::Vec3d translation{0, 0, 0};             // mm
  double marker_side_mm = 60;
  std::array<cv::Point2d, kTableMarkerCount> marker_centres_mm;  // table frame, z = 0
  std::array<double, kTableMarkerCount> marker_angles_deg{};     // in-plane turn of each sheet
  std::vector<cv::Point2d> play_area_mm;  // polygon through the marker centres 0, 1, 2, 3
  double reprojection_rms_px = 0;         // over all 16 corners
  std::array<double, kTableMarkerCount> marker_rms_px{};
  // Covariance of the pose parameters (rvec 3, t 3: rad and mm), from the corner residuals;
  // drives the uncertainty of mapped points.
  cv::Matx66d pose_covariance = cv::Matx66d::zeros();

  // The 3D corners of marker `id` in the table frame, cv::aruco order.
  std::array<cv::Vec3d, 4> MarkerCorners(int id) const;
  // Whether `table_mm` lies inside a marker's black square, at least `inset_mm` in from its
  // edges.
  bool InMarkerSquare(const cv::Point2d& table_mm, double inset_mm) const;
};

// Estimates the table frame from the four markers in `markers`. With `intrinsics`: the pose
// and the markers' in-plane positions by least squares over all 16 corners. Without: the
// focal length as well (principal point at the image centre, no distortion), flagged by
// `focal_estimated`. Throws CalibrationError naming missing or duplicated markers, or a
// residual above `options.max_rms_px`.
TableCalibration CalibrateTable(const MarkerDetection& markers, cv::Size image_size,
                                const std::optional<Intrinsics>& intrinsics,
                                const TableCalibrationOptions& options = {});
// Detects the markers in `image` and calibrates.
TableCalibration CalibrateTable(const cv::Mat& image, const std::optional<Intrinsics>& intrinsics,
                                const TableCalibrationOptions& options = {});

// The table file of DESIGN.md (YAML): intrinsics, camera_from_table, marker centres,
// play area, residuals. Written to a temporary name and renamed; reading names bad fields.
void WriteTableCalibration(const TableCalibration& calibration, const std::filesystem::path& file);
TableCalibration ReadTableCalibration(const std::filesystem::path& file);
// The same YAML as text (the store keeps it in its calibrations table).
std::string TableCalibrationToYaml(const TableCalibration& calibration);
// `source` names the text in error messages.
TableCalibration TableCalibrationFromYaml(const std::string& yaml,
                                          const std::string& source = "table calibration");

}  // namespace tabref::calibration
