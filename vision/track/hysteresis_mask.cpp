#include "vision/track/hysteresis_mask.h"

#include <opencv2/imgproc.hpp>
#include <vector>

namespace tabref::vision {

cv::Mat HysteresisMask(const cv::Mat& change, double low, double high) {
  CV_Assert(change.type() == CV_8U && low <= high);
  cv::Mat labels;
  const int count = cv::connectedComponents(change > low, labels, 8, CV_32S);
  std::vector<uchar> strong(static_cast<size_t>(count), 0);
  for (int y = 0; y < change.rows; ++y) {
    const auto* value = change.ptr<uchar>(y);
    const auto* label = labels.ptr<int>(y);
    for (int x = 0; x < change.cols; ++x) {
      if (value[x] > high) strong[static_cast<size_t>(label[x])] = 255;
    }
  }
  cv::Mat mask(change.size(), CV_8U);
  for (int y = 0; y < change.rows; ++y) {
    const auto* label = labels.ptr<int>(y);
    auto* out = mask.ptr<uchar>(y);
    for (int x = 0; x < change.cols; ++x) out[x] = strong[static_cast<size_t>(label[x])];
  }
  return mask;
}

}  // namespace tabref::vision
