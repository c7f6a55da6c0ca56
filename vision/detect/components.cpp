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

cv::Rect ComponentBox(const cv::Mat& stats, int label) {
  return {stats.at<int>(label, cv::CC_STAT_LEFT), stats.at<int>(label, cv::CC_STAT_TOP),
          stats.at<int>(label, cv::CC_STAT_WIDTH), stats.at<int>(label, cv::CC_STAT_HEIGHT)};
}

std::vector<bool> ComponentsTouching(const cv::Mat& labels, const cv::Mat& stats, int count,
                                     const cv::Mat& other) {
  std::vector<bool> touching(static_cast<size_t>(std::max(count, 0)), false);
  if (other.empty() || count <= 1) return touching;
  CV_Assert(labels.type() == CV_32S && other.type() == CV_8U && labels.size() == other.size());
  const auto other_near = [&](int x, int y) {
    for (int v = std::max(0, y - 1); v <= std::min(other.rows - 1, y + 1); ++v) {
      const uchar* row = other.ptr<uchar>(v);
      for (int u = std::max(0, x - 1); u <= std::min(other.cols - 1, x + 1); ++u) {
        if (row[u] != 0) return true;
      }
    }
    return false;
  };
  for (int label = 1; label < count; ++label) {
    const cv::Rect box = ComponentBox(stats, label);
    for (int y = box.y; y < box.br().y && !touching[static_cast<size_t>(label)]; ++y) {
      const int* row = labels.ptr<int>(y);
      for (int x = box.x; x < box.br().x; ++x) {
        if (row[x] == label && other_near(x, y)) {
          touching[static_cast<size_t>(label)] = true;
          break;
        }
      }
    }
  }
  return touching;
}

cv::Mat WithoutComponentsTouching(const cv::Mat& mask, const cv::Mat& other) {
  if (other.empty()) return mask.clone();
  cv::Mat labels, stats, centroids;
  const int count = ComponentsWithStats(mask, &labels, stats, centroids);
  const std::vector<bool> touching = ComponentsTouching(labels, stats, count, other);
  cv::Mat kept = mask.clone();
  for (int label = 1; label < count; ++label) {
    if (!touching[static_cast<size_t>(label)]) continue;
    const cv::Rect box = ComponentBox(stats, label);
    kept(box).setTo(0, labels(box) == label);
  }
  return kept;
}

}  // namespace tabref::vision
