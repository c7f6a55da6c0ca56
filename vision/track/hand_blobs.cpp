#include "vision/track/hand_blobs.h"

#include <opencv2/imgproc.hpp>

#include "vision/detect/components.h"
#include "vision/detect/hand_detector.h"

namespace tabref::vision {

cv::Mat HandInMotion(const cv::Mat& hand, const cv::Mat& moving) {
  if (hand.empty()) return {};
  cv::Mat near_motion;
  cv::dilate(moving, near_motion, cv::Mat());
  return hand | (near_motion - WithoutComponentsTouching(near_motion, hand));
}

std::vector<bool> HandBlobs(const cv::Mat& labels, int count, const cv::Mat& view,
                            const cv::Mat& hand_in_motion, double skin_share) {
  std::vector<bool> hands = ComponentsTouching(labels, count, hand_in_motion);
  if (hand_in_motion.empty()) return hands;
  std::vector<int> pixels(hands.size(), 0);
  std::vector<int> skin(hands.size(), 0);
  for (int y = 0; y < labels.rows; ++y) {
    const int* row = labels.ptr<int>(y);
    const auto* colour = view.ptr<cv::Vec3b>(y);
    for (int x = 0; x < labels.cols; ++x) {
      const int label = row[x];
      if (label <= 0 || label >= count || !hands[static_cast<size_t>(label)]) continue;
      ++pixels[static_cast<size_t>(label)];
      if (SkinLike(colour[x])) ++skin[static_cast<size_t>(label)];
    }
  }
  for (size_t label = 1; label < hands.size(); ++label) {
    hands[label] = hands[label] && skin[label] >= skin_share * pixels[label];
  }
  return hands;
}

}  // namespace tabref::vision
