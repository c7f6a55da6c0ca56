#include "vision/detect/edge_search.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision {
namespace {

constexpr double kStepPx = kProfileStepPx;
constexpr int kSpan = 2;  // derivative over +-kSpan samples (+-1 px)

// DerivativeProfile into `derivative` (whose storage the edge searches reuse).
void FillDerivativeProfile(const cv::Mat& image, const cv::Point2d& centre,
                           const cv::Point2d& direction, double half_length_px,
                           std::vector<double>& derivative) {
  const int half_steps = static_cast<int>(std::ceil(half_length_px / kStepPx));
  const int padded = half_steps + kSpan;
  thread_local std::vector<cv::Vec3f> samples;
  samples.resize(static_cast<size_t>(2 * padded + 1));
  for (int i = -padded; i <= padded; ++i) {
    const double t = i * kStepPx;
    samples[static_cast<size_t>(i + padded)] =
        SampleColour(image, centre.x + t * direction.x, centre.y + t * direction.y);
  }
  derivative.resize(static_cast<size_t>(2 * half_steps + 1));
  for (int i = -half_steps; i <= half_steps; ++i) {
    const cv::Vec3f change = samples[static_cast<size_t>(i + padded + kSpan)] -
                             samples[static_cast<size_t>(i + padded - kSpan)];
    derivative[static_cast<size_t>(i + half_steps)] = cv::norm(change) / (2 * kSpan * kStepPx);
  }
}

}  // namespace

std::vector<double> DerivativeProfile(const cv::Mat& image, const cv::Point2d& centre,
                                      const cv::Point2d& direction, double half_length_px) {
  std::vector<double> derivative;
  FillDerivativeProfile(image, centre, direction, half_length_px, derivative);
  return derivative;
}

std::vector<EdgePeak> FindEdgesAlong(const cv::Mat& image, const cv::Point2d& centre,
                                     const cv::Point2d& direction, double half_length_px,
                                     int max_peaks, double min_strength) {
  thread_local std::vector<double> derivative;
  FillDerivativeProfile(image, centre, direction, half_length_px + kStepPx, derivative);
  const int half_steps = static_cast<int>(derivative.size() / 2);
  std::vector<EdgePeak> peaks;
  for (int i = 1; i + 1 < static_cast<int>(derivative.size()); ++i) {
    const double here = derivative[static_cast<size_t>(i)];
    const double before = derivative[static_cast<size_t>(i - 1)];
    const double after = derivative[static_cast<size_t>(i + 1)];
    if (here < min_strength || here < before || here <= after) continue;
    const double curvature = before - 2 * here + after;
    const double shift = curvature < 0 ? 0.5 * (before - after) / curvature : 0;
    const double offset = (i - half_steps + std::clamp(shift, -0.5, 0.5)) * kStepPx;
    if (std::abs(offset) > half_length_px) continue;
    peaks.push_back({offset, here});
  }
  std::sort(peaks.begin(), peaks.end(),
            [](const EdgePeak& a, const EdgePeak& b) { return a.strength > b.strength; });
  if (static_cast<int>(peaks.size()) > max_peaks) peaks.resize(static_cast<size_t>(max_peaks));
  return peaks;
}

const EdgePeak* NearestClearEdge(const std::vector<EdgePeak>& peaks, double clear_share) {
  if (peaks.empty()) return nullptr;
  const double clear = clear_share * peaks.front().strength;
  const EdgePeak* best = nullptr;
  for (const EdgePeak& peak : peaks) {
    if (peak.strength >= clear &&
        (best == nullptr || std::abs(peak.offset_px) < std::abs(best->offset_px)))
      best = &peak;
  }
  return best;
}

}  // namespace tabref::vision
