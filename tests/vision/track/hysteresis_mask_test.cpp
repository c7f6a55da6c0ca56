#include "vision/track/hysteresis_mask.h"

#include <gtest/gtest.h>

#include <opencv2/imgproc.hpp>

namespace tabref::vision {
namespace {

// A fast coin's change in the coarse top view (Ppolf seed 15): a blurred streak mostly
// between 15 and 30 with a few peaks above 30.
TEST(HysteresisMaskTest, FaintChangeJoinedToStrongChangeCountsAndFaintChangeAloneDoesNot) {
  cv::Mat change = cv::Mat::zeros(40, 60, CV_8U);
  cv::rectangle(change, cv::Rect(5, 5, 12, 8), cv::Scalar(22), cv::FILLED);     // the streak
  change.at<uchar>(9, 10) = 41;                                                 // its peak
  cv::rectangle(change, cv::Rect(35, 20, 10, 10), cv::Scalar(25), cv::FILLED);  // faint alone
  change.at<uchar>(30, 5) = 12;                                                 // below low

  const cv::Mat mask = HysteresisMask(change, 18, 30);
  EXPECT_EQ(cv::countNonZero(mask(cv::Rect(5, 5, 12, 8))), 12 * 8);
  EXPECT_EQ(cv::countNonZero(mask(cv::Rect(35, 20, 10, 10))), 0);
  EXPECT_EQ(cv::countNonZero(mask), 12 * 8);
  // With no faint band it is a plain threshold: only the peak.
  EXPECT_EQ(cv::countNonZero(HysteresisMask(change, 30, 30)), 1);
}

// Diagonal neighbours join (8-connected), as in the blobs the analyzer labels.
TEST(HysteresisMaskTest, DiagonalNeighboursJoin) {
  cv::Mat change = cv::Mat::zeros(5, 5, CV_8U);
  change.at<uchar>(1, 1) = 40;
  change.at<uchar>(2, 2) = 20;
  change.at<uchar>(3, 3) = 20;
  EXPECT_EQ(cv::countNonZero(HysteresisMask(change, 18, 30)), 3);
}

}  // namespace
}  // namespace tabref::vision
