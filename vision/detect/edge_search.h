#pragma once

#include <algorithm>
#include <opencv2/core.hpp>
#include <opencv2/core/hal/intrin.hpp>
#include <utility>
#include <vector>

namespace tabref::vision {

// An edge crossed by a sampling line: where (px from the line's centre, sub-pixel) and how
// strong (colour change per pixel, 8-bit units).
struct EdgePeak {
  double offset_px = 0;
  double strength = 0;
};

// Samples a BGR 8-bit image along centre + t * direction (unit) for |t| <= half_length_px
// and returns the local maxima of the colour derivative, strongest first, at most
// `max_peaks` of them and none weaker than `min_strength`.
std::vector<EdgePeak> FindEdgesAlong(const cv::Mat& image, const cv::Point2d& centre,
                                     const cv::Point2d& direction, double half_length_px,
                                     int max_peaks = 3, double min_strength = 4);

// Of `peaks` (strongest first, as FindEdgesAlong returns them), the one nearest the line's
// centre among those at least `clear_share` as strong as the strongest: the edge a fit
// predicted, rather than a printed border inside it or a shadow beyond. Null when empty.
const EdgePeak* NearestClearEdge(const std::vector<EdgePeak>& peaks, double clear_share);

// The colour derivative (change per pixel, 8-bit units) along centre + t * direction at
// t = -half_length_px, -half_length_px + step, ..., +half_length_px (step kProfileStepPx).
inline constexpr double kProfileStepPx = 0.5;
std::vector<double> DerivativeProfile(const cv::Mat& image, const cv::Point2d& centre,
                                      const cv::Point2d& direction, double half_length_px);

// A fit's evidence of an edge along a line, sampled as DerivativeProfile samples it (never
// negative), and the span of its nonzero values: a sample outside the span is +0, which
// changes no sum of samples, so it is not read (the alignments sum thousands per fit).
struct EvidenceProfile {
  std::vector<float> values;
  int first = 0;  // first > last: no evidence at all
  int last = -1;

  EvidenceProfile() = default;
  explicit EvidenceProfile(std::vector<float> evidence) : values(std::move(evidence)) {
    for (int i = 0; i < static_cast<int>(values.size()); ++i) {
      if (values[static_cast<size_t>(i)] == 0) continue;
      if (first > last) first = i;
      last = i;
    }
  }
  bool Any() const { return first <= last; }
  // The evidence `offset_px` from the line's centre, interpolated linearly; 0 past the ends.
  double At(double offset_px) const {
    const double at = offset_px / kProfileStepPx + 0.5 * static_cast<double>(values.size() - 1);
    if (at < 0) return 0;
    const int i = static_cast<int>(at);
    if (i + 1 < first || i > last || i + 1 >= static_cast<int>(values.size())) return 0;
    const double f = at - i;
    return (1 - f) * values[static_cast<size_t>(i)] + f * values[static_cast<size_t>(i + 1)];
  }
};

// Bilinear sample of a BGR 8-bit image, clamped at the border. Inline: the fits take
// hundreds of thousands per frame. The three channels are interpolated side by side (the
// same float operations per channel as one at a time, so the same result).
inline cv::Vec3f SampleColour(const cv::Mat& image, double x, double y) {
  x = std::clamp(x, 0.0, image.cols - 1.001);
  y = std::clamp(y, 0.0, image.rows - 1.001);
  const int x0 = static_cast<int>(x);
  const int y0 = static_cast<int>(y);
  const float fx = static_cast<float>(x - x0);
  const float fy = static_cast<float>(y - y0);
  const uchar* row0 = image.ptr<uchar>(y0) + 3 * x0;
  const uchar* row1 = image.ptr<uchar>(y0 + 1) + 3 * x0;
#if CV_SIMD128
  // A pixel's channels in lanes 0-2: the left pixel read from its first byte, the right one
  // from the left one's last byte and shifted down a lane (no byte past the right pixel is read).
  const auto left = [](const uchar* p) {
    return cv::v_cvt_f32(cv::v_reinterpret_as_s32(cv::v_load_expand_q(p)));
  };
  const auto right = [](const uchar* p) {
    return cv::v_cvt_f32(
        cv::v_reinterpret_as_s32(cv::v_rotate_right<1>(cv::v_load_expand_q(p + 2))));
  };
  const cv::v_float32x4 weight_x = cv::v_setall_f32(fx);
  const cv::v_float32x4 top0 = left(row0);
  const cv::v_float32x4 bottom0 = left(row1);
  const cv::v_float32x4 top = top0 + weight_x * (right(row0) - top0);
  const cv::v_float32x4 bottom = bottom0 + weight_x * (right(row1) - bottom0);
  float lanes[4];
  cv::v_store(lanes, top + cv::v_setall_f32(fy) * (bottom - top));
  return {lanes[0], lanes[1], lanes[2]};
#else
  cv::Vec3f sample;
  for (int c = 0; c < 3; ++c) {
    const float top = row0[c] + fx * (row0[3 + c] - row0[c]);
    const float bottom = row1[c] + fx * (row1[3 + c] - row1[c]);
    sample[c] = top + fy * (bottom - top);
  }
  return sample;
#endif
}

}  // namespace tabref::vision
