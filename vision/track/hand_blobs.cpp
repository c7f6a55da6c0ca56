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

std::vector<bool> HandBlobs(const cv::Mat& labels, const cv::Mat& stats, int count,
                            const cv::Mat& view, const cv::Mat& hand_in_motion, double skin_share) {
  std::vector<bool> hands = ComponentsTouching(labels, stats, count, hand_in_motion);
  for (int label = 1; label < count; ++label) {
    if (!hands[static_cast<size_t>(label)]) continue;
    const cv::Rect box = ComponentBox(stats, label);
    int pixels = 0;
    int skin = 0;
    for (int y = box.y; y < box.br().y; ++y) {
      const int* row = labels.ptr<int>(y);
      const auto* colour = view.ptr<cv::Vec3b>(y);
      for (int x = box.x; x < box.br().x; ++x) {
        if (row[x] != label) continue;
        ++pixels;
        if (SkinLike(colour[x])) ++skin;
      }
    }
    hands[static_cast<size_t>(label)] = skin >= skin_share * pixels;
  }
  return hands;
}

}  // namespace tabref::vision
