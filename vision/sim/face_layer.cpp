#include "vision/sim/face_layer.h"

#include <algorithm>

namespace tabref::vision::sim {

FaceLayer::FaceLayer(cv::Rect area)
    : area_(area),
      colour_(cv::Mat::zeros(area.size(), CV_32FC3)),
      weight_(cv::Mat::zeros(area.size(), CV_32F)) {}

void FaceLayer::Add(const cv::Mat& patch, const cv::Mat& coverage, const cv::Rect& patch_area) {
  const cv::Rect overlap = patch_area & area_;
  for (int y = overlap.y; y < overlap.y + overlap.height; ++y) {
    const auto* source = patch.ptr<cv::Vec3b>(y - patch_area.y) - patch_area.x;
    const auto* cover = coverage.ptr<uchar>(y - patch_area.y) - patch_area.x;
    auto* colour = colour_.ptr<cv::Vec3f>(y - area_.y) - area_.x;
    auto* weight = weight_.ptr<float>(y - area_.y) - area_.x;
    for (int x = overlap.x; x < overlap.x + overlap.width; ++x) {
      if (cover[x] == 0) continue;
      const float w = cover[x] / 255.0f;
      weight[x] += w;
      colour[x] += w * cv::Vec3f(source[x][0], source[x][1], source[x][2]);
    }
  }
}

void FaceLayer::Composite(cv::Mat& canvas) const {
  for (int y = 0; y < area_.height; ++y) {
    const auto* colour = colour_.ptr<cv::Vec3f>(y);
    const auto* weight = weight_.ptr<float>(y);
    auto* target = canvas.ptr<cv::Vec3b>(area_.y + y) + area_.x;
    for (int x = 0; x < area_.width; ++x) {
      if (weight[x] <= 0) continue;
      const float keep = std::max(0.0f, 1 - weight[x]);
      for (int c = 0; c < 3; ++c)
        target[x][c] = cv::saturate_cast<uchar>(target[x][c] * keep + colour[x][c]);
    }
  }
}

}  // namespace tabref::vision::sim
