#include "vision/detect/pyramid_stack.h"

#include <algorithm>
#include <cmath>

#include "vision/detect/edge_planes.h"
#include "vision/detect/pattern_search.h"

namespace tabref::vision {
namespace {

// Whether points lie inside a convex counter-clockwise polygon.
struct ConvexTest {
  std::vector<cv::Vec3d> planes;
  explicit ConvexTest(const std::vector<cv::Point2d>& polygon) : planes(EdgePlanes(polygon)) {}
  bool Contains(const cv::Point2d& p) const {
    for (const cv::Vec3d& plane : planes) {
      if (plane[0] * p.x + plane[1] * p.y > plane[2]) return false;
    }
    return !planes.empty();
  }
};

double Area(const std::vector<cv::Point2d>& polygon) {
  double twice = 0;
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d& a = polygon[i];
    const cv::Point2d& b = polygon[(i + 1) % polygon.size()];
    twice += a.x * b.y - a.y * b.x;
  }
  return 0.5 * std::abs(twice);
}

// The area two convex counter-clockwise polygons share (Sutherland-Hodgman clipping).
double SharedArea(const std::vector<cv::Point2d>& a, const std::vector<cv::Point2d>& b) {
  std::vector<cv::Point2d> clipped = a;
  for (size_t i = 0; i < b.size() && !clipped.empty(); ++i) {
    const cv::Point2d& p = b[i];
    const cv::Point2d edge = b[(i + 1) % b.size()] - p;
    const auto side = [&](const cv::Point2d& q) {
      return edge.x * (q.y - p.y) - edge.y * (q.x - p.x);
    };
    std::vector<cv::Point2d> kept;
    for (size_t k = 0; k < clipped.size(); ++k) {
      const cv::Point2d& from = clipped[k];
      const cv::Point2d& to = clipped[(k + 1) % clipped.size()];
      const double s_from = side(from);
      const double s_to = side(to);
      if (s_from >= 0) kept.push_back(from);
      if ((s_from >= 0) != (s_to >= 0))
        kept.push_back(from + (to - from) * (s_from / (s_from - s_to)));
    }
    clipped = std::move(kept);
  }
  return clipped.size() < 3 ? 0 : Area(clipped);
}

struct Pair {
  PyramidPlacement lower;
  PyramidPlacement upper;
};

Pair Placed(const PyramidShape& lower, const PyramidShape& upper, const cv::Point2d& at,
            double angle_deg, double min_nest_share) {
  Pair pair;
  pair.lower.position_mm = at;
  pair.lower.angle_deg = angle_deg;
  pair.upper = pair.lower;
  pair.upper.base_z_mm = NestedBaseHeight(lower, upper, min_nest_share);
  return pair;
}

double Overlap(const PyramidCandidate& blob, const PyramidCandidate* upper_blob,
               const PyramidShape& lower, const PyramidShape& upper, const Pair& pair,
               const TopView& view) {
  const PyramidSilhouette low = SilhouetteOf(PyramidVertices(lower, pair.lower), view);
  const PyramidSilhouette high = SilhouetteOf(PyramidVertices(upper, pair.upper), view);
  const ConvexTest in_low(low.seen_mm);
  const ConvexTest in_high(high.seen_mm);
  const double shared = SharedArea(low.seen_mm, high.seen_mm);
  double inside = 0;
  double union_area = 0;
  if (upper_blob == nullptr) {
    for (const cv::Point2d& cell : blob.cells)
      inside += in_low.Contains(cell) || in_high.Contains(cell);
    inside *= blob.cell_area_mm2;
    union_area = blob.AreaMm2() + low.AreaMm2() + high.AreaMm2() - shared - inside;
  } else {
    double inside_low = 0;
    for (const cv::Point2d& cell : blob.cells)
      inside_low += in_low.Contains(cell) && !in_high.Contains(cell);
    double inside_high = 0;
    for (const cv::Point2d& cell : upper_blob->cells) inside_high += in_high.Contains(cell);
    inside = inside_low * blob.cell_area_mm2 + inside_high * upper_blob->cell_area_mm2;
    union_area =
        blob.AreaMm2() + upper_blob->AreaMm2() + low.AreaMm2() - shared + high.AreaMm2() - inside;
  }
  return union_area > 0 ? inside / union_area : 0;
}

}  // namespace

PyramidStackHypothesis SearchStackedPoses(const PyramidCandidate& blob,
                                          const PyramidCandidate* upper_blob,
                                          const std::vector<PyramidShape>& shapes,
                                          const TopView& view, const PyramidStackOptions& options) {
  // The pair stands about where the upper blob (it sits on the lower's axis) or the joined
  // blob lies; the camera's slant moves the upper one's silhouette off that axis, which the
  // refinement takes up.
  cv::Point2d start = blob.centroid_mm;
  if (upper_blob != nullptr) {
    const double a = blob.AreaMm2();
    const double b = upper_blob->AreaMm2();
    start = (a * blob.centroid_mm + b * upper_blob->centroid_mm) * (1 / (a + b));
  }
  PyramidStackHypothesis best;
  for (size_t l = 0; l < shapes.size(); ++l) {
    for (size_t u = 0; u < shapes.size(); ++u) {
      // Two of one size (a catapult) only when asked for: their silhouette differs little
      // from one pyramid's, so a pair of them would explain many a loosely seen single one.
      const bool alike = u == l;
      if (options.alike_only ? !alike : shapes[u].base_mm >= shapes[l].base_mm) continue;
      PyramidStackHypothesis chosen;
      chosen.lower = l;
      chosen.upper = u;
      Pair pair;
      for (double angle = 0; angle < 90 - 1e-9; angle += options.step_deg) {
        const Pair trial = Placed(shapes[l], shapes[u], start, angle, options.min_nest_share);
        const double overlap = Overlap(blob, upper_blob, shapes[l], shapes[u], trial, view);
        if (overlap > chosen.overlap) {
          chosen.overlap = overlap;
          pair = trial;
        }
      }
      PatternSearch(
          0.25 * shapes[u].base_mm, 0.5 * options.step_deg, options.refine_rounds,
          [&](const cv::Vec3d& change) {
            const Pair trial = Placed(shapes[l], shapes[u],
                                      pair.lower.position_mm + cv::Point2d(change[0], change[1]),
                                      pair.lower.angle_deg + change[2], options.min_nest_share);
            const double overlap = Overlap(blob, upper_blob, shapes[l], shapes[u], trial, view);
            if (overlap <= chosen.overlap + 1e-9) return false;
            chosen.overlap = overlap;
            pair = trial;
            return true;
          });
      chosen.lower_placement = pair.lower;
      chosen.upper_placement = pair.upper;
      if (chosen.overlap > best.overlap) best = chosen;
    }
  }
  return best;
}

}  // namespace tabref::vision
