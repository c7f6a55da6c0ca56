#include "vision/detect/coin_candidates.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace tabref::vision {

std::vector<CoinCandidate> FindCoinCandidates(const ColourGradient& gradient, double radius_px,
                                              const CoinCandidateOptions& options, cv::Mat* votes) {
  const cv::Size size = gradient.magnitude.size();
  cv::Mat accumulator = cv::Mat::zeros(size, CV_32F);
  const float threshold = static_cast<float>(options.min_gradient);
  const double spread = options.radius_tolerance_px;
  // Each edge pixel casts six votes (three radii, both sides): cvRound and float keep this
  // loop, the detector's hottest, cheap.
  const std::array<float, 6> reach{
      static_cast<float>(radius_px - spread), static_cast<float>(radius_px),
      static_cast<float>(radius_px + spread), static_cast<float>(-(radius_px - spread)),
      static_cast<float>(-radius_px),         static_cast<float>(-(radius_px + spread))};
  constexpr float kVote = 1.0f / 3.0f;
  for (int y = 1; y < size.height - 1; ++y) {
    const auto* magnitude = gradient.magnitude.ptr<float>(y);
    const auto* gx = gradient.dx.ptr<short>(y);
    const auto* gy = gradient.dy.ptr<short>(y);
    for (int x = 1; x < size.width - 1; ++x) {
      if (magnitude[x] < threshold) continue;
      const float ux = gx[x] / magnitude[x];
      const float uy = gy[x] / magnitude[x];
      for (const float r : reach) {
        const int cx = cvRound(static_cast<float>(x) + r * ux);
        const int cy = cvRound(static_cast<float>(y) + r * uy);
        if (cx < 0 || cy < 0 || cx >= size.width || cy >= size.height) continue;
        accumulator.at<float>(cy, cx) += kVote;
      }
    }
  }
  // A perfect circle's votes land within a pixel or two of its centre.
  cv::Mat gathered;
  cv::boxFilter(accumulator, gathered, CV_32F, cv::Size(3, 3), cv::Point(-1, -1), false);
  if (votes != nullptr) *votes = gathered;

  const double perimeter = 2 * CV_PI * radius_px;
  const float min_votes = static_cast<float>(options.min_support * perimeter);
  cv::Mat local_max;
  const int window = std::max(3, static_cast<int>(radius_px) | 1);
  cv::dilate(gathered, local_max, cv::getStructuringElement(cv::MORPH_RECT, {window, window}));
  std::vector<CoinCandidate> candidates;
  for (int y = 0; y < size.height; ++y) {
    const auto* value = gathered.ptr<float>(y);
    const auto* maximum = local_max.ptr<float>(y);
    for (int x = 0; x < size.width; ++x) {
      if (value[x] < min_votes || value[x] < maximum[x]) continue;
      // Sub-pixel centre: the vote-weighted mean of the 3x3 neighbourhood.
      double sum = 0;
      double sx = 0;
      double sy = 0;
      for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
          const int px = std::clamp(x + dx, 0, size.width - 1);
          const int py = std::clamp(y + dy, 0, size.height - 1);
          const double w = accumulator.at<float>(py, px);
          sum += w;
          sx += w * px;
          sy += w * py;
        }
      }
      candidates.push_back(
          {{sum > 0 ? sx / sum : x, sum > 0 ? sy / sum : y}, value[x] / perimeter});
    }
  }
  std::sort(candidates.begin(), candidates.end(),
            [](const CoinCandidate& a, const CoinCandidate& b) { return a.support > b.support; });
  // Plateaus of equal maxima: keep one per radius.
  std::vector<CoinCandidate> kept;
  for (const CoinCandidate& candidate : candidates) {
    const bool near_kept = std::any_of(kept.begin(), kept.end(), [&](const CoinCandidate& k) {
      return cv::norm(k.view_px - candidate.view_px) < 0.8 * radius_px;
    });
    if (!near_kept) kept.push_back(candidate);
  }
  return kept;
}

}  // namespace tabref::vision
