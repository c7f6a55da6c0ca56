#include "vision/sim/camera.h"

#include <cmath>
#include <opencv2/calib3d.hpp>
#include <stdexcept>
#include <string>

#include "vision/sim/option_check.h"

namespace tabref::vision::sim {
namespace {

constexpr double kDegree = CV_PI / 180.0;

void Require(bool ok, const char* field, const char* range) {
  RequireField(ok, "CameraOptions", field, range);
}

cv::Matx33d Intrinsics(const CameraOptions& options) {
  const double focal = 0.5 * options.width / std::tan(0.5 * options.horizontal_fov_deg * kDegree);
  const double cx = 0.5 * (options.width - 1) + options.principal_offset_px[0];
  const double cy = 0.5 * (options.height - 1) + options.principal_offset_px[1];
  return {focal, 0, cx, 0, focal, cy, 0, 0, 1};
}

// Rows are the camera's x (right), y (down) and z (forward) axes in the table frame. With no
// yaw the camera stands on the near (-y) side of its target, looking down `tilt` from the
// vertical, image up toward +y.
cv::Matx33d LookDownRotation(const CameraOptions& options) {
  const double yaw = options.yaw_deg * kDegree;
  const double tilt = options.tilt_deg * kDegree;
  const cv::Vec3d toward_camera(-std::sin(yaw), -std::cos(yaw), 0);
  const cv::Vec3d forward = -std::sin(tilt) * toward_camera + cv::Vec3d(0, 0, -std::cos(tilt));
  const cv::Vec3d down = cv::normalize(toward_camera - toward_camera.dot(forward) * forward);
  const cv::Vec3d right = down.cross(forward);
  const double roll = options.roll_deg * kDegree;
  const cv::Vec3d rolled_right = std::cos(roll) * right + std::sin(roll) * down;
  const cv::Vec3d rolled_down = forward.cross(rolled_right);
  return {rolled_right[0], rolled_right[1], rolled_right[2], rolled_down[0], rolled_down[1],
          rolled_down[2],  forward[0],      forward[1],      forward[2]};
}

// How far from the image centre, as a fraction of the half size, the points reach.
double Reach(const Camera& camera, const std::vector<cv::Vec3d>& points) {
  double reach = 0;
  for (const cv::Vec3d& point : points) {
    const cv::Vec3d in_camera = camera.rotation * point + camera.translation;
    const double fx = camera.camera_matrix(0, 0);
    const cv::Point2d pinhole(fx * in_camera[0] / in_camera[2], fx * in_camera[1] / in_camera[2]);
    reach = std::max({reach, std::abs(pinhole.x) / (0.5 * camera.image_size.width),
                      std::abs(pinhole.y) / (0.5 * camera.image_size.height)});
  }
  return reach;
}

}  // namespace

void CameraOptions::Check() const {
  Require(width >= 320 && width <= 4096, "width", "in 320..4096");
  Require(height >= 240 && height <= 4096, "height", "in 240..4096");
  Require(horizontal_fov_deg >= 20 && horizontal_fov_deg <= 110, "horizontal_fov_deg",
          "in 20..110");
  Require(tilt_deg >= 0 && tilt_deg <= 60, "tilt_deg", "in 0..60");
  Require(std::abs(roll_deg) <= 45, "roll_deg", "in -45..45");
  Require(std::abs(principal_offset_px[0]) < 0.1 * width &&
              std::abs(principal_offset_px[1]) < 0.1 * height,
          "principal_offset_px", "within 10% of the image size");
  Require(std::abs(distortion[0]) <= 0.5 && std::abs(distortion[1]) <= 0.5 &&
              std::abs(distortion[2]) <= 0.01 && std::abs(distortion[3]) <= 0.01 &&
              std::abs(distortion[4]) <= 0.5,
          "distortion", "mild (|k| <= 0.5, |p| <= 0.01)");
  Require(fill > 0.2 && fill <= 1, "fill", "in (0.2, 1]");
}

cv::Vec3d Camera::Centre() const { return -(rotation.t() * translation); }

cv::Point2d Camera::Project(const cv::Vec3d& table_point) const {
  const cv::Vec3d p = rotation * table_point + translation;
  const double x = p[0] / p[2];
  const double y = p[1] / p[2];
  const double r2 = x * x + y * y;
  const auto& d = distortion;
  const double radial = 1 + r2 * (d[0] + r2 * (d[1] + r2 * d[4]));
  const double xd = x * radial + 2 * d[2] * x * y + d[3] * (r2 + 2 * x * x);
  const double yd = y * radial + d[2] * (r2 + 2 * y * y) + 2 * d[3] * x * y;
  return {camera_matrix(0, 0) * xd + camera_matrix(0, 2),
          camera_matrix(1, 1) * yd + camera_matrix(1, 2)};
}

std::vector<cv::Point2d> Camera::Project(const std::vector<cv::Vec3d>& table_points) const {
  std::vector<cv::Point2d> pixels;
  pixels.reserve(table_points.size());
  for (const cv::Vec3d& point : table_points) pixels.push_back(Project(point));
  return pixels;
}

// Undistorts a grid of every kRayGridStep-th pixel exactly and interpolates between: the lens
// model is smooth, so this is exact to far below a thousandth of a pixel and 16 times cheaper.
std::vector<cv::Vec3d> Camera::PixelRays() const {
  constexpr int kRayGridStep = 4;
  const int columns = (image_size.width - 1) / kRayGridStep + 2;
  const int rows = (image_size.height - 1) / kRayGridStep + 2;
  std::vector<cv::Point2f> grid;
  for (int r = 0; r < rows; ++r) {
    for (int c = 0; c < columns; ++c)
      grid.emplace_back(static_cast<float>(c * kRayGridStep), static_cast<float>(r * kRayGridStep));
  }
  std::vector<cv::Point2f> normalised;
  cv::undistortPoints(grid, normalised, camera_matrix, distortion, cv::noArray(), cv::noArray(),
                      cv::TermCriteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 50, 1e-12));
  const cv::Matx33d table_from_camera = rotation.t();
  std::vector<cv::Vec3d> rays;
  rays.reserve(static_cast<size_t>(image_size.area()));
  for (int v = 0; v < image_size.height; ++v) {
    const int r = v / kRayGridStep;
    const double fy = static_cast<double>(v % kRayGridStep) / kRayGridStep;
    for (int u = 0; u < image_size.width; ++u) {
      const int c = u / kRayGridStep;
      const double fx = static_cast<double>(u % kRayGridStep) / kRayGridStep;
      const auto at = [&](int dr, int dc) {
        const cv::Point2f& n = normalised[static_cast<size_t>((r + dr) * columns + c + dc)];
        return cv::Vec2d(n.x, n.y);
      };
      const cv::Vec2d n = (1 - fy) * ((1 - fx) * at(0, 0) + fx * at(0, 1)) +
                          fy * ((1 - fx) * at(1, 0) + fx * at(1, 1));
      rays.push_back(cv::normalize(table_from_camera * cv::Vec3d(n[0], n[1], 1)));
    }
  }
  return rays;
}

double Camera::PixelsPerMm(const cv::Vec3d& table_point) const {
  const cv::Point2d a = Project(table_point);
  const cv::Point2d b = Project(table_point + cv::Vec3d(1, 0, 0));
  const cv::Point2d c = Project(table_point + cv::Vec3d(0, 1, 0));
  return 0.5 * (cv::norm(b - a) + cv::norm(c - a));
}

Camera PlaceCamera(const CameraOptions& options, const cv::Vec3d& target,
                   const std::vector<cv::Vec3d>& must_see) {
  options.Check();
  Camera camera;
  camera.image_size = {options.width, options.height};
  camera.camera_matrix = Intrinsics(options);
  camera.distortion = options.distortion;
  camera.rotation = LookDownRotation(options);
  const cv::Vec3d forward(camera.rotation(2, 0), camera.rotation(2, 1), camera.rotation(2, 2));
  const auto place_at = [&](double distance) {
    camera.translation = -(camera.rotation * (target - distance * forward));
  };
  // Reach falls monotonically with distance: bisect for the distance that just fits.
  double near = 50;
  double far = 20000;
  for (int i = 0; i < 60; ++i) {
    const double middle = 0.5 * (near + far);
    place_at(middle);
    (Reach(camera, must_see) > options.fill ? near : far) = middle;
  }
  place_at(far);
  return camera;
}

void WriteCameraYaml(const Camera& camera, const std::filesystem::path& file) {
  cv::FileStorage storage(file.string(), cv::FileStorage::WRITE);
  if (!storage.isOpened())
    throw std::runtime_error(file.string() + ": cannot write the camera file");
  storage << "image_width" << camera.image_size.width;
  storage << "image_height" << camera.image_size.height;
  storage << "camera_matrix" << cv::Mat(camera.camera_matrix);
  storage << "distortion_coefficients" << cv::Mat(camera.distortion).reshape(1, 1);
}

}  // namespace tabref::vision::sim
