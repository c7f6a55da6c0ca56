#pragma once

#include <filesystem>
#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision::sim {

// Where the simulated webcam is and what lens it has.
struct CameraOptions {
  int width = 1280;  // image size in pixels, 640x480 .. 1920x1080
  int height = 720;
  double horizontal_fov_deg = 64;       // of the undistorted pinhole model
  double tilt_deg = 20;                 // 0 looks straight down; up to 40 looks from the near side
  double yaw_deg = 0;                   // turns the camera about the vertical through the target
  double roll_deg = 0;                  // rotation about the optical axis
  cv::Vec2d principal_offset_px{0, 0};  // principal point minus the image centre
  cv::Vec<double, 5> distortion{0, 0, 0, 0, 0};  // OpenCV k1 k2 p1 p2 k3
  double fill = 0.92;  // fraction of the image the framed area may take in its tighter direction

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// A calibrated pinhole camera with OpenCV lens distortion, placed in the table frame.
struct Camera {
  cv::Size image_size;
  cv::Matx33d camera_matrix;
  cv::Vec<double, 5> distortion;
  cv::Matx33d rotation;   // camera_from_table: X_camera = rotation * X_table + translation
  cv::Vec3d translation;  // mm

  // The camera centre in the table frame.
  cv::Vec3d Centre() const;
  // Pixel coordinates of table-frame points (mm), exactly as cv::projectPoints computes them.
  cv::Point2d Project(const cv::Vec3d& table_point) const;
  std::vector<cv::Point2d> Project(const std::vector<cv::Vec3d>& table_points) const;
  // Unit direction, in the table frame, of the ray seen at each pixel centre (row-major).
  std::vector<cv::Vec3d> PixelRays() const;
  // Image pixels per table millimetre near `table_point` (the local scale of the view).
  double PixelsPerMm(const cv::Vec3d& table_point) const;
};

// Points the camera at `target` (table frame, on the table) from the side given by the
// options, at the distance where all of `must_see` (table frame) fits into `options.fill`.
Camera PlaceCamera(const CameraOptions& options, const cv::Vec3d& target,
                   const std::vector<cv::Vec3d>& must_see);

// camera.yml as OpenCV's calibration sample writes it (DESIGN.md "Files").
void WriteCameraYaml(const Camera& camera, const std::filesystem::path& file);

}  // namespace tabref::vision::sim
