// Calibration figures on the synthetic table (docs/benchmarks.md): table calibration accuracy
// across poses and resolutions against two simple baselines, intrinsics from rendered boards
// and OpenCV's sample photos, drift sensitivity, and the cost of mapping a pixel.
//
//   calibration_benchmark [--quick] [--only=table|intrinsics|drift|speed]
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <opencv2/calib3d.hpp>
#include <opencv2/core/utility.hpp>
#include <opencv2/imgcodecs.hpp>
#include <string>
#include <vector>

#include "calibration/drift.h"
#include "calibration/intrinsics_calibration.h"
#include "calibration/table_calibration.h"
#include "calibration/table_mapping.h"
#include "tests/calibration/synthetic_views.h"

namespace {

using namespace tabref;
using namespace tabref::calibration;
using testing::TableView;

double Percentile95(std::vector<double> values) {
  std::sort(values.begin(), values.end());
  return values[static_cast<size_t>(0.95 * static_cast<double>(values.size() - 1))];
}

// Baseline 1: the table frame from marker 0 alone (cv::solvePnP, IPPE square, with the true
// intrinsics), the classic single-marker setup. Maps through that plane and frame.
double SingleMarkerP95(const MarkerDetection& markers, const vision::sim::Camera& camera,
                       const vision::sim::TableLayout& layout, double height) {
  const MarkerObservation& marker = markers.table_markers[0];
  const double half = layout.marker_side_mm / 2;
  const std::vector<cv::Point3d> square{
      {-half, half, 0}, {half, half, 0}, {half, -half, 0}, {-half, -half, 0}};
  const std::vector<cv::Point2d> image(marker.corners.begin(), marker.corners.end());
  cv::Vec3d rvec;
  cv::Vec3d tvec;
  cv::solvePnP(square, image, camera.camera_matrix, camera.distortion, rvec, tvec, false,
               cv::SOLVEPNP_IPPE_SQUARE);
  TableCalibration frame;
  frame.intrinsics = testing::IntrinsicsOf(camera);
  cv::Rodrigues(rvec, frame.rotation);
  frame.translation = tvec;
  return testing::MappingErrorP95(frame, camera, testing::PlayAreaGrid(layout, height));
}

// Baseline 2: a plain homography from the 16 detected corners (raw pixels, no lens model) to
// the markers' true positions on the table; the same homography for points above the table.
double HomographyP95(const MarkerDetection& markers, const vision::sim::Camera& camera,
                     const vision::sim::TableLayout& layout, double height) {
  std::vector<cv::Point2d> image;
  std::vector<cv::Point2d> table;
  for (const MarkerObservation& marker : markers.table_markers) {
    const auto corners = layout.MarkerCorners(marker.id);
    for (size_t k = 0; k < 4; ++k) {
      image.emplace_back(marker.corners[k]);
      table.emplace_back(corners[k][0], corners[k][1]);
    }
  }
  const cv::Mat h = cv::findHomography(image, table);
  std::vector<double> errors;
  for (const cv::Vec3d& point : testing::PlayAreaGrid(layout, height)) {
    std::vector<cv::Point2d> in{camera.Project(point)};
    std::vector<cv::Point2d> mapped;
    cv::perspectiveTransform(in, mapped, h);
    errors.push_back(cv::norm(mapped[0] - cv::Point2d(point[0], point[1])));
  }
  return Percentile95(errors);
}

void TableFigures(bool quick) {
  std::printf(
      "\n## Table calibration (P95 mapping error over a 13x13 grid of the play area, mm)\n\n"
      "| frame | tilt / yaw / roll | RMS px | ours z=0 | ours coin top | no intrinsics: "
      "focal err | no intrinsics z=0 | baseline marker-0 PnP | baseline homography z=0 | "
      "homography coin top |\n|---|---|---|---|---|---|---|---|---|---|\n");
  struct Pose {
    double tilt, yaw, roll;
  };
  const std::vector<cv::Size> sizes =
      quick ? std::vector<cv::Size>{{1920, 1080}}
            : std::vector<cv::Size>{{640, 480}, {1280, 720}, {1920, 1080}};
  const std::vector<Pose> poses =
      quick ? std::vector<Pose>{{30, 7, -2}}
            : std::vector<Pose>{{0, 0, 0}, {15, 20, 5}, {30, 7, -2}, {40, -25, 8}};
  std::vector<double> all_p95_1080;
  for (const cv::Size& size : sizes) {
    for (const Pose& pose : poses) {
      TableView view;
      view.width = size.width;
      view.height = size.height;
      view.tilt_deg = pose.tilt;
      view.yaw_deg = pose.yaw;
      view.roll_deg = pose.roll;
      const testing::TableScene scene = testing::RenderTableScene(view);
      const MarkerDetection markers = DetectTableMarkers(scene.image);
      char row[512];
      try {
        const TableCalibration ours =
            CalibrateTable(markers, scene.image.size(), testing::IntrinsicsOf(scene.camera));
        const double p95 =
            testing::MappingErrorP95(ours, scene.camera, testing::PlayAreaGrid(scene.layout, 0));
        const double p95_top =
            testing::MappingErrorP95(ours, scene.camera, testing::PlayAreaGrid(scene.layout, 3.18));
        if (size.width == 1920) all_p95_1080.push_back(std::max(p95, p95_top));
        std::string no_intrinsics = "failed | failed";
        try {
          const TableCalibration estimated =
              CalibrateTable(markers, scene.image.size(), std::nullopt);
          const double focal = scene.camera.camera_matrix(0, 0);
          char text[64];
          std::snprintf(text, sizeof text, "%+.1f %% | %.2f",
                        100 * (estimated.intrinsics.camera_matrix(0, 0) - focal) / focal,
                        testing::MappingErrorP95(estimated, scene.camera,
                                                 testing::PlayAreaGrid(scene.layout, 0)));
          no_intrinsics = text;
        } catch (const std::exception& error) {
          no_intrinsics = std::string("refused | -");
        }
        std::snprintf(row, sizeof row,
                      "| %dx%d | %.0f / %.0f / %.0f | %.2f | %.2f | %.2f | %s | %.2f | %.2f | "
                      "%.2f |\n",
                      size.width, size.height, pose.tilt, pose.yaw, pose.roll,
                      ours.reprojection_rms_px, p95, p95_top, no_intrinsics.c_str(),
                      SingleMarkerP95(markers, scene.camera, scene.layout, 0),
                      HomographyP95(markers, scene.camera, scene.layout, 0),
                      HomographyP95(markers, scene.camera, scene.layout, 3.18));
      } catch (const std::exception& error) {
        std::snprintf(row, sizeof row, "| %dx%d | %.0f / %.0f / %.0f | failed: %s |\n", size.width,
                      size.height, pose.tilt, pose.yaw, pose.roll, error.what());
      }
      std::fputs(row, stdout);
      std::fflush(stdout);
    }
  }
  if (!all_p95_1080.empty()) {
    std::printf("\nworst P95 at 1920x1080 (z=0 or coin top): %.2f mm\n",
                *std::max_element(all_p95_1080.begin(), all_p95_1080.end()));
  }
}

void IntrinsicsFigures(bool quick) {
  std::printf(
      "\n## Intrinsics from 12 rendered board views (distortion k1 -0.09, blur, noise)\n\n"
      "| frame | board | views found | RMS px | fx error | fy error | cx, cy error px |\n"
      "|---|---|---|---|---|---|---|\n");
  const std::vector<cv::Size> sizes =
      quick ? std::vector<cv::Size>{{1280, 720}}
            : std::vector<cv::Size>{{640, 480}, {1280, 720}, {1920, 1080}};
  for (const cv::Size& size : sizes) {
    for (const bool charuco : {true, false}) {
      vision::sim::CameraOptions options;
      options.width = size.width;
      options.height = size.height;
      options.principal_offset_px = {0.006 * size.width, -0.004 * size.width};
      options.distortion = testing::kWebcamDistortion;
      const vision::sim::Camera camera =
          vision::sim::PlaceCamera(options, {0, 0, 0}, {{-100, -100, 0}, {100, 100, 0}});
      testing::BoardPattern pattern;
      pattern.charuco = charuco;
      BoardSpec spec;
      spec.kind = charuco ? BoardKind::kCharuco : BoardKind::kChessboard;
      std::vector<BoardView> views;
      int index = 0;
      for (const cv::Mat& image : testing::RenderBoardViews(camera, pattern, 12, 1)) {
        if (auto found = DetectBoard(image, spec, "view " + std::to_string(++index))) {
          views.push_back(*found);
        }
      }
      try {
        const IntrinsicsCalibrationResult result = CalibrateIntrinsics(views);
        const cv::Matx33d& k = result.intrinsics.camera_matrix;
        const double f = camera.camera_matrix(0, 0);
        std::printf("| %dx%d | %s | %zu | %.3f | %+.2f %% | %+.2f %% | %+.1f, %+.1f |\n",
                    size.width, size.height, charuco ? "ChArUco 9x6" : "chessboard 9x6",
                    views.size(), *result.intrinsics.avg_reprojection_error,
                    100 * (k(0, 0) - f) / f, 100 * (k(1, 1) - f) / f,
                    k(0, 2) - camera.camera_matrix(0, 2), k(1, 2) - camera.camera_matrix(1, 2));
      } catch (const std::exception& error) {
        std::printf("| %dx%d | %s | %zu | refused: %s |\n", size.width, size.height,
                    charuco ? "ChArUco" : "chessboard", views.size(), error.what());
      }
      std::fflush(stdout);
    }
  }
  // OpenCV's sample photos against the intrinsics OpenCV's calibration sample found.
  const std::filesystem::path folder =
      std::filesystem::path(TABREF_SOURCE_DIR) / "tests/calibration/data/opencv-left";
  BoardSpec chessboard;
  chessboard.kind = BoardKind::kChessboard;
  std::vector<BoardView> views;
  for (const auto& entry : std::filesystem::directory_iterator(folder)) {
    if (entry.path().extension() != ".jpg") continue;
    if (auto found = DetectBoard(cv::imread(entry.path().string()), chessboard,
                                 entry.path().filename().string())) {
      views.push_back(*found);
    }
  }
  const IntrinsicsCalibrationResult result = CalibrateIntrinsics(views);
  const Intrinsics reference = ReadIntrinsics(folder / "left_intrinsics.yml");
  const cv::Matx33d& k = result.intrinsics.camera_matrix;
  const cv::Matx33d& r = reference.camera_matrix;
  std::printf(
      "\nOpenCV's left01..14.jpg (real 640x480 photos, %zu views, %zu outlier dropped): fx %.1f fy "
      "%.1f cx %.1f cy %.1f, RMS %.3f px; OpenCV's sample (fixed aspect, all 13 views): f %.1f "
      "cx %.1f cy %.1f, RMS %.3f px\n",
      result.views.size(), result.outliers.size(), k(0, 0), k(1, 1), k(0, 2), k(1, 2),
      *result.intrinsics.avg_reprojection_error, r(0, 0), r(0, 2), r(1, 2),
      *reference.avg_reprojection_error);
}

void DriftFigures(bool quick) {
  std::printf(
      "\n## Drift (largest corner shift against the stored calibration, px; threshold 0.75)\n\n"
      "| frame | unmoved, new noise | moved 2 mm sideways | moved 2 mm toward the table | "
      "turned 0.2 deg |\n|---|---|---|---|---|\n");
  const std::vector<cv::Size> sizes =
      quick ? std::vector<cv::Size>{{1920, 1080}}
            : std::vector<cv::Size>{{640, 480}, {1280, 720}, {1920, 1080}};
  for (const cv::Size& size : sizes) {
    TableView view;
    view.width = size.width;
    view.height = size.height;
    const testing::TableScene scene = testing::RenderTableScene(view);
    const TableCalibration stored =
        CalibrateTable(scene.image, testing::IntrinsicsOf(scene.camera));
    const cv::Vec3d forward(scene.camera.rotation(2, 0), scene.camera.rotation(2, 1),
                            scene.camera.rotation(2, 2));
    const std::vector<vision::sim::Camera> cameras{
        scene.camera, testing::MovedCamera(scene.camera, {2, 0, 0}, 0),
        testing::MovedCamera(scene.camera, 2 * forward, 0),
        testing::MovedCamera(scene.camera, {0, 0, 0}, 0.2)};
    std::printf("| %dx%d ", size.width, size.height);
    std::uint64_t seed = 50;
    for (const vision::sim::Camera& camera : cameras) {
      const DriftReport report = CheckDrift(
          stored, DetectTableMarkers(testing::RenderTable(camera, scene.layout, ++seed)));
      std::printf("| %.2f (%s) ", report.max_corner_shift_px,
                  report.verdict == DriftVerdict::kSteady  ? "steady"
                  : report.verdict == DriftVerdict::kMoved ? "moved"
                                                           : "?");
    }
    std::printf("|\n");
    std::fflush(stdout);
  }
}

void MappingSpeed() {
  TableView view;
  const vision::sim::TableLayout layout = testing::LayoutOf(view);
  const vision::sim::Camera camera = testing::PlaceTableCamera(view, layout);
  TableCalibration calibration;
  calibration.intrinsics = testing::IntrinsicsOf(camera);
  calibration.rotation = camera.rotation;
  calibration.translation = camera.translation;
  const TableMapping mapping(calibration);
  std::vector<cv::Point2d> pixels;
  for (int i = 0; i < 1000; ++i) {
    pixels.emplace_back(100 + (i * 37) % 1700, 80 + (i * 53) % 900);
  }
  constexpr int kRounds = 200;
  double sink = 0;
  auto start = std::chrono::steady_clock::now();
  for (int round = 0; round < kRounds; ++round) {
    for (const cv::Point2d& pixel : pixels) sink += mapping.ImageToTable(pixel, 3.18).x;
  }
  const double ours_ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() /
      (kRounds * pixels.size());
  // Baseline: cv::undistortPoints called per point (as a detector would per edge point),
  // then the same ray/plane intersection.
  const cv::Matx33d table_from_camera = camera.rotation.t();
  const cv::Vec3d eye = camera.Centre();
  start = std::chrono::steady_clock::now();
  for (int round = 0; round < kRounds / 10; ++round) {
    for (const cv::Point2d& pixel : pixels) {
      std::vector<cv::Point2d> in{pixel};
      std::vector<cv::Point2d> out;
      cv::undistortPoints(in, out, camera.camera_matrix, camera.distortion);
      const cv::Vec3d ray = table_from_camera * cv::Vec3d(out[0].x, out[0].y, 1);
      sink += eye[0] + (3.18 - eye[2]) / ray[2] * ray[0];
    }
  }
  const double opencv_ns =
      std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count() /
      (kRounds / 10 * pixels.size());
  // Their accuracy far out in a corner: OpenCV's default 5 fixed-point iterations.
  const cv::Point2d corner(5, 5);
  std::vector<cv::Point2d> in{corner};
  std::vector<cv::Point2d> out;
  cv::undistortPoints(in, out, camera.camera_matrix, camera.distortion);
  cv::Vec3d ray = table_from_camera * cv::Vec3d(out[0].x, out[0].y, 1);
  const cv::Point2d theirs(eye[0] + -eye[2] / ray[2] * ray[0], eye[1] + -eye[2] / ray[2] * ray[1]);
  const cv::Point2d ours = mapping.ImageToTable(corner, 0);
  const double reprojected_theirs =
      cv::norm(camera.Project(cv::Vec3d(theirs.x, theirs.y, 0)) - corner);
  const double reprojected_ours = cv::norm(camera.Project(cv::Vec3d(ours.x, ours.y, 0)) - corner);
  std::printf(
      "\n## Mapping a pixel to the table (1920x1080, one core)\n\n"
      "| method | per point | error at pixel (5, 5), reprojected |\n|---|---|---|\n"
      "| TableMapping::ImageToTable (Newton undistortion) | %.0f ns | %.1e px |\n"
      "| baseline: cv::undistortPoints per point + intersection | %.0f ns | %.1e px |\n",
      ours_ns, reprojected_ours, opencv_ns, reprojected_theirs);
  if (sink == 42) std::printf(" ");
}

}  // namespace

int main(int argc, char** argv) {
  cv::setNumThreads(1);
  bool quick = false;
  std::string only;  // table, intrinsics, drift or speed
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--quick") {
      quick = true;
    } else if (arg.rfind("--only=", 0) == 0) {
      only = arg.substr(7);
    } else {
      std::fprintf(
          stderr, "usage: calibration_benchmark [--quick] [--only=table|intrinsics|drift|speed]\n");
      return 2;
    }
  }
  std::printf("# calibration_benchmark%s\n", quick ? " --quick" : "");
  if (only.empty() || only == "table") TableFigures(quick);
  if (only.empty() || only == "intrinsics") IntrinsicsFigures(quick);
  if (only.empty() || only == "drift") DriftFigures(quick);
  if (only.empty() || only == "speed") MappingSpeed();
  return 0;
}
