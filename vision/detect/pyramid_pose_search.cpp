#include "vision/detect/pyramid_pose_search.h"

#include <algorithm>
#include <cmath>

#include "vision/detect/edge_planes.h"
#include "vision/detect/pattern_search.h"

namespace tabref::vision {
namespace {

cv::Point2d AreaCentroid(const std::vector<cv::Point2d>& polygon) {
  double twice_area = 0;
  cv::Point2d sum(0, 0);
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d& a = polygon[i];
    const cv::Point2d& b = polygon[(i + 1) % polygon.size()];
    const double cross = a.x * b.y - a.y * b.x;
    twice_area += cross;
    sum += (a + b) * cross;
  }
  if (std::abs(twice_area) < 1e-12) return polygon.empty() ? cv::Point2d() : polygon.front();
  return sum * (1 / (3 * twice_area));
}

// How many of `cells` lie in every half-plane a.x * x + a.y * y <= c. A blob lists its cells
// row by row (one y, x rising): each plane's test, rounded as it is, only grows (or only
// shrinks) with x, so a row's cells outside it are a run at one end of the row, and the cells
// inside all planes are those left between the runs.
int CountInside(const std::vector<cv::Point2d>& cells, const std::vector<cv::Vec3d>& planes) {
  int inside = 0;
  size_t start = 0;
  while (start < cells.size()) {
    const double y = cells[start].y;
    size_t end = start + 1;
    while (end < cells.size() && cells[end].y == y && cells[end].x > cells[end - 1].x) ++end;
    size_t low = start;
    size_t high = end;
    for (const cv::Vec3d& plane : planes) {
      const double across = plane[1] * y;
      const auto outside = [&](size_t i) { return plane[0] * cells[i].x + across > plane[2]; };
      if (plane[0] >= 0) {
        while (high > low && outside(high - 1)) --high;
      } else {
        while (low < high && outside(low)) ++low;
      }
      if (low == high) break;
    }
    inside += static_cast<int>(high - low);
    start = end;
  }
  return inside;
}

// Overlap of the blob with a convex counter-clockwise polygon, less the polygon's part that
// `hiding` cells cover (none when null).
double Overlap(const PyramidCandidate& candidate, const std::vector<cv::Point2d>& polygon,
               double polygon_area, const PyramidCandidate* hiding = nullptr) {
  const std::vector<cv::Vec3d> planes = EdgePlanes(polygon);
  const int inside = CountInside(candidate.cells, planes);
  const double intersection = inside * candidate.cell_area_mm2;
  const double hidden =
      hiding == nullptr ? 0 : CountInside(hiding->cells, planes) * hiding->cell_area_mm2;
  const double union_area = candidate.AreaMm2() + polygon_area - hidden - intersection;
  return union_area > 0 ? intersection / union_area : 0;
}

// `chosen` moved and turned by pattern search to where `overlap_of` its placement is best.
template <typename OverlapOf>
void RefinePlacement(PyramidHypothesis& chosen, const PyramidShape& shape,
                     const PyramidPoseSearchOptions& options, const OverlapOf& overlap_of) {
  const double turn_deg =
      0.5 * (chosen.placement.pose == PyramidPose::kUpright ? options.upright_step_deg
                                                            : options.lying_step_deg);
  PatternSearch(0.15 * shape.base_mm, turn_deg, options.refine_rounds,
                [&](const cv::Vec3d& change) {
                  PyramidPlacement trial = chosen.placement;
                  trial.position_mm += cv::Point2d(change[0], change[1]);
                  trial.angle_deg += change[2];
                  const double overlap = overlap_of(trial);
                  if (overlap <= chosen.overlap + 1e-9) return false;
                  chosen.overlap = overlap;
                  chosen.placement = trial;
                  return true;
                });
}

}  // namespace

double SilhouetteOverlap(const PyramidCandidate& candidate, const PyramidShape& shape,
                         const PyramidPlacement& placement, const TopView& view) {
  const PyramidSilhouette silhouette = SilhouetteOf(PyramidVertices(shape, placement), view);
  return Overlap(candidate, silhouette.seen_mm, silhouette.AreaMm2());
}

double VisibleSilhouetteOverlap(const PyramidCandidate& candidate, const PyramidCandidate& hiding,
                                const PyramidShape& shape, const PyramidPlacement& placement,
                                const TopView& view) {
  const PyramidSilhouette silhouette = SilhouetteOf(PyramidVertices(shape, placement), view);
  return Overlap(candidate, silhouette.seen_mm, silhouette.AreaMm2(), &hiding);
}

double HiddenShare(const PyramidCandidate& hiding, const PyramidShape& shape,
                   const PyramidPlacement& placement, const TopView& view) {
  const PyramidSilhouette silhouette = SilhouetteOf(PyramidVertices(shape, placement), view);
  const double hidden =
      CountInside(hiding.cells, EdgePlanes(silhouette.seen_mm)) * hiding.cell_area_mm2;
  return std::min(1.0, hidden / std::max(silhouette.AreaMm2(), 1e-9));
}

PyramidHypothesis PlaceBehind(const PyramidCandidate& candidate, const PyramidCandidate& hiding,
                              const PyramidShape& shape, const PyramidHypothesis& start,
                              const TopView& view, const PyramidPoseSearchOptions& options) {
  PyramidHypothesis chosen = start;
  chosen.overlap = VisibleSilhouetteOverlap(candidate, hiding, shape, start.placement, view);
  RefinePlacement(chosen, shape, options, [&](const PyramidPlacement& placement) {
    return VisibleSilhouetteOverlap(candidate, hiding, shape, placement, view);
  });
  return chosen;
}

std::vector<PyramidHypothesis> SearchPyramidPoses(const PyramidCandidate& candidate,
                                                  const std::vector<PyramidShape>& shapes,
                                                  const TopView& view,
                                                  const PyramidPoseSearchOptions& options,
                                                  std::optional<size_t> only_size) {
  // The blob's principal axis: a lying pyramid points along it (one way or the other).
  const BlobSpread spread = SpreadOf(candidate);
  const double axis_deg = spread.AxisRad() * 180 / CV_PI;
  const double elongation = spread.Elongation();

  std::vector<PyramidHypothesis> best;
  for (size_t size = 0; size < shapes.size(); ++size) {
    if (only_size && size != *only_size) continue;
    const PyramidShape& shape = shapes[size];
    for (const PyramidPose pose : {PyramidPose::kUpright, PyramidPose::kLying}) {
      const bool upright = pose == PyramidPose::kUpright;
      std::vector<double> angles;
      if (upright) {
        for (double angle = 0; angle < 90 - 1e-9; angle += options.upright_step_deg)
          angles.push_back(angle);
      } else if (elongation < options.min_elongation) {
        for (double angle = 0; angle < 360 - 1e-9; angle += options.lying_step_deg)
          angles.push_back(angle);
      } else {
        for (const double way : {0.0, 180.0}) {
          for (double off = -options.axis_reach_deg; off <= options.axis_reach_deg + 1e-9;
               off += options.lying_step_deg)
            angles.push_back(axis_deg + way + off);
        }
      }
      PyramidHypothesis chosen;
      chosen.size = size;
      chosen.overlap = -1;
      for (const double angle : angles) {
        PyramidPlacement placement;
        placement.pose = pose;
        placement.angle_deg = angle;
        placement.position_mm = candidate.centroid_mm;
        // Centre the silhouette (not the placement point) on the blob.
        const PyramidSilhouette silhouette = SilhouetteOf(PyramidVertices(shape, placement), view);
        const double area_ratio = candidate.AreaMm2() / std::max(silhouette.AreaMm2(), 1e-9);
        if (area_ratio < options.min_area_ratio || area_ratio > options.max_area_ratio) continue;
        placement.position_mm += candidate.centroid_mm - AreaCentroid(silhouette.seen_mm);
        const double overlap = SilhouetteOverlap(candidate, shape, placement, view);
        if (overlap > chosen.overlap) {
          chosen.overlap = overlap;
          chosen.placement = placement;
        }
      }
      if (chosen.overlap > 0) best.push_back(chosen);
    }
  }
  std::sort(best.begin(), best.end(), [](const PyramidHypothesis& a, const PyramidHypothesis& b) {
    return a.overlap > b.overlap;
  });
  // Pattern search on position and turn for the leading few, halving the steps.
  const size_t refined = std::min(best.size(), static_cast<size_t>(options.refined_hypotheses));
  for (size_t i = 0; i < refined; ++i) {
    const PyramidShape& shape = shapes[best[i].size];
    RefinePlacement(best[i], shape, options, [&](const PyramidPlacement& placement) {
      return SilhouetteOverlap(candidate, shape, placement, view);
    });
  }
  best.resize(refined);
  std::sort(best.begin(), best.end(), [](const PyramidHypothesis& a, const PyramidHypothesis& b) {
    return a.overlap > b.overlap;
  });
  return best;
}

}  // namespace tabref::vision
