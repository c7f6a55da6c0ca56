// Exact pixel coverage of convex polygons (the renderer's anti-aliasing) against the
// polygon's area and a supersampled estimate.
#include "vision/sim/coverage.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>
#include <random>

namespace tabref::vision::sim {
namespace {

double Area(const std::vector<cv::Point2d>& polygon) {
  std::vector<cv::Point2f> points(polygon.begin(), polygon.end());
  return cv::contourArea(points);
}

bool Inside(const std::vector<cv::Point2d>& polygon, const cv::Point2d& p) {
  std::vector<cv::Point2f> points(polygon.begin(), polygon.end());
  return cv::pointPolygonTest(points, cv::Point2f(p), false) >= 0;
}

// A random convex polygon: the hull of points scattered in a box.
std::vector<cv::Point2d> RandomConvex(std::mt19937& random) {
  std::uniform_real_distribution<double> coordinate(3, 37);
  std::vector<cv::Point2f> points;
  for (int i = 0; i < 7; ++i) points.emplace_back(coordinate(random), coordinate(random));
  std::vector<cv::Point2f> hull;
  cv::convexHull(points, hull);
  return {hull.begin(), hull.end()};
}

TEST(FillCoverage, CoversExactlyThePolygonsAreaAndMatchesSupersampling) {
  std::mt19937 random(7);
  for (int trial = 0; trial < 40; ++trial) {
    const std::vector<cv::Point2d> polygon = RandomConvex(random);
    cv::Mat coverage = cv::Mat::zeros(40, 40, CV_8UC1);
    FillCoverage(coverage, polygon, {0, 0}, 255);
    EXPECT_NEAR(cv::sum(coverage)[0] / 255, Area(polygon), 0.01 * Area(polygon) + 0.5);
    constexpr int kSamples = 16;
    for (int y = 0; y < 40; ++y) {
      for (int x = 0; x < 40; ++x) {
        int inside = 0;
        for (int i = 0; i < kSamples; ++i) {
          for (int j = 0; j < kSamples; ++j) {
            inside +=
                Inside(polygon, {x - 0.5 + (i + 0.5) / kSamples, y - 0.5 + (j + 0.5) / kSamples});
          }
        }
        const double expected = 255.0 * inside / (kSamples * kSamples);
        ASSERT_NEAR(coverage.at<uchar>(y, x), expected, 20)
            << "trial " << trial << " at " << x << "," << y;
      }
    }
  }
}

TEST(FillCoverage, AnAxisAlignedSquareOnPixelEdgesIsSharp) {
  cv::Mat coverage = cv::Mat::zeros(10, 10, CV_8UC1);
  FillCoverage(coverage, {{1.5, 1.5}, {5.5, 1.5}, {5.5, 4.5}, {1.5, 4.5}}, {0, 0}, 255);
  EXPECT_EQ(cv::countNonZero(coverage), 12);
  EXPECT_EQ(cv::sum(coverage)[0], 12 * 255);
}

}  // namespace
}  // namespace tabref::vision::sim
