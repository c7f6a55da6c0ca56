#include <gtest/gtest.h>

#include <filesystem>
#include <opencv2/imgcodecs.hpp>
#include <random>

#include "calibration/calibration_error.h"
#include "calibration/intrinsics_calibration.h"
#include "calibration/view_selector.h"
#include "tests/calibration/synthetic_views.h"

namespace tabref::calibration {
namespace {

using testing::BoardPattern;
using testing::RenderBoardViews;

const std::filesystem::path kOpenCvLeft =
    std::filesystem::path(TABREF_SOURCE_DIR) / "tests/calibration/data/opencv-left";

vision::sim::Camera Webcam(int width, int height) {
  vision::sim::CameraOptions options;
  options.width = width;
  options.height = height;
  options.principal_offset_px = {0.006 * width, -0.004 * width};
  options.distortion = testing::kWebcamDistortion;
  return vision::sim::PlaceCamera(options, {0, 0, 0}, {{-100, -100, 0}, {100, 100, 0}});
}

std::vector<BoardView> Detect(const std::vector<cv::Mat>& images, const BoardSpec& spec) {
  std::vector<BoardView> views;
  for (size_t i = 0; i < images.size(); ++i) {
    if (auto view = DetectBoard(images[i], spec, "view" + std::to_string(i + 1) + ".png")) {
      views.push_back(*view);
    }
  }
  return views;
}

std::string MessageOf(const std::function<void()>& action) {
  try {
    action();
  } catch (const CalibrationError& error) {
    return error.what();
  }
  return "";
}

void ExpectIntrinsicsClose(const Intrinsics& found, const vision::sim::Camera& truth) {
  const double focal = truth.camera_matrix(0, 0);
  EXPECT_NEAR(found.camera_matrix(0, 0), focal, 0.005 * focal);
  EXPECT_NEAR(found.camera_matrix(1, 1), focal, 0.005 * focal);
  EXPECT_NEAR(found.camera_matrix(0, 2), truth.camera_matrix(0, 2), 2.0);
  EXPECT_NEAR(found.camera_matrix(1, 2), truth.camera_matrix(1, 2), 2.0);
}

TEST(Intrinsics, CharucoViewsGiveFocalLengthAndPrincipalPoint) {
  const vision::sim::Camera camera = Webcam(1280, 720);
  const BoardSpec spec;  // 9x6 squares of 25 mm, 18 mm DICT_5X5_100 markers: `tabref markers`
  const std::vector<BoardView> views =
      Detect(RenderBoardViews(camera, BoardPattern{}, 12, 1), spec);
  ASSERT_GE(views.size(), 11u);
  const IntrinsicsCalibrationResult result = CalibrateIntrinsics(views);
  ExpectIntrinsicsClose(result.intrinsics, camera);
  EXPECT_LT(*result.intrinsics.avg_reprojection_error, 0.3);
  EXPECT_TRUE(result.outliers.empty());
  EXPECT_NEAR(result.intrinsics.distortion.at<double>(0), camera.distortion[0], 0.02);
}

TEST(Intrinsics, ChessboardViewsGiveFocalLengthAndPrincipalPoint) {
  const vision::sim::Camera camera = Webcam(1280, 720);
  BoardPattern pattern;
  pattern.charuco = false;
  pattern.size = {9, 6};
  BoardSpec spec;
  spec.kind = BoardKind::kChessboard;
  spec.size = {9, 6};
  const std::vector<BoardView> views = Detect(RenderBoardViews(camera, pattern, 12, 2), spec);
  ASSERT_GE(views.size(), 10u);
  ExpectIntrinsicsClose(CalibrateIntrinsics(views).intrinsics, camera);
}

// OpenCV's own sample photos (a real camera): the same lens as OpenCV's calibration sample
// found, with left02.jpg's misfit view dropped as an outlier.
TEST(Intrinsics, RealPhotosFromOpenCvsSamples) {
  BoardSpec spec;
  spec.kind = BoardKind::kChessboard;
  spec.size = {9, 6};
  std::vector<BoardView> views;
  for (const auto& entry : std::filesystem::directory_iterator(kOpenCvLeft)) {
    if (entry.path().extension() != ".jpg") continue;
    const auto view = DetectBoard(cv::imread(entry.path().string()), spec, entry.path().filename());
    ASSERT_TRUE(view) << entry.path();
    views.push_back(*view);
  }
  ASSERT_EQ(views.size(), 13u);
  const IntrinsicsCalibrationResult result = CalibrateIntrinsics(views);
  const Intrinsics reference = ReadIntrinsics(kOpenCvLeft / "left_intrinsics.yml");
  EXPECT_NEAR(result.intrinsics.camera_matrix(0, 0), reference.camera_matrix(0, 0),
              0.01 * reference.camera_matrix(0, 0));
  EXPECT_NEAR(result.intrinsics.camera_matrix(0, 2), reference.camera_matrix(0, 2), 3);
  EXPECT_NEAR(result.intrinsics.camera_matrix(1, 2), reference.camera_matrix(1, 2), 3);
  EXPECT_LT(*result.intrinsics.avg_reprojection_error, 0.4);
}

// Views made from exact corners of a known camera, for the rejection rules.
std::vector<BoardView> ProjectedViews(int count, double noise_px, std::uint64_t seed) {
  const vision::sim::Camera camera = Webcam(1280, 720);
  std::mt19937_64 random(seed);
  std::normal_distribution<double> noise(0, noise_px);
  std::vector<BoardView> views;
  const std::vector<cv::Mat> images = RenderBoardViews(camera, BoardPattern{}, count, seed);
  const BoardSpec spec;
  for (const BoardView& view : Detect(images, spec)) {
    BoardView noisy = view;
    for (cv::Point2f& p : noisy.image_points) {
      p += cv::Point2f(static_cast<float>(noise(random)), static_cast<float>(noise(random)));
    }
    views.push_back(noisy);
  }
  return views;
}

TEST(Intrinsics, PoorSetsAreRejectedWithTheReason) {
  const std::vector<BoardView> views = ProjectedViews(12, 0, 3);
  ASSERT_GE(views.size(), 10u);

  const std::vector<BoardView> three(views.begin(), views.begin() + 3);
  EXPECT_NE(MessageOf([&] { CalibrateIntrinsics(three); }).find("too few views"),
            std::string::npos);

  // The same view over and over: one corner of the image, no tilt variety.
  std::vector<BoardView> same(10, views[0]);
  const std::string coverage = MessageOf([&] { CalibrateIntrinsics(same); });
  EXPECT_NE(coverage.find("too little coverage"), std::string::npos) << coverage;
  EXPECT_NE(coverage.find("show the board in the"), std::string::npos) << coverage;

  // Badly measured corners everywhere.
  std::vector<BoardView> noisy = views;
  std::mt19937_64 random(5);
  std::normal_distribution<double> noise(0, 2.5);
  for (BoardView& view : noisy) {
    for (cv::Point2f& p : view.image_points) {
      p += cv::Point2f(static_cast<float>(noise(random)), static_cast<float>(noise(random)));
    }
  }
  EXPECT_NE(MessageOf([&] { CalibrateIntrinsics(noisy); }).find("RMS too high"), std::string::npos);

  // One view whose corners are shifted (a bent board, a wrong detection) is dropped, named.
  std::vector<BoardView> with_outlier = views;
  for (size_t i = 0; i < with_outlier[4].image_points.size() / 2; ++i) {
    with_outlier[4].image_points[i] += cv::Point2f(6, -4);
  }
  const IntrinsicsCalibrationResult result = CalibrateIntrinsics(with_outlier);
  ASSERT_EQ(result.outliers.size(), 1u);
  EXPECT_EQ(result.outliers[0].name, with_outlier[4].name);
  EXPECT_EQ(result.views.size(), views.size() - 1);
}

TEST(ViewSelector, TakesStillViewsThatAddCoverage) {
  const std::vector<BoardView> views = ProjectedViews(3, 0, 8);
  ASSERT_EQ(views.size(), 3u);
  ViewSelectorOptions options;
  options.still_frames = 3;
  ViewSelector selector(views[0].image_size, options);
  // Moving: every frame shifted by 5 px.
  for (int i = 0; i < 6; ++i) {
    BoardView moving = views[0];
    for (cv::Point2f& p : moving.image_points) p += cv::Point2f(5.f * static_cast<float>(i), 0.f);
    EXPECT_FALSE(selector.Offer(moving));
  }
  int taken = 0;
  for (int i = 0; i < 5; ++i) taken += selector.Offer(views[0]) ? 1 : 0;
  EXPECT_EQ(taken, 1);
  // Held still again at the same place: adds nothing.
  for (int i = 0; i < 5; ++i) EXPECT_FALSE(selector.Offer(views[0]));
  // Board lost, then a new place held still.
  EXPECT_FALSE(selector.Offer(std::nullopt));
  for (int i = 0; i < 5; ++i) taken += selector.Offer(views[1]) ? 1 : 0;
  EXPECT_EQ(taken, 2);
  EXPECT_EQ(selector.Views().size(), 2u);
  EXPECT_EQ(selector.Views()[1].name, "view 2");
  EXPECT_GT(selector.Coverage().area_fraction, 0.05);
}

TEST(ViewSelector, TakesPhotosThatAddCoverageWithoutWaitingForStillness) {
  const std::vector<BoardView> views = ProjectedViews(3, 0, 8);
  ViewSelector selector(views[0].image_size);
  EXPECT_TRUE(selector.OfferStill(views[0]));
  EXPECT_FALSE(selector.OfferStill(views[0]));  // the same picture again adds nothing
  EXPECT_TRUE(selector.OfferStill(views[1]));
  EXPECT_EQ(selector.Views().size(), 2u);
  EXPECT_EQ(selector.Views()[1].name, "view 2");
}

TEST(Board, SizesAndDictionariesParse) {
  EXPECT_EQ(ParseBoardSize("9x6"), cv::Size(9, 6));
  EXPECT_THROW(ParseBoardSize("9by6"), std::invalid_argument);
  EXPECT_THROW(ParseBoardSize("x6"), std::invalid_argument);
  EXPECT_EQ(DictionaryFromName("dict_5x5_100"), cv::aruco::DICT_5X5_100);
  EXPECT_EQ(DictionaryName(DictionaryFromName("6X6_250")), "DICT_6X6_250");
  EXPECT_THROW(DictionaryFromName("9X9_1"), std::invalid_argument);
  BoardSpec spec;
  spec.marker_mm = 30;
  EXPECT_THROW(spec.Check(), std::invalid_argument);
}

}  // namespace
}  // namespace tabref::calibration
