#pragma once

#include <array>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "calibration/intrinsics.h"
#include "calibration/markers.h"

namespace tabref::calibration {

// Where a marker sheet lies on the table: its centre and the in-plane turn of its x axis
// from the table's +x (counter-clockwise seen from above).
struct MarkerPlacement {
  cv::Point2d centre_mm;
  double angle_rad = 0;
};

// The black square's corners of a placed marker in the table frame, cv::aruco order
// (the printed marker's top faces the sheet's +y).
std::array<cv::Vec3d, 4> PlacedMarkerCorners(const MarkerPlacement& placement, double side_mm);

// The state of a table fit: camera pose, marker layout and (without intrinsics) the focal
// length, with the results of the last refinement.
struct TableFit {
  cv::Vec3d rotation_vector{0, 0, 0};  // camera_from_table (Rodrigues)
  cv::Vec3d translation{0, 0, 0};      // mm
  std::array<MarkerPlacement, kTableMarkerCount> markers{};
  cv::Matx66d pose_covariance = cv::Matx66d::zeros();  // rvec, t
  double rms_px = 0;                                   // over the corners used
  std::array<double, kTableMarkerCount> marker_rms_px{};
  double cost = 0;  // sum of squared corner residuals (px^2)
};

// Joint least squares over all corners of the four markers: camera pose (6), the in-plane
// pose of marker 0 (angle; its centre is the origin), marker 1 (x, angle; it defines +x) and
// markers 2 and 3 (x, y, angle). With `free_focal` the focal length is a parameter too
// (square pixels, principal point and distortion as in `intrinsics`, updated in place).
TableFit RefineTableJointly(const std::vector<MarkerObservation>& markers, Intrinsics& intrinsics,
                            bool free_focal, const TableFit& initial, double side_mm);

// The camera pose alone with the layout of `initial` fixed, from any markers in view.
TableFit RefinePoseOnly(const std::vector<MarkerObservation>& markers, const Intrinsics& intrinsics,
                        const TableFit& initial, double side_mm);

// A first table fit from each marker's own pose (IPPE square): the table frame from the
// marker centres (origin marker 0, +x toward marker 1, normal from all of them). Needs all
// four markers. Returns nothing when a marker's pose cannot be found.
std::optional<TableFit> InitialTableFit(const std::vector<MarkerObservation>& markers,
                                        const Intrinsics& intrinsics, double side_mm);

}  // namespace tabref::calibration
