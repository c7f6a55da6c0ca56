#include "vision/detect/components.h"

#include <algorithm>
#include <opencv2/imgproc.hpp>

namespace tabref::vision {

int ComponentsWithStats(const cv::Mat& mask, cv::Mat* labels, cv::Mat& stats, cv::Mat& centroids) {
  CV_Assert(mask.type() == CV_8U);
  cv::Rect box = cv::boundingRect(mask);
  if (box.empty()) box = cv::Rect(0, 0, std::min(1, mask.cols), std::min(1, mask.rows));
  cv::Mat box_labels;
  const int count =
      cv::connectedComponentsWithStats(mask(box), box_labels, stats, centroids, 8, CV_32S);
  for (int label = 1; label < count; ++label) {
    stats.at<int>(label, cv::CC_STAT_LEFT) += box.x;
    stats.at<int>(label, cv::CC_STAT_TOP) += box.y;
    centroids.at<double>(label, 0) += box.x;
    centroids.at<double>(label, 1) += box.y;
  }
  if (labels != nullptr) {
    labels->create(mask.size(), CV_32S);
    labels->setTo(0);
    box_labels.copyTo((*labels)(box));
  }
  return count;
}

std::vector<bool> ComponentsTouching(const cv::Mat& labels, int count, const cv::Mat& other) {
  std::vector<bool> touching(static_cast<size_t>(std::max(count, 0)), false);
  if (other.empty() || count <= 1) return touching;
  CV_Assert(labels.type() == CV_32S && other.type() == CV_8U && labels.size() == other.size());
  cv::Mat near;
  cv::dilate(other, near, cv::Mat());
  for (int y = 0; y < labels.rows; ++y) {
    const int* row = labels.ptr<int>(y);
    const uchar* beside = near.ptr<uchar>(y);
    for (int x = 0; x < labels.cols; ++x) {
      if (row[x] > 0 && row[x] < count && beside[x] != 0)
        touching[static_cast<size_t>(row[x])] = true;
    }
  }
  return touching;
}

cv::Mat WithoutComponentsTouching(const cv::Mat& mask, const cv::Mat& other) {
  if (other.empty()) return mask.clone();
  cv::Mat labels, stats, centroids;
  const int count = ComponentsWithStats(mask, &labels, stats, centroids);
  const std::vector<bool> touching = ComponentsTouching(labels, count, other);
  cv::Mat kept = mask.clone();
  for (int y = 0; y < labels.rows; ++y) {
    const int* row = labels.ptr<int>(y);
    uchar* out = kept.ptr<uchar>(y);
    for (int x = 0; x < labels.cols; ++x) {
      if (row[x] > 0 && touching[static_cast<size_t>(row[x])]) out[x] = 0;
    }
  }
  return kept;
}

}  // namespace tabref::vision
