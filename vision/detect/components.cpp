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

}  // namespace tabref::vision
