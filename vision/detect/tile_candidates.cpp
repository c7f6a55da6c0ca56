#include "vision/detect/tile_candidates.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

namespace tabref::vision {
namespace {

// tan(67.5 deg): beyond this ratio of its components a gradient counts as axis-aligned.
constexpr float kAxisRatio = 2.4142f;

// Whether the edge pixel at (x, y) is the strongest across its edge (Canny's thinning), so
// that every side votes once per pixel of its length whatever the edge's blur.
bool ThinEdge(const ColourGradient& gradient, int x, int y, float magnitude) {
  const short gx = gradient.dx.ptr<short>(y)[x];
  const short gy = gradient.dy.ptr<short>(y)[x];
  const float ax = std::abs(static_cast<float>(gx));
  const float ay = std::abs(static_cast<float>(gy));
  int dx = 1;
  int dy = 0;
  if (ay > kAxisRatio * ax) {
    dx = 0;
    dy = 1;
  } else if (ax <= kAxisRatio * ay) {
    dy = (gx > 0) == (gy > 0) ? 1 : -1;
  }
  const float before = gradient.magnitude.ptr<float>(y - dy)[x - dx];
  const float after = gradient.magnitude.ptr<float>(y + dy)[x + dx];
  return magnitude >= before && magnitude > after;
}

// std::lround (halves away from zero) without its library call, for the votes' cells.
int RoundHalfAway(double value) {
  const int whole = static_cast<int>(value);
  const double rest = value - whole;
  return whole + (rest >= 0.5) - (rest <= -0.5);
}

// std::hypot of floats as glibc computes it (in double, rounded once), inline: it runs
// twice per vote cell.
float Length(float x, float y) {
  return static_cast<float>(std::sqrt(static_cast<double>(x) * x + static_cast<double>(y) * y));
}

// The unnormalised box sum of a 4-channel float image over window x window pixels, the border
// reflected: cv::boxFilter's arithmetic step for step (each row's sums of 3 or 5 in double,
// then a running column sum in double rounded to float per pixel), so the same values, without
// its per-row dispatch. Other windows go to cv::boxFilter.
cv::Mat BoxSum(const cv::Mat& values, int window) {
  CV_Assert(values.type() == CV_32FC4);
  if ((window != 3 && window != 5) || values.cols <= window || values.rows <= window) {
    cv::Mat sums;
    cv::boxFilter(values, sums, CV_32F, cv::Size(window, window), cv::Point(-1, -1), false);
    return sums;
  }
  constexpr int kChannels = 4;
  const int half = window / 2;
  const int width = values.cols * kChannels;
  const auto reflect = [](int i, int n) { return i < 0 ? -i : i >= n ? 2 * n - 2 - i : i; };
  // Row y's window sums (y reflected into the image), in double.
  std::vector<float> padded(static_cast<size_t>((values.cols + 2 * half) * kChannels));
  const auto row_sums = [&](int y, double* out) {
    const float* in = values.ptr<float>(reflect(y, values.rows));
    for (int x = -half; x < values.cols + half; ++x) {
      const float* from = in + reflect(x, values.cols) * kChannels;
      std::copy(from, from + kChannels, padded.begin() + (x + half) * kChannels);
    }
    const float* p = padded.data();
    if (window == 3) {
      for (int i = 0; i < width; ++i)
        out[i] = static_cast<double>(p[i]) + static_cast<double>(p[i + kChannels]) +
                 static_cast<double>(p[i + 2 * kChannels]);
    } else {
      for (int i = 0; i < width; ++i)
        out[i] = static_cast<double>(p[i]) + static_cast<double>(p[i + kChannels]) +
                 static_cast<double>(p[i + 2 * kChannels]) +
                 static_cast<double>(p[i + 3 * kChannels]) +
                 static_cast<double>(p[i + 4 * kChannels]);
    }
  };
  // The row sums of the window's rows, oldest first, in a ring.
  cv::Mat ring(window, width, CV_64F);
  const auto ring_row = [&](int y) { return ring.ptr<double>((y + window) % window); };
  std::vector<double> column(static_cast<size_t>(width), 0.0);
  for (int y = -half; y < half; ++y) {
    double* sums = ring_row(y);
    row_sums(y, sums);
    for (int i = 0; i < width; ++i) column[static_cast<size_t>(i)] += sums[i];
  }
  cv::Mat out(values.size(), CV_32FC4);
  for (int y = 0; y < values.rows; ++y) {
    double* newest = ring_row(y + half);
    row_sums(y + half, newest);
    const double* oldest = ring_row(y - half);
    float* to = out.ptr<float>(y);
    for (int i = 0; i < width; ++i) {
      const double sum = column[static_cast<size_t>(i)] + newest[i];
      to[i] = static_cast<float>(sum);
      column[static_cast<size_t>(i)] = sum - oldest[i];
    }
  }
  return out;
}

}  // namespace

std::vector<TileCandidate> FindTileCandidates(const ColourGradient& gradient, double side_px,
                                              const TileCandidateOptions& options, cv::Mat* votes) {
  // Votes land on a grid of half the view's resolution: a tile still spans dozens of cells
  // there, and gathering them costs a quarter.
  constexpr double kCell = 2;
  const cv::Size size = gradient.magnitude.size();
  const cv::Size cells((size.width + 1) / 2, (size.height + 1) / 2);
  // Per cell, the sums of (cos 2 theta, sin 2 theta, cos 4 theta, sin 4 theta) of the voters'
  // edge directions theta.
  cv::Mat turns = cv::Mat::zeros(cells, CV_32FC4);
  const float threshold = static_cast<float>(options.min_gradient);
  const double reach = 0.5 * side_px / kCell;
  for (int y = 1; y < size.height - 1; ++y) {
    const auto* magnitude = gradient.magnitude.ptr<float>(y);
    const auto* gx = gradient.dx.ptr<short>(y);
    const auto* gy = gradient.dy.ptr<short>(y);
    for (int x = 1; x < size.width - 1; ++x) {
      if (magnitude[x] < threshold || !ThinEdge(gradient, x, y, magnitude[x])) continue;
      const float ux = gx[x] / magnitude[x];
      const float uy = gy[x] / magnitude[x];
      const float cos2 = ux * ux - uy * uy;
      const float sin2 = 2 * ux * uy;
      const cv::Vec4f direction(cos2, sin2, cos2 * cos2 - sin2 * sin2, 2 * cos2 * sin2);
      const double cx = x / kCell;
      const double cy = y / kCell;
      for (const double sign : {1.0, -1.0}) {
        const int vx = RoundHalfAway(cx + sign * reach * ux);
        const int vy = RoundHalfAway(cy + sign * reach * uy);
        if (vx < 0 || vy < 0 || vx >= cells.width || vy >= cells.height) continue;
        turns.ptr<cv::Vec4f>(vy)[vx] += direction;
      }
    }
  }
  // A tile's votes lie on two perpendicular lines crossing at its centre: there the voters'
  // directions agree modulo 90 degrees (|sum 4 theta| = votes) and balance modulo 180
  // (sum 2 theta = 0: as many from each pair of sides). Texture, wood grain, a long edge and
  // the arms of the cross away from the centre lack the balance.
  const int window = std::max(3, static_cast<int>(std::lround(side_px / kCell / 8)) | 1);
  const cv::Mat gathered = BoxSum(turns, window);
  cv::Mat square(cells, CV_32F);
  for (int y = 0; y < cells.height; ++y) {
    const auto* sum = gathered.ptr<cv::Vec4f>(y);
    auto* out = square.ptr<float>(y);
    for (int x = 0; x < cells.width; ++x) {
      out[x] = Length(sum[x][2], sum[x][3]) - Length(sum[x][0], sum[x][1]);
    }
  }
  if (votes != nullptr) cv::resize(square, *votes, size, 0, 0, cv::INTER_NEAREST);

  // Each of a whole tile's four sides puts about `window` votes per cell across the box at
  // its centre (its edge pixels, kCell per cell of its length).
  const float full = static_cast<float>(4 * window * kCell);
  const float min_votes = static_cast<float>(options.min_support) * full;
  struct Peak {
    cv::Point at;
    float value;
  };
  std::vector<Peak> peaks;
  for (int y = 1; y < cells.height - 1; ++y) {
    const auto* above = square.ptr<float>(y - 1);
    const auto* row = square.ptr<float>(y);
    const auto* below = square.ptr<float>(y + 1);
    for (int x = 1; x < cells.width - 1; ++x) {
      const float v = row[x];
      if (v < min_votes) continue;
      if (v < row[x - 1] || v <= row[x + 1] || v < above[x - 1] || v < above[x] ||
          v < above[x + 1] || v <= below[x - 1] || v <= below[x] || v <= below[x + 1])
        continue;
      peaks.push_back({{x, y}, v});
    }
  }
  std::sort(peaks.begin(), peaks.end(),
            [](const Peak& a, const Peak& b) { return a.value > b.value; });
  // Strongest first, one per half side (touching tiles' centres are a side apart).
  std::vector<TileCandidate> candidates;
  const double spacing = 0.5 * side_px;
  for (const Peak& peak : peaks) {
    // Sub-cell centre: the balance-weighted mean of the 3x3 neighbourhood.
    double sum = 0;
    cv::Point2d weighted(0, 0);
    for (int dy = -1; dy <= 1; ++dy) {
      for (int dx = -1; dx <= 1; ++dx) {
        const float w = std::max(0.0f, square.ptr<float>(peak.at.y + dy)[peak.at.x + dx]);
        sum += w;
        weighted += w * cv::Point2d(peak.at.x + dx, peak.at.y + dy);
      }
    }
    const cv::Point2d centre_cells = sum > 0 ? weighted * (1 / sum) : cv::Point2d(peak.at);
    const cv::Point2d at = (centre_cells + cv::Point2d(0.5, 0.5)) * kCell - cv::Point2d(0.5, 0.5);
    const auto near_kept = std::find_if(
        candidates.begin(), candidates.end(),
        [&](const TileCandidate& kept) { return cv::norm(kept.view_px - at) < spacing; });
    if (near_kept != candidates.end()) {
      if (static_cast<int>(near_kept->alternates_px.size()) < options.max_alternates &&
          peak.value >= options.alternate_share * near_kept->support * full &&
          cv::norm(near_kept->view_px - at) >= options.alternate_min_offset * side_px)
        near_kept->alternates_px.push_back(at);
      continue;
    }
    const cv::Vec4f& turn = gathered.ptr<cv::Vec4f>(peak.at.y)[peak.at.x];
    TileCandidate candidate;
    candidate.view_px = at;
    candidate.support = peak.value / full;
    candidate.coherence = peak.value / std::max(1e-6f, std::hypot(turn[2], turn[3]));
    // The view's rows run toward -y: a turn in the view is the opposite turn on the table.
    const double angle = -0.25 * std::atan2(turn[3], turn[2]);
    candidate.angle_rad = std::fmod(angle + 2 * CV_PI, 0.5 * CV_PI);
    candidates.push_back(candidate);
    if (static_cast<int>(candidates.size()) >= options.max_candidates) break;
  }
  return candidates;
}

}  // namespace tabref::vision
