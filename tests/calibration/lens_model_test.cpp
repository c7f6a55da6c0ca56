#include "calibration/lens_model.h"

#include <gtest/gtest.h>

#include <opencv2/calib3d.hpp>

namespace tabref::calibration {
namespace {

Intrinsics Lens(std::vector<double> coefficients) {
  Intrinsics intrinsics;
  intrinsics.image_size = {1280, 720};
  intrinsics.camera_matrix = {900, 0, 645, 0, 905, 357, 0, 0, 1};
  intrinsics.distortion = cv::Mat(coefficients, true).reshape(1, 1);
  return intrinsics;
}

TEST(LensModel, ProjectsLikeOpenCvForEveryModelSize) {
  for (const auto& coefficients : std::vector<std::vector<double>>{
           {-0.2, 0.05, 0.001, -0.002},
           {-0.09, 0.04, 0.0005, -0.0004, 0.01},
           {0.3, -0.1, 0.001, 0.002, 0.02, 0.4, -0.05, 0.01},
           {-0.1, 0.02, 0.001, 0.0, 0.0, 0.05, 0.0, 0.0, 0.001, -0.0005, 0.0008, 0.0002}}) {
    const Intrinsics intrinsics = Lens(coefficients);
    const LensModel lens(intrinsics);
    const std::vector<cv::Point3d> points{{0, 0, 1000}, {300, -200, 900}, {-450, 260, 800}};
    std::vector<cv::Point2d> expected;
    cv::projectPoints(points, cv::Vec3d(0, 0, 0), cv::Vec3d(0, 0, 0),
                      cv::Mat(intrinsics.camera_matrix), intrinsics.distortion, expected);
    for (size_t i = 0; i < points.size(); ++i) {
      EXPECT_LT(cv::norm(lens.Project(cv::Vec3d(points[i])) - expected[i]), 1e-9)
          << coefficients.size() << " coefficients";
    }
  }
}

TEST(LensModel, UndistortionInvertsTheModelOutToTheCorners) {
  const LensModel lens(Lens({-0.25, 0.08, 0.001, -0.001, -0.01}));
  for (const cv::Point2d pixel : {cv::Point2d(0, 0), cv::Point2d(640.3, 360.7),
                                  cv::Point2d(1279, 719), cv::Point2d(3, 700)}) {
    EXPECT_LT(cv::norm(lens.PixelOf(lens.Normalised(pixel)) - pixel), 1e-8);
  }
}

TEST(LensModel, RejectsATiltedSensor) {
  std::vector<double> coefficients(14, 0.0);
  coefficients[12] = 0.01;
  EXPECT_THROW(LensModel{Lens(coefficients)}, std::runtime_error);
}

}  // namespace
}  // namespace tabref::calibration
