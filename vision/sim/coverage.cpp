#include "vision/sim/coverage.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace tabref::vision::sim {
namespace {

// Clips a polygon to the half plane where (p - a) x (b - a) has the sign of `inside_sign`.
void ClipToEdge(std::vector<cv::Point2d>& polygon, const cv::Point2d& a, const cv::Point2d& b,
                double orientation, std::vector<cv::Point2d>& scratch) {
  scratch.clear();
  const cv::Point2d edge = b - a;
  const auto side = [&](const cv::Point2d& p) {
    return orientation * (edge.x * (p.y - a.y) - edge.y * (p.x - a.x));
  };
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d& p = polygon[i];
    const cv::Point2d& q = polygon[(i + 1) % polygon.size()];
    const double sp = side(p);
    const double sq = side(q);
    if (sp >= 0) scratch.push_back(p);
    if ((sp >= 0) != (sq >= 0)) scratch.push_back(p + (q - p) * (sp / (sp - sq)));
  }
  polygon.swap(scratch);
}

double Area(const std::vector<cv::Point2d>& polygon) {
  double twice = 0;
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d& p = polygon[i];
    const cv::Point2d& q = polygon[(i + 1) % polygon.size()];
    twice += p.x * q.y - q.x * p.y;
  }
  return 0.5 * std::abs(twice);
}

struct Span {
  bool empty = true;
  double lo = 0;
  double hi = 0;
  void Add(double x) {
    lo = empty ? x : std::min(lo, x);
    hi = empty ? x : std::max(hi, x);
    empty = false;
  }
};

// Where the horizontal line at `y` crosses a convex polygon.
Span SpanAt(const std::vector<cv::Point2d>& polygon, double y) {
  Span span;
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d& p = polygon[i];
    const cv::Point2d& q = polygon[(i + 1) % polygon.size()];
    if ((p.y - y) * (q.y - y) > 0) continue;
    if (p.y == q.y) {
      span.Add(p.x);
      span.Add(q.x);
    } else {
      span.Add(p.x + (q.x - p.x) * (y - p.y) / (q.y - p.y));
    }
  }
  return span;
}

}  // namespace

void FillCoverage(cv::Mat& coverage, const std::vector<cv::Point2d>& polygon,
                  const cv::Point2d& origin, double value) {
  CV_Assert(coverage.type() == CV_8UC1);
  if (polygon.size() < 3) return;
  std::vector<cv::Point2d> local;
  local.reserve(polygon.size());
  for (const cv::Point2d& p : polygon) local.push_back(p - origin);
  double signed_area = 0;
  double x0 = 1e18, y0 = 1e18, x1 = -1e18, y1 = -1e18;
  for (size_t i = 0; i < local.size(); ++i) {
    const cv::Point2d& p = local[i];
    const cv::Point2d& q = local[(i + 1) % local.size()];
    signed_area += p.x * q.y - q.x * p.y;
    x0 = std::min(x0, p.x);
    y0 = std::min(y0, p.y);
    x1 = std::max(x1, p.x);
    y1 = std::max(y1, p.y);
  }
  if (std::abs(signed_area) < 1e-12) return;
  const double orientation = signed_area > 0 ? 1 : -1;
  const int col0 = std::max(0, static_cast<int>(std::floor(x0 + 0.5)));
  const int col1 = std::min(coverage.cols - 1, static_cast<int>(std::floor(x1 + 0.5)));
  const int row0 = std::max(0, static_cast<int>(std::floor(y0 + 0.5)));
  const int row1 = std::min(coverage.rows - 1, static_cast<int>(std::floor(y1 + 0.5)));
  // Row by row: the pixels whose square lies inside the polygon (between where it crosses
  // the row's top and bottom lines) are covered fully; only the pixels on the outline, in
  // the row's band between the outermost crossings and vertices, are clipped exactly.
  std::vector<cv::Point2d> clipped;
  std::vector<cv::Point2d> scratch;
  for (int y = row0; y <= row1; ++y) {
    const double top = y - 0.5;
    const double bottom = y + 0.5;
    const Span at_top = SpanAt(local, top);
    const Span at_bottom = SpanAt(local, bottom);
    Span band = at_top;
    if (!at_bottom.empty) {
      band.Add(at_bottom.lo);
      band.Add(at_bottom.hi);
    }
    for (const cv::Point2d& vertex : local) {
      if (vertex.y >= top && vertex.y <= bottom) band.Add(vertex.x);
    }
    if (band.empty) continue;
    int inner0 = 1;
    int inner1 = 0;
    if (!at_top.empty && !at_bottom.empty) {
      inner0 = static_cast<int>(std::ceil(std::max(at_top.lo, at_bottom.lo) + 0.5));
      inner1 = static_cast<int>(std::floor(std::min(at_top.hi, at_bottom.hi) - 0.5));
    }
    const int first = std::max(col0, static_cast<int>(std::floor(band.lo + 0.5)));
    const int last = std::min(col1, static_cast<int>(std::floor(band.hi + 0.5)));
    auto* row = coverage.ptr<uchar>(y);
    for (int x = first; x <= last; ++x) {
      double share = 1;
      if (x < inner0 || x > inner1) {
        clipped.assign(
            {cv::Point2d(x - 0.5, top), {x + 0.5, top}, {x + 0.5, bottom}, {x - 0.5, bottom}});
        for (size_t i = 0; i < local.size() && !clipped.empty(); ++i)
          ClipToEdge(clipped, local[i], local[(i + 1) % local.size()], orientation, scratch);
        share = clipped.size() < 3 ? 0 : Area(clipped);
      }
      if (share <= 0) continue;
      row[x] = cv::saturate_cast<uchar>(row[x] + share * value);
    }
  }
}

}  // namespace tabref::vision::sim
