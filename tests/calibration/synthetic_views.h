#pragma once

// Synthetic test scenes for calibration, from the synthetic table (vision/sim): the table with
// its four markers across poses and resolutions, and planar calibration boards (chessboard,
// ChArUco) seen through the same camera model with distortion, blur and noise.

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/intrinsics.h"
#include "calibration/table_calibration.h"
#include "vision/sim/camera.h"
#include "vision/sim/scene.h"

namespace tabref::calibration::testing {

// A webcam-like lens with mild barrel distortion and an off-centre principal point.
inline const cv::Vec<double, 5> kWebcamDistortion{-0.09, 0.04, 0.0005, -0.0004, 0};

struct TableView {
  int width = 1920;
  int height = 1080;
  double tilt_deg = 30;
  double yaw_deg = 7;
  double roll_deg = -2;
  cv::Vec<double, 5> distortion = kWebcamDistortion;
  cv::Vec2d far_marker_offset_mm{6, -5};
  std::uint64_t seed = 1;  // the sensor noise and the table texture
};

struct TableScene {
  vision::sim::Camera camera;
  vision::sim::TableLayout layout;
  cv::Mat image;
};

vision::sim::Camera PlaceTableCamera(const TableView& view, const vision::sim::TableLayout& layout);
vision::sim::TableLayout LayoutOf(const TableView& view);
// Renders the empty table (markers, texture, sensor effects) for `camera`.
cv::Mat RenderTable(const vision::sim::Camera& camera, const vision::sim::TableLayout& layout,
                    std::uint64_t seed);
TableScene RenderTableScene(const TableView& view);

// The true intrinsics of a simulated camera.
Intrinsics IntrinsicsOf(const vision::sim::Camera& camera);
// The camera moved by `shift_mm` (table frame) and turned by `turn_deg` about its own x axis.
vision::sim::Camera MovedCamera(const vision::sim::Camera& camera, const cv::Vec3d& shift_mm,
                                double turn_deg);

// Table points spread over the play area (a grid, z = height).
std::vector<cv::Vec3d> PlayAreaGrid(const vision::sim::TableLayout& layout, double height_mm,
                                    int steps = 12);
// The 95th percentile of |ImageToTable(project(truth)) - truth| over `points` (mm).
double MappingErrorP95(const TableCalibration& calibration, const vision::sim::Camera& camera,
                       const std::vector<cv::Vec3d>& points);

// A planar calibration board.
struct BoardPattern {
  bool charuco = true;
  cv::Size size{9, 6};  // squares (ChArUco) or inner corners (chessboard)
  double square_mm = 25;
  double marker_mm = 18;
};

// Renders `count` views of the board, spread over the image and tilted up to 40 degrees,
// through `camera`'s lens (its pose is ignored) with lens blur and sensor noise.
std::vector<cv::Mat> RenderBoardViews(const vision::sim::Camera& camera,
                                      const BoardPattern& pattern, int count, std::uint64_t seed);

}  // namespace tabref::calibration::testing
