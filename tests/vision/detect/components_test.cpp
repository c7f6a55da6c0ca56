#include "vision/detect/components.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <map>
#include <opencv2/imgproc.hpp>
#include <set>

namespace tabref::vision {
namespace {

// Blobs scattered over part of a mask, as a table's change shows them.
cv::Mat ScatteredBlobs(int seed, cv::Rect within) {
  cv::Mat mask = cv::Mat::zeros(240, 320, CV_8U);
  cv::RNG rng(static_cast<std::uint64_t>(seed));
  for (int i = 0; i < 12; ++i) {
    const cv::Point at(rng.uniform(within.x, within.x + within.width),
                       rng.uniform(within.y, within.y + within.height));
    cv::ellipse(mask, at, {rng.uniform(1, 9), rng.uniform(1, 9)}, rng.uniform(0, 180), 0, 360,
                cv::Scalar(255), cv::FILLED);
  }
  return mask;
}

TEST(ComponentsTest, TheSameComponentsAsOverTheWholeMask) {
  for (int seed = 1; seed <= 20; ++seed) {
    const cv::Rect within = seed % 2 ? cv::Rect(40, 60, 120, 80) : cv::Rect(0, 0, 320, 240);
    const cv::Mat mask = ScatteredBlobs(seed, within);
    cv::Mat labels, stats, centroids;
    const int count = cv::connectedComponentsWithStats(mask, labels, stats, centroids, 8, CV_32S);
    cv::Mat box_labels, box_stats, box_centroids;
    ASSERT_EQ(ComponentsWithStats(mask, &box_labels, box_stats, box_centroids), count);
    // Parallel labelling numbers components by stripe, so only the partition is the same.
    std::map<int, int> full_of_box;
    for (int y = 0; y < mask.rows; ++y) {
      for (int x = 0; x < mask.cols; ++x) {
        const int box_label = box_labels.at<int>(y, x);
        ASSERT_EQ(box_label == 0, labels.at<int>(y, x) == 0) << seed;
        const auto [it, added] = full_of_box.emplace(box_label, labels.at<int>(y, x));
        ASSERT_EQ(it->second, labels.at<int>(y, x)) << seed;
      }
    }
    std::set<int> full_labels;
    for (const auto& [box_label, label] : full_of_box) {
      full_labels.insert(label);
      if (box_label == 0) continue;
      EXPECT_EQ(cv::countNonZero(stats.row(label) != box_stats.row(box_label)), 0) << seed;
      EXPECT_LT(cv::norm(centroids.row(label), box_centroids.row(box_label), cv::NORM_INF), 1e-9);
    }
    EXPECT_EQ(full_labels.size(), full_of_box.size()) << seed;
    EXPECT_EQ(static_cast<int>(full_of_box.size()), count) << seed;
  }
}

TEST(ComponentsTest, AnEmptyMaskHasOnlyTheBackground) {
  cv::Mat stats, centroids;
  EXPECT_EQ(ComponentsWithStats(cv::Mat::zeros(50, 60, CV_8U), nullptr, stats, centroids), 1);
  cv::Mat labels;
  EXPECT_EQ(ComponentsWithStats(cv::Mat::zeros(50, 60, CV_8U), &labels, stats, centroids), 1);
  EXPECT_EQ(labels.size(), cv::Size(60, 50));
  EXPECT_EQ(cv::countNonZero(labels), 0);
}

TEST(ComponentsTest, TouchingAnotherMaskMeansOverlappingItOrLyingNextToIt) {
  cv::Mat mask = cv::Mat::zeros(60, 80, CV_8U);
  cv::rectangle(mask, cv::Rect(5, 5, 10, 10), cv::Scalar(255), cv::FILLED);    // overlaps
  cv::rectangle(mask, cv::Rect(30, 5, 10, 10), cv::Scalar(255), cv::FILLED);   // beside it
  cv::rectangle(mask, cv::Rect(60, 40, 10, 10), cv::Scalar(255), cv::FILLED);  // apart
  cv::Mat other = cv::Mat::zeros(mask.size(), CV_8U);
  cv::rectangle(other, cv::Rect(10, 10, 10, 30), cv::Scalar(255), cv::FILLED);
  cv::rectangle(other, cv::Rect(40, 15, 5, 5), cv::Scalar(255), cv::FILLED);  // diagonal
  cv::Mat labels, stats, centroids;
  const int count = ComponentsWithStats(mask, &labels, stats, centroids);
  ASSERT_EQ(count, 4);
  const std::vector<bool> touching = ComponentsTouching(labels, stats, count, other);
  ASSERT_EQ(touching.size(), 4u);
  EXPECT_FALSE(touching[0]);  // the background
  EXPECT_TRUE(touching[static_cast<size_t>(labels.at<int>(7, 7))]);
  EXPECT_TRUE(touching[static_cast<size_t>(labels.at<int>(7, 32))]);
  EXPECT_FALSE(touching[static_cast<size_t>(labels.at<int>(45, 65))]);
  EXPECT_EQ(std::count(touching.begin(), touching.end(), true), 2);

  const cv::Mat kept = WithoutComponentsTouching(mask, other);
  EXPECT_EQ(cv::countNonZero(kept), 100);
  EXPECT_EQ(kept.at<uchar>(45, 65), 255);
  // Nothing to touch: all of it kept.
  EXPECT_EQ(cv::countNonZero(WithoutComponentsTouching(mask, cv::Mat()) != mask), 0);
  const std::vector<bool> none = ComponentsTouching(labels, stats, count, cv::Mat());
  EXPECT_EQ(std::count(none.begin(), none.end(), true), 0);
}

}  // namespace
}  // namespace tabref::vision
