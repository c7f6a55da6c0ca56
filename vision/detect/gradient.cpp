#include "vision/detect/gradient.h"

#include <cmath>
#include <opencv2/imgproc.hpp>

namespace tabref::vision {

ColourGradient ComputeColourGradient(const cv::Mat& bgr) {
  CV_Assert(bgr.type() == CV_8UC3);
  cv::Mat dx3;
  cv::Mat dy3;
  cv::Sobel(bgr, dx3, CV_16S, 1, 0, 3);
  cv::Sobel(bgr, dy3, CV_16S, 0, 1, 3);
  ColourGradient gradient;
  gradient.dx.create(bgr.size(), CV_16S);
  gradient.dy.create(bgr.size(), CV_16S);
  gradient.magnitude.create(bgr.size(), CV_32F);
  for (int y = 0; y < bgr.rows; ++y) {
    const auto* gx = dx3.ptr<cv::Vec3s>(y);
    const auto* gy = dy3.ptr<cv::Vec3s>(y);
    auto* out_x = gradient.dx.ptr<short>(y);
    auto* out_y = gradient.dy.ptr<short>(y);
    auto* out_m = gradient.magnitude.ptr<float>(y);
    for (int x = 0; x < bgr.cols; ++x) {
      int best = 0;
      int best_energy = -1;
      for (int c = 0; c < 3; ++c) {
        const int energy = gx[x][c] * gx[x][c] + gy[x][c] * gy[x][c];
        if (energy > best_energy) {
          best_energy = energy;
          best = c;
        }
      }
      out_x[x] = gx[x][best];
      out_y[x] = gy[x][best];
      out_m[x] = std::sqrt(static_cast<float>(best_energy));
    }
  }
  return gradient;
}

}  // namespace tabref::vision
