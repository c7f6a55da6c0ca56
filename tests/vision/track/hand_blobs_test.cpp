#include "vision/track/hand_blobs.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "vision/detect/components.h"

namespace tabref::vision {
namespace {

const cv::Scalar kWood(60, 110, 165);  // BGR: a wooden table, skin-like itself
const cv::Scalar kSkin(120, 150, 210);
const cv::Scalar kCoin(200, 215, 225);  // a pale coin

// A hand reaching in from the left edge of a wooden table's top view, its fingertips moving
// beyond its mask.
struct HandOverWood {
  HandOverWood() {
    cv::rectangle(hand, cv::Rect(0, 40, 60, 20), cv::Scalar(255), cv::FILLED);
    cv::rectangle(moving, cv::Rect(60, 42, 8, 16), cv::Scalar(255), cv::FILLED);  // fingertips
  }
  cv::Mat view = cv::Mat(100, 160, CV_8UC3, kWood);
  cv::Mat hand = cv::Mat::zeros(100, 160, CV_8U);
  cv::Mat moving = cv::Mat::zeros(100, 160, CV_8U);
};

TEST(HandInMotionTest, TheHandTakesInTheMotionJoinedToIt) {
  HandOverWood table;
  cv::rectangle(table.moving, cv::Rect(120, 10, 8, 8), cv::Scalar(255), cv::FILLED);  // apart
  const cv::Mat hand = HandInMotion(table.hand, table.moving);
  EXPECT_EQ(hand.at<uchar>(50, 30), 255);
  EXPECT_EQ(hand.at<uchar>(50, 65), 255);
  EXPECT_EQ(hand.at<uchar>(14, 124), 0);
  EXPECT_TRUE(HandInMotion(cv::Mat(), table.moving).empty());
}

TEST(HandBlobsTest, SkinJoinedToTheHandIsTheHandsAndAPaleCoinBesideItIsNot) {
  HandOverWood table;
  // Fingertips beyond the mask, a coin's blur beside them, and skin apart from the hand.
  cv::rectangle(table.view, cv::Rect(60, 42, 8, 7), kSkin, cv::FILLED);
  cv::rectangle(table.view, cv::Rect(60, 50, 8, 8), kCoin, cv::FILLED);
  cv::rectangle(table.view, cv::Rect(120, 10, 8, 8), kSkin, cv::FILLED);
  cv::rectangle(table.moving, cv::Rect(120, 10, 8, 8), cv::Scalar(255), cv::FILLED);
  cv::Mat blobs = cv::Mat::zeros(table.hand.size(), CV_8U);
  cv::rectangle(blobs, cv::Rect(60, 42, 8, 7), cv::Scalar(255), cv::FILLED);
  cv::rectangle(blobs, cv::Rect(60, 50, 8, 8), cv::Scalar(255), cv::FILLED);
  cv::rectangle(blobs, cv::Rect(120, 10, 8, 8), cv::Scalar(255), cv::FILLED);
  cv::Mat labels, stats, centroids;
  const int count = ComponentsWithStats(blobs, &labels, stats, centroids);
  ASSERT_EQ(count, 4);
  const cv::Mat hand_in_motion = HandInMotion(table.hand, table.moving);
  const std::vector<bool> hands = HandBlobs(labels, stats, count, table.view, hand_in_motion, 0.5);
  EXPECT_TRUE(hands[static_cast<size_t>(labels.at<int>(45, 64))]);    // the fingertips
  EXPECT_FALSE(hands[static_cast<size_t>(labels.at<int>(54, 64))]);   // the coin
  EXPECT_FALSE(hands[static_cast<size_t>(labels.at<int>(14, 124))]);  // skin apart
  // No hand: nothing is the hand's.
  const std::vector<bool> none = HandBlobs(labels, stats, count, table.view, cv::Mat(), 0.5);
  EXPECT_EQ(std::count(none.begin(), none.end(), true), 0);
}

}  // namespace
}  // namespace tabref::vision
