#include "vision/detect/coin_candidates.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace tabref::vision {

namespace {

// The sum of each pixel's 3 x 3 neighbourhood, the border reflected (cv::boxFilter's
// BORDER_REFLECT_101, unnormalised). A pixel's votes are 0 or at least 1/3, so a multiple of
// 2^-25 as a float, and far below 2^28: their sums in double are exact in any order and, rounded
// once to float, the same as cv::boxFilter's (which sums in double too), at a fraction of its
// cost.
cv::Mat SumThreeByThree(const cv::Mat& votes) {
  CV_Assert(votes.type() == CV_32F);
  if (votes.cols < 2 || votes.rows < 2) {  // too small to reflect: as cv::boxFilter does it
    cv::Mat sums;
    cv::boxFilter(votes, sums, CV_32F, cv::Size(3, 3), cv::Point(-1, -1), false);
    return sums;
  }
  const int width = votes.cols;
  const auto reflect = [](int i, int n) { return i < 0 ? 1 : i >= n ? n - 2 : i; };
  // Each row's horizontal sums of three, in double.
  cv::Mat rows(votes.size(), CV_64F);
  for (int y = 0; y < votes.rows; ++y) {
    const float* in = votes.ptr<float>(y);
    double* out = rows.ptr<double>(y);
    out[0] = static_cast<double>(in[1]) + in[0] + in[1];
    for (int x = 1; x + 1 < width; ++x) out[x] = static_cast<double>(in[x - 1]) + in[x] + in[x + 1];
    out[width - 1] = static_cast<double>(in[width - 2]) + in[width - 1] + in[width - 2];
  }
  cv::Mat sums(votes.size(), CV_32F);
  for (int y = 0; y < votes.rows; ++y) {
    const double* above = rows.ptr<double>(reflect(y - 1, votes.rows));
    const double* row = rows.ptr<double>(y);
    const double* below = rows.ptr<double>(reflect(y + 1, votes.rows));
    float* out = sums.ptr<float>(y);
    for (int x = 0; x < width; ++x) out[x] = static_cast<float>(above[x] + row[x] + below[x]);
  }
  return sums;
}

// Whether no value within `half_window` pixels (a square, clipped to the image) exceeds the
// one at (x, y): what comparing with a dilation by that square tells, for the few pixels
// that need it.
bool IsLocalMaximum(const cv::Mat& values, int x, int y, int half_window) {
  const float value = values.ptr<float>(y)[x];
  const int x0 = std::max(0, x - half_window);
  const int x1 = std::min(values.cols - 1, x + half_window);
  const int y0 = std::max(0, y - half_window);
  const int y1 = std::min(values.rows - 1, y + half_window);
  for (int v = y0; v <= y1; ++v) {
    const float* row = values.ptr<float>(v);
    for (int u = x0; u <= x1; ++u) {
      if (row[u] > value) return false;
    }
  }
  return true;
}

}  // namespace

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
  const cv::Mat gathered = SumThreeByThree(accumulator);
  if (votes != nullptr) *votes = gathered;

  const double perimeter = 2 * CV_PI * radius_px;
  const float min_votes = static_cast<float>(options.min_support * perimeter);
  const int half_window = std::max(3, static_cast<int>(radius_px) | 1) / 2;
  std::vector<CoinCandidate> candidates;
  for (int y = 0; y < size.height; ++y) {
    const auto* value = gathered.ptr<float>(y);
    for (int x = 0; x < size.width; ++x) {
      if (value[x] < min_votes || !IsLocalMaximum(gathered, x, y, half_window)) continue;
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
