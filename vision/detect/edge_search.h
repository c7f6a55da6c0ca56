#pragma once

#include <algorithm>
#include <opencv2/core.hpp>
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

// Bilinear sample of a BGR 8-bit image, clamped at the border. Inline: the fits take
// hundreds of thousands per frame.
inline cv::Vec3f SampleColour(const cv::Mat& image, double x, double y) {
  x = std::clamp(x, 0.0, image.cols - 1.001);
  y = std::clamp(y, 0.0, image.rows - 1.001);
  const int x0 = static_cast<int>(x);
  const int y0 = static_cast<int>(y);
  const float fx = static_cast<float>(x - x0);
  const float fy = static_cast<float>(y - y0);
  const auto* row0 = image.ptr<cv::Vec3b>(y0) + x0;
  const auto* row1 = image.ptr<cv::Vec3b>(y0 + 1) + x0;
  cv::Vec3f sample;
  for (int c = 0; c < 3; ++c) {
    const float top = row0[0][c] + fx * (row0[1][c] - row0[0][c]);
    const float bottom = row1[0][c] + fx * (row1[1][c] - row1[0][c]);
    sample[c] = top + fy * (bottom - top);
  }
  return sample;
}

}  // namespace tabref::vision
