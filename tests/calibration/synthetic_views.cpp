#include "tests/calibration/synthetic_views.h"

#include <algorithm>
#include <cmath>
#include <opencv2/aruco/charuco.hpp>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <random>

#include "calibration/table_mapping.h"
#include "vision/sim/renderer.h"

namespace tabref::calibration::testing {
namespace {

constexpr double kDegree = CV_PI / 180.0;

std::vector<cv::Vec3d> AllMarkerCorners(const vision::sim::TableLayout& layout) {
  std::vector<cv::Vec3d> corners;
  for (int id = 0; id < 4; ++id) {
    for (const cv::Vec3d& corner : layout.MarkerCorners(id)) corners.push_back(corner);
  }
  return corners;
}

cv::Matx33d RotationAbout(const cv::Vec3d& axis, double angle_deg) {
  cv::Matx33d rotation;
  cv::Rodrigues(cv::normalize(axis) * (angle_deg * kDegree), rotation);
  return rotation;
}

// The board's flat picture at `px_per_mm` and the affine map board mm -> picture px.
struct BoardTexture {
  cv::Mat image;
  cv::Matx23d from_board;
};

BoardTexture DrawBoard(const BoardPattern& pattern, double px_per_mm) {
  BoardTexture texture;
  const int margin = static_cast<int>(std::lround(8 * px_per_mm));
  if (pattern.charuco) {
    const auto board = cv::aruco::CharucoBoard::create(
        pattern.size.width, pattern.size.height, static_cast<float>(pattern.square_mm),
        static_cast<float>(pattern.marker_mm),
        cv::aruco::getPredefinedDictionary(cv::aruco::DICT_5X5_100));
    const cv::Size inner(
        static_cast<int>(std::lround(pattern.size.width * pattern.square_mm * px_per_mm)),
        static_cast<int>(std::lround(pattern.size.height * pattern.square_mm * px_per_mm)));
    cv::Mat drawn;
    board->draw(inner, drawn, 0, 1);
    cv::copyMakeBorder(drawn, texture.image, margin, margin, margin, margin, cv::BORDER_CONSTANT,
                       cv::Scalar(255));
    // OpenCV draws the board with its y axis pointing up the picture.
    const double h = pattern.size.height * pattern.square_mm;
    texture.from_board = {px_per_mm, 0, margin - 0.5, 0, -px_per_mm, margin + h * px_per_mm - 0.5};
  } else {
    const int cols = pattern.size.width + 1;
    const int rows = pattern.size.height + 1;
    const double s = pattern.square_mm * px_per_mm;
    texture.image =
        cv::Mat(static_cast<int>(std::lround(rows * s)) + 2 * margin,
                static_cast<int>(std::lround(cols * s)) + 2 * margin, CV_8U, cv::Scalar(255));
    for (int r = 0; r < rows; ++r) {
      for (int c = 0; c < cols; ++c) {
        if ((r + c) % 2 != 0) continue;
        const cv::Rect square(static_cast<int>(std::lround(margin + c * s)),
                              static_cast<int>(std::lround(margin + r * s)),
                              static_cast<int>(std::lround(margin + (c + 1) * s)) -
                                  static_cast<int>(std::lround(margin + c * s)),
                              static_cast<int>(std::lround(margin + (r + 1) * s)) -
                                  static_cast<int>(std::lround(margin + r * s)));
        texture.image(square).setTo(0);
      }
    }
    // Board origin at the first inner corner, x along the columns, y down the rows.
    texture.from_board = {px_per_mm, 0, margin + s - 0.5, 0, px_per_mm, margin + s - 0.5};
  }
  return texture;
}

cv::Point2d BoardCentreMm(const BoardPattern& pattern) {
  if (pattern.charuco) {
    return {0.5 * pattern.size.width * pattern.square_mm,
            0.5 * pattern.size.height * pattern.square_mm};
  }
  return {0.5 * (pattern.size.width - 1) * pattern.square_mm,
          0.5 * (pattern.size.height - 1) * pattern.square_mm};
}

std::vector<cv::Vec3d> BoardOutline(const BoardPattern& pattern) {
  const double w = pattern.charuco ? pattern.size.width * pattern.square_mm
                                   : (pattern.size.width + 1) * pattern.square_mm;
  const double h = pattern.charuco ? pattern.size.height * pattern.square_mm
                                   : (pattern.size.height + 1) * pattern.square_mm;
  const double x0 = pattern.charuco ? 0 : -pattern.square_mm;
  const double y0 = pattern.charuco ? 0 : -pattern.square_mm;
  return {{x0, y0, 0}, {x0 + w, y0, 0}, {x0 + w, y0 + h, 0}, {x0, y0 + h, 0}};
}

}  // namespace

vision::sim::TableLayout LayoutOf(const TableView& view) {
  vision::sim::TableLayout layout;
  layout.far_marker_offset_mm = view.far_marker_offset_mm;
  return layout;
}

vision::sim::Camera PlaceTableCamera(const TableView& view,
                                     const vision::sim::TableLayout& layout) {
  vision::sim::CameraOptions options;
  options.width = view.width;
  options.height = view.height;
  options.tilt_deg = view.tilt_deg;
  options.yaw_deg = view.yaw_deg;
  options.roll_deg = view.roll_deg;
  options.principal_offset_px = {0.004 * view.width, -0.003 * view.width};
  options.distortion = view.distortion;
  return vision::sim::PlaceCamera(options, layout.PlayAreaCentre(), AllMarkerCorners(layout));
}

cv::Mat RenderTable(const vision::sim::Camera& camera, const vision::sim::TableLayout& layout,
                    std::uint64_t seed) {
  static const vision::PieceSet set = vision::LoadPieceSet(vision::DefaultPieceSetFile());
  vision::sim::RenderOptions options;
  options.seed = seed;
  vision::sim::Renderer renderer(camera, layout, set, options);
  return renderer.Render({}, {}, 0.4);
}

TableScene RenderTableScene(const TableView& view) {
  TableScene scene;
  scene.layout = LayoutOf(view);
  scene.camera = PlaceTableCamera(view, scene.layout);
  scene.image = RenderTable(scene.camera, scene.layout, view.seed);
  return scene;
}

Intrinsics IntrinsicsOf(const vision::sim::Camera& camera) {
  Intrinsics intrinsics;
  intrinsics.image_size = camera.image_size;
  intrinsics.camera_matrix = camera.camera_matrix;
  intrinsics.distortion = cv::Mat(camera.distortion).reshape(1, 1).clone();
  return intrinsics;
}

vision::sim::Camera MovedCamera(const vision::sim::Camera& camera, const cv::Vec3d& shift_mm,
                                double turn_deg) {
  vision::sim::Camera moved = camera;
  const cv::Vec3d centre = camera.Centre() + shift_mm;
  moved.rotation = RotationAbout({1, 0, 0}, turn_deg) * camera.rotation;
  moved.translation = -(moved.rotation * centre);
  return moved;
}

std::vector<cv::Vec3d> PlayAreaGrid(const vision::sim::TableLayout& layout, double height_mm,
                                    int steps) {
  std::vector<cv::Vec3d> points;
  for (int i = 0; i <= steps; ++i) {
    for (int j = 0; j <= steps; ++j) {
      points.emplace_back(layout.play_width_mm * i / steps, layout.play_depth_mm * j / steps,
                          height_mm);
    }
  }
  return points;
}

double MappingErrorP95(const TableCalibration& calibration, const vision::sim::Camera& camera,
                       const std::vector<cv::Vec3d>& points) {
  const TableMapping mapping(calibration);
  std::vector<double> errors;
  for (const cv::Vec3d& point : points) {
    const cv::Point2d mapped = mapping.ImageToTable(camera.Project(point), point[2]);
    errors.push_back(cv::norm(mapped - cv::Point2d(point[0], point[1])));
  }
  std::sort(errors.begin(), errors.end());
  return errors[static_cast<size_t>(0.95 * static_cast<double>(errors.size() - 1))];
}

std::vector<cv::Mat> RenderBoardViews(const vision::sim::Camera& camera,
                                      const BoardPattern& pattern, int count, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::uniform_real_distribution<double> unit(-1, 1);
  const cv::Point2d centre_mm = BoardCentreMm(pattern);
  const std::vector<cv::Vec3d> outline = BoardOutline(pattern);
  const double board_width = cv::norm(outline[1] - outline[0]);
  const double focal = camera.camera_matrix(0, 0);
  std::vector<cv::Mat> views;
  for (int v = 0; v < count; ++v) {
    vision::sim::Camera view = camera;
    // Tilts cycle through left, right, up, down and frontal; positions through a 3x3 grid.
    const double tilt = v % 5 == 4 ? 5 * unit(random) : 25 + 12 * std::abs(unit(random));
    const std::array<cv::Vec3d, 4> axes{cv::Vec3d(0, 1, 0), cv::Vec3d(0, -1, 0), cv::Vec3d(1, 0, 0),
                                        cv::Vec3d(-1, 0, 0)};
    // OpenCV's ChArUco frame has y up the printed board: seen from its +z side.
    const cv::Matx33d facing =
        pattern.charuco ? cv::Matx33d(1, 0, 0, 0, -1, 0, 0, 0, -1) : cv::Matx33d::eye();
    const cv::Matx33d rotation = RotationAbout({0, 0, 1}, 20 * unit(random)) *
                                 RotationAbout(axes[static_cast<size_t>(v % 4)], tilt) * facing;
    // Board about 45-65 % of the image width away from the centre toward one of 9 spots.
    const double fraction = 0.5 + 0.12 * unit(random);
    const double distance = focal * board_width / (fraction * camera.image_size.width);
    const int spot = (v * 4) % 9;
    const cv::Point2d aim(((spot % 3) - 1) * 0.28 * camera.image_size.width,
                          ((spot / 3) - 1) * 0.25 * camera.image_size.height);
    cv::Vec3d board_centre_in_camera(aim.x / focal * distance, aim.y / focal * distance, distance);
    view.rotation = rotation;
    view.translation = board_centre_in_camera - rotation * cv::Vec3d(centre_mm.x, centre_mm.y, 0);
    // Pull the board toward the image centre until all of it is in view.
    for (int attempt = 0; attempt < 20; ++attempt) {
      bool inside = true;
      for (const cv::Point2d& p : view.Project(outline)) {
        inside = inside && p.x > 2 && p.y > 2 && p.x < camera.image_size.width - 3 &&
                 p.y < camera.image_size.height - 3;
      }
      if (inside) break;
      board_centre_in_camera[0] *= 0.85;
      board_centre_in_camera[1] *= 0.85;
      board_centre_in_camera[2] *= 1.04;
      view.translation = board_centre_in_camera - rotation * cv::Vec3d(centre_mm.x, centre_mm.y, 0);
    }
    // Whole texels per square: every square edge lies exactly where the model puts it.
    const double wanted_px_per_mm =
        std::clamp(1.5 * view.PixelsPerMm({centre_mm.x, centre_mm.y, 0}), 2.0, 16.0);
    const double px_per_mm = std::round(wanted_px_per_mm * pattern.square_mm) / pattern.square_mm;
    BoardTexture texture = DrawBoard(pattern, px_per_mm);
    // Each pixel samples the texture once: prefilter it to the pixel's footprint (about
    // 1.5 texels) so the printed edges come out anti-aliased rather than jagged.
    cv::GaussianBlur(texture.image, texture.image, cv::Size(0, 0), 0.7);
    const std::vector<cv::Vec3d> rays = view.PixelRays();
    const cv::Vec3d eye = view.Centre();
    cv::Mat map_x(camera.image_size, CV_32F);
    cv::Mat map_y(camera.image_size, CV_32F);
    for (int y = 0; y < camera.image_size.height; ++y) {
      for (int x = 0; x < camera.image_size.width; ++x) {
        const cv::Vec3d& ray = rays[static_cast<size_t>(y * camera.image_size.width + x)];
        const double along = -eye[2] / ray[2];
        const cv::Vec3d on_board = eye + along * ray;
        const cv::Vec2d texel = texture.from_board * cv::Vec3d(on_board[0], on_board[1], 1);
        map_x.at<float>(y, x) = static_cast<float>(along > 0 ? texel[0] : -1e6);
        map_y.at<float>(y, x) = static_cast<float>(along > 0 ? texel[1] : -1e6);
      }
    }
    cv::Mat image;
    cv::remap(texture.image, image, map_x, map_y, cv::INTER_LINEAR, cv::BORDER_CONSTANT,
              cv::Scalar(150));
    // Paper is not pure white, ink not pure black; lens softness and sensor noise.
    image.convertTo(image, CV_32F, 170.0 / 255.0, 40);
    cv::GaussianBlur(image, image, cv::Size(0, 0), 0.6);
    cv::Mat noise(image.size(), CV_32F);
    cv::RNG rng(seed * 1000 + static_cast<std::uint64_t>(v));
    rng.fill(noise, cv::RNG::NORMAL, 0, 2.0);
    image += noise;
    image.convertTo(image, CV_8U);
    cv::cvtColor(image, image, cv::COLOR_GRAY2BGR);
    views.push_back(image);
  }
  return views;
}

}  // namespace tabref::calibration::testing
