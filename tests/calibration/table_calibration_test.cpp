#include "calibration/table_calibration.h"

#include <gtest/gtest.h>

#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>

#include "calibration/calibration_error.h"
#include "calibration/table_mapping.h"
#include "tests/calibration/synthetic_views.h"

namespace tabref::calibration {
namespace {

using testing::IntrinsicsOf;
using testing::MappingErrorP95;
using testing::PlayAreaGrid;
using testing::RenderTableScene;
using testing::TableScene;
using testing::TableView;

// One rendered 1080p scene shared by the tests of this file (rendering is the slow part).
const TableScene& Scene1080() {
  static const TableScene scene = RenderTableScene(TableView{});
  return scene;
}

std::string ErrorOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const CalibrationError& error) {
    return error.what();
  }
  return "";
}

TEST(TableCalibration, WithIntrinsicsMapsTablePointsWithinHalfAMillimetre) {
  const TableScene& scene = Scene1080();
  const TableCalibration calibration =
      CalibrateTable(scene.image, IntrinsicsOf(scene.camera), TableCalibrationOptions());
  EXPECT_FALSE(calibration.focal_estimated);
  EXPECT_LT(calibration.reprojection_rms_px, 0.5);
  EXPECT_LT(MappingErrorP95(calibration, scene.camera, PlayAreaGrid(scene.layout, 0)), 0.5);
  EXPECT_LT(MappingErrorP95(calibration, scene.camera, PlayAreaGrid(scene.layout, 3.18)), 0.5);
  // The layout, including marker 2 laid a few mm off the rectangle.
  const auto truth = scene.layout.MarkerCentres();
  for (size_t id = 0; id < 4; ++id) {
    EXPECT_NEAR(calibration.marker_centres_mm[id].x, truth[id][0], 1.0) << id;
    EXPECT_NEAR(calibration.marker_centres_mm[id].y, truth[id][1], 1.0) << id;
    EXPECT_NEAR(calibration.marker_angles_deg[id], 0, 0.5) << id;
  }
  EXPECT_LT(cv::norm(calibration.translation - scene.camera.translation), 5.0);
}

TEST(TableCalibration, WithoutIntrinsicsEstimatesTheFocalLength) {
  TableView view;
  view.distortion = {0, 0, 0, 0, 0};
  view.tilt_deg = 35;
  const TableScene scene = RenderTableScene(view);
  const TableCalibration calibration = CalibrateTable(scene.image, std::nullopt);
  EXPECT_TRUE(calibration.focal_estimated);
  const double focal = scene.camera.camera_matrix(0, 0);
  EXPECT_NEAR(calibration.intrinsics.camera_matrix(0, 0), focal, 0.03 * focal);
  EXPECT_LT(MappingErrorP95(calibration, scene.camera, PlayAreaGrid(scene.layout, 0)), 2.0);
}

// Paints over marker `id`'s sheet as a hand or a piece would.
void Cover(cv::Mat& image, const TableScene& scene, int id) {
  std::vector<cv::Point> polygon;
  const auto corners = scene.layout.MarkerCorners(id);
  const cv::Vec3d centre = scene.layout.MarkerCentres()[static_cast<size_t>(id)];
  for (const cv::Vec3d& corner : corners) {
    polygon.push_back(scene.camera.Project(centre + 1.4 * (corner - centre)));
  }
  cv::fillConvexPoly(image, polygon, cv::Scalar(60, 90, 120));
}

TEST(TableCalibration, BadInputGetsAnErrorNamingWhatIsWrong) {
  const TableScene& scene = Scene1080();
  const Intrinsics intrinsics = IntrinsicsOf(scene.camera);

  const cv::Mat blank(scene.image.size(), CV_8UC3, cv::Scalar(90, 120, 150));
  EXPECT_NE(ErrorOf([&] { CalibrateTable(blank, intrinsics); }).find("no table markers found"),
            std::string::npos);

  cv::Mat one_marker = scene.image.clone();
  for (int id : {1, 2, 3}) Cover(one_marker, scene, id);
  EXPECT_NE(
      ErrorOf([&] { CalibrateTable(one_marker, intrinsics); }).find("markers 1, 2 and 3 not found"),
      std::string::npos);

  cv::Mat three_markers = scene.image.clone();
  Cover(three_markers, scene, 2);
  EXPECT_NE(
      ErrorOf([&] { CalibrateTable(three_markers, std::nullopt); }).find("marker 2 not found"),
      std::string::npos);

  cv::Mat blurred;
  cv::GaussianBlur(scene.image, blurred, cv::Size(0, 0), 8);
  EXPECT_NE(ErrorOf([&] { CalibrateTable(blurred, intrinsics); }).find("not found"),
            std::string::npos);

  // A second marker 0 on the table.
  cv::Mat duplicated = scene.image.clone();
  const cv::Point2d a = scene.camera.Project(scene.layout.MarkerCentres()[0]);
  const cv::Rect patch(static_cast<int>(a.x) - 95, static_cast<int>(a.y) - 95, 190, 190);
  scene.image(patch).copyTo(duplicated(patch + cv::Point(300, -150)));

  EXPECT_NE(ErrorOf([&] {
              CalibrateTable(duplicated, intrinsics);
            }).find("marker 0 is seen more than once"),
            std::string::npos);

  // Markers said to be ten times smaller than printed: the camera would sit 10 cm above.
  TableCalibrationOptions tiny;
  tiny.marker_side_mm = 6;
  EXPECT_NE(
      ErrorOf([&] { CalibrateTable(scene.image, intrinsics, tiny); }).find("wrong --marker-mm"),
      std::string::npos);

  // Intrinsics of another camera (a very different focal length) do not fit.
  Intrinsics wrong = intrinsics;
  wrong.camera_matrix(0, 0) *= 0.6;
  wrong.camera_matrix(1, 1) *= 0.6;
  EXPECT_NE(ErrorOf([&] { CalibrateTable(scene.image, wrong); }).find("reprojection RMS"),
            std::string::npos);
}

// An arm across a corner of marker 0's black square: the arm's outline against the ink made
// edge points of its own, which put that corner 11 px off in a scene of the evaluation set
// and shifted the whole table frame by 10 mm. Edge points that see ink or paper of another
// level than the marker's are left out of its sides.
TEST(TableCalibration, AnArmAcrossAMarkersCornerDoesNotShiftTheTable) {
  const TableScene& scene = Scene1080();
  cv::Mat image = scene.image.clone();
  const cv::Vec3d centre = scene.layout.MarkerCentres()[0];
  const cv::Vec3d corner = scene.layout.MarkerCorners(0)[2];
  const cv::Vec3d out = cv::normalize(corner - centre);
  const cv::Vec3d across(-out[1], out[0], 0);
  // A band 40 mm wide across the corner, its edge 4.5 mm inside it.
  const cv::Vec3d edge = corner - 4.5 * out;
  std::vector<cv::Point> arm;
  for (const cv::Vec3d& p : {edge - 60 * across, edge + 60 * across, edge + 60 * across + 40 * out,
                             edge - 60 * across + 40 * out})
    arm.push_back(scene.camera.Project(p));
  cv::fillConvexPoly(image, arm, cv::Scalar(120, 150, 200));

  const TableCalibration calibration =
      CalibrateTable(image, IntrinsicsOf(scene.camera), TableCalibrationOptions());
  EXPECT_LT(calibration.reprojection_rms_px, 0.5);
  EXPECT_LT(MappingErrorP95(calibration, scene.camera, PlayAreaGrid(scene.layout, 0)), 1.0);
}

TEST(TableCalibration, KnowsWhatLiesInsideAMarkersBlackSquare) {
  TableCalibration calibration;
  calibration.marker_side_mm = 60;
  calibration.marker_centres_mm = {cv::Point2d(0, 0), cv::Point2d(1000, 0), cv::Point2d(1000, 600),
                                   cv::Point2d(0, 600)};
  calibration.marker_angles_deg = {0, 45, 0, 0};
  EXPECT_TRUE(calibration.InMarkerSquare({20, -20}, 9.5));
  EXPECT_FALSE(calibration.InMarkerSquare({25, 0}, 9.5));  // a coin there covers the edge
  EXPECT_TRUE(calibration.InMarkerSquare({25, 0}, 0));
  EXPECT_FALSE(calibration.InMarkerSquare({500, 300}, 0));
  // Marker 1 turned by 45 degrees: its corners lie on the axes, 42 mm out.
  EXPECT_TRUE(calibration.InMarkerSquare({1040, 0}, 0));
  EXPECT_FALSE(calibration.InMarkerSquare({1025, 25}, 0));
}

TEST(TableCalibration, OptionsCheckNamesTheField) {
  TableCalibrationOptions options;
  options.marker_side_mm = -1;
  try {
    options.Check();
    FAIL();
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("marker_side_mm"), std::string::npos);
  }
}

}  // namespace
}  // namespace tabref::calibration
