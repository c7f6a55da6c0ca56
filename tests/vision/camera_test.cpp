#include "vision/sim/camera.h"

#include <gtest/gtest.h>

#include <opencv2/aruco.hpp>
#include <opencv2/calib3d.hpp>

#include "vision/sim/renderer.h"

namespace tabref::vision::sim {
namespace {

std::vector<cv::Vec3d> AllMarkerCorners(const TableLayout& layout) {
  std::vector<cv::Vec3d> corners;
  for (int id = 0; id < 4; ++id) {
    for (const cv::Vec3d& corner : layout.MarkerCorners(id)) corners.push_back(corner);
  }
  return corners;
}

Camera ObliqueCamera(int width, int height, double tilt_deg, const TableLayout& layout) {
  CameraOptions options;
  options.width = width;
  options.height = height;
  options.tilt_deg = tilt_deg;
  options.yaw_deg = 7;
  options.roll_deg = -2;
  options.principal_offset_px = {4, -3};
  options.distortion = {-0.09, 0.04, 0.0005, -0.0004, 0};
  return PlaceCamera(options, layout.PlayAreaCentre(), AllMarkerCorners(layout));
}

std::vector<cv::Point2d> OpenCvProjection(const Camera& camera,
                                          const std::vector<cv::Vec3d>& points) {
  cv::Vec3d rotation_vector;
  cv::Rodrigues(cv::Mat(camera.rotation), rotation_vector);
  std::vector<cv::Point2d> projected;
  cv::projectPoints(points, rotation_vector, camera.translation, camera.camera_matrix,
                    camera.distortion, projected);
  return projected;
}

TEST(Camera, ProjectsExactlyLikeOpenCv) {
  const TableLayout layout;
  for (double tilt : {0.0, 20.0, 40.0}) {
    const Camera camera = ObliqueCamera(1280, 720, tilt, layout);
    const std::vector<cv::Vec3d> points{
        {0, 0, 0}, {400, 250, 0}, {-90, 560, 0}, {760, -80, 44.5}, {300, 100, -700}};
    const std::vector<cv::Point2d> ours = camera.Project(points);
    const std::vector<cv::Point2d> theirs = OpenCvProjection(camera, points);
    for (size_t i = 0; i < points.size(); ++i)
      EXPECT_LT(cv::norm(ours[i] - theirs[i]), 1e-6) << "tilt " << tilt;
  }
}

TEST(Camera, PixelRaysHitWhatProjectsThere) {
  const TableLayout layout;
  const Camera camera = ObliqueCamera(640, 480, 30, layout);
  const std::vector<cv::Vec3d> rays = camera.PixelRays();
  const cv::Vec3d eye = camera.Centre();
  for (const cv::Point pixel :
       {cv::Point(0, 0), cv::Point(321, 217), cv::Point(639, 479), cv::Point(5, 470)}) {
    const cv::Vec3d ray = rays[static_cast<size_t>(pixel.y * 640 + pixel.x)];
    const cv::Vec3d on_table = eye + (-eye[2] / ray[2]) * ray;
    EXPECT_LT(cv::norm(camera.Project(on_table) - cv::Point2d(pixel)), 1e-3);
  }
}

TEST(Camera, PlacementFramesTheMarkersAndLooksDownAtTheTiltAsked) {
  const TableLayout layout;
  const Camera camera = ObliqueCamera(1280, 720, 35, layout);
  for (const cv::Point2d& corner : camera.Project(AllMarkerCorners(layout))) {
    EXPECT_TRUE(cv::Rect2d(0, 0, 1280, 720).contains(corner));
  }
  const cv::Vec3d forward(camera.rotation(2, 0), camera.rotation(2, 1), camera.rotation(2, 2));
  EXPECT_NEAR(std::acos(-forward[2]) * 180 / CV_PI, 35, 1e-9);
}

TEST(Camera, OptionsCheckNamesTheBadField) {
  CameraOptions options;
  options.tilt_deg = 75;
  EXPECT_THROW(
      {
        try {
          options.Check();
        } catch (const std::invalid_argument& error) {
          EXPECT_NE(std::string(error.what()).find("tilt_deg"), std::string::npos);
          throw;
        }
      },
      std::invalid_argument);
  options = CameraOptions();
  options.distortion[0] = 2;
  EXPECT_THROW(options.Check(), std::invalid_argument);
}

// The marker corners cv::aruco finds in rendered frames (with noise, blur, vignetting and
// JPEG) land within half a pixel of their true projection. At 640x480 and oblique views the
// far markers' cells shrink to 5 px and cv::aruco's own refinement error reaches 0.5 px, so
// the small frame is tried straight down only.
struct ArucoCase {
  int width;
  int height;
  double tilt_deg;
  TableMaterial material;
};

class ArucoAgreesWithTruth : public testing::TestWithParam<ArucoCase> {};

TEST_P(ArucoAgreesWithTruth, MarkerCornersWithinHalfAPixel) {
  const ArucoCase& test = GetParam();
  TableLayout layout;
  layout.material = test.material;
  layout.far_marker_offset_mm = {5, -4};
  const Camera camera = ObliqueCamera(test.width, test.height, test.tilt_deg, layout);
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  Renderer renderer(camera, layout, set, RenderOptions());
  const cv::Mat frame = renderer.Render({}, {}, 0.4);

  // The refinement window reaches half a marker cell either side of the corner, never the
  // next cell's edges; the smallest cell in the image sets it.
  const std::vector<cv::Point2d> truth = camera.Project(AllMarkerCorners(layout));
  double smallest_side_px = std::numeric_limits<double>::max();
  for (size_t i = 0; i < truth.size(); i += 4) {
    smallest_side_px = std::min(smallest_side_px, cv::norm(truth[i + 1] - truth[i]));
  }
  const cv::Ptr<cv::aruco::DetectorParameters> parameters = cv::aruco::DetectorParameters::create();
  parameters->cornerRefinementMethod = cv::aruco::CORNER_REFINE_SUBPIX;
  parameters->cornerRefinementWinSize = std::max(2, static_cast<int>(smallest_side_px / 6 / 2.0));
  parameters->cornerRefinementMinAccuracy = 0.001;
  parameters->cornerRefinementMaxIterations = 100;
  std::vector<int> ids;
  std::vector<std::vector<cv::Point2f>> corners;
  cv::aruco::detectMarkers(frame, cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50),
                           corners, ids, parameters);

  ASSERT_EQ(ids.size(), 4u);
  for (size_t m = 0; m < ids.size(); ++m) {
    ASSERT_GE(ids[m], 0);
    ASSERT_LT(ids[m], 4);
    const std::array<cv::Vec3d, 4> known_corners = layout.MarkerCorners(ids[m]);
    const std::vector<cv::Vec3d> known(known_corners.begin(), known_corners.end());
    const std::vector<cv::Point2d> expected = OpenCvProjection(camera, known);
    for (size_t k = 0; k < 4; ++k) {
      EXPECT_LT(cv::norm(cv::Point2d(corners[m][k]) - expected[k]), 0.5)
          << "marker " << ids[m] << " corner " << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(PosesAndResolutions, ArucoAgreesWithTruth,
                         testing::Values(ArucoCase{640, 480, 0, TableMaterial::kWood},
                                         ArucoCase{1280, 720, 15, TableMaterial::kFelt},
                                         ArucoCase{1280, 720, 40, TableMaterial::kWood},
                                         ArucoCase{1920, 1080, 25, TableMaterial::kLaminate},
                                         ArucoCase{1920, 1080, 40, TableMaterial::kFelt}),
                         [](const testing::TestParamInfo<ArucoCase>& test_case) {
                           const ArucoCase& c = test_case.param;
                           return std::to_string(c.width) + "x" + std::to_string(c.height) +
                                  "_tilt" + std::to_string(static_cast<int>(c.tilt_deg)) + "_" +
                                  std::string(ToString(c.material));
                         });

}  // namespace
}  // namespace tabref::vision::sim
