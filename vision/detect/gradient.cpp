#include "vision/detect/gradient.h"

#include <cmath>
#include <opencv2/core/hal/intrin.hpp>
#include <opencv2/imgproc.hpp>

namespace tabref::vision {
namespace {

// One row: per pixel the gradient of the channel whose squared change is largest (the first
// such channel on ties). `gx`, `gy`: the rows of the 3-channel Sobel derivatives.
void SelectChannel(const short* gx, const short* gy, int cols, short* out_x, short* out_y,
                   float* out_m) {
  int x = 0;
#if CV_SIMD128
  // Eight pixels at a time: the same integer energies and choice, and the same float sqrt.
  const auto energies = [](const cv::v_int16x8& a, const cv::v_int16x8& b, cv::v_int32x4& low,
                           cv::v_int32x4& high) {
    cv::v_int32x4 a_low, a_high, b_low, b_high;
    cv::v_mul_expand(a, a, a_low, a_high);
    cv::v_mul_expand(b, b, b_low, b_high);
    low = a_low + b_low;
    high = a_high + b_high;
  };
  for (; x + 8 <= cols; x += 8) {
    cv::v_int16x8 x0, x1, x2, y0, y1, y2;
    cv::v_load_deinterleave(gx + 3 * x, x0, x1, x2);
    cv::v_load_deinterleave(gy + 3 * x, y0, y1, y2);
    cv::v_int32x4 low0, high0, low1, high1, low2, high2;
    energies(x0, y0, low0, high0);
    energies(x1, y1, low1, high1);
    energies(x2, y2, low2, high2);
    const cv::v_int32x4 one_low = low1 > low0;
    const cv::v_int32x4 one_high = high1 > high0;
    const cv::v_int16x8 one = cv::v_pack(one_low, one_high);
    const cv::v_int32x4 best_low = cv::v_select(one_low, low1, low0);
    const cv::v_int32x4 best_high = cv::v_select(one_high, high1, high0);
    const cv::v_int32x4 two_low = low2 > best_low;
    const cv::v_int32x4 two_high = high2 > best_high;
    const cv::v_int16x8 two = cv::v_pack(two_low, two_high);
    cv::v_store(out_x + x, cv::v_select(two, x2, cv::v_select(one, x1, x0)));
    cv::v_store(out_y + x, cv::v_select(two, y2, cv::v_select(one, y1, y0)));
    cv::v_store(out_m + x, cv::v_sqrt(cv::v_cvt_f32(cv::v_select(two_low, low2, best_low))));
    cv::v_store(out_m + x + 4, cv::v_sqrt(cv::v_cvt_f32(cv::v_select(two_high, high2, best_high))));
  }
#endif
  for (; x < cols; ++x) {
    int best = 0;
    int best_energy = -1;
    for (int c = 0; c < 3; ++c) {
      const int energy = gx[3 * x + c] * gx[3 * x + c] + gy[3 * x + c] * gy[3 * x + c];
      if (energy > best_energy) {
        best_energy = energy;
        best = c;
      }
    }
    out_x[x] = gx[3 * x + best];
    out_y[x] = gy[3 * x + best];
    out_m[x] = std::sqrt(static_cast<float>(best_energy));
  }
}

}  // namespace

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
    SelectChannel(dx3.ptr<short>(y), dy3.ptr<short>(y), bgr.cols, gradient.dx.ptr<short>(y),
                  gradient.dy.ptr<short>(y), gradient.magnitude.ptr<float>(y));
  }
  return gradient;
}

}  // namespace tabref::vision
