#include "vision/detect/pyramid_side_by_side.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <optional>

namespace tabref::vision {
namespace {

PyramidCandidate Part(const PyramidCandidate& whole, std::vector<cv::Point2d> cells) {
  PyramidCandidate part;
  part.colour = whole.colour;
  part.cell_area_mm2 = whole.cell_area_mm2;
  part.cells = std::move(cells);
  cv::Point2d sum(0, 0);
  for (const cv::Point2d& cell : part.cells) sum += cell;
  part.centroid_mm = sum * (1.0 / static_cast<double>(std::max<size_t>(part.cells.size(), 1)));
  return part;
}

PyramidSilhouette Silhouette(const PyramidHypothesis& pose, const std::vector<PyramidShape>& shapes,
                             const TopView& view) {
  return SilhouetteOf(PyramidVertices(shapes[pose.size], pose.placement), view);
}

// The blob's cells in two halves: split across the principal axis at the centroid, then
// two-means.
std::pair<std::vector<cv::Point2d>, std::vector<cv::Point2d>> TwoMeans(
    const PyramidCandidate& blob) {
  const double axis = SpreadOf(blob).AxisRad();
  const cv::Point2d along(std::cos(axis), std::sin(axis));
  std::vector<bool> first(blob.cells.size());
  for (size_t i = 0; i < blob.cells.size(); ++i)
    first[i] = (blob.cells[i] - blob.centroid_mm).dot(along) < 0;
  for (int iteration = 0; iteration < 10; ++iteration) {
    cv::Point2d sums[2] = {{0, 0}, {0, 0}};
    double counts[2] = {0, 0};
    for (size_t i = 0; i < blob.cells.size(); ++i) {
      sums[first[i] ? 0 : 1] += blob.cells[i];
      counts[first[i] ? 0 : 1] += 1;
    }
    if (counts[0] == 0 || counts[1] == 0) break;
    const cv::Point2d a = sums[0] * (1 / counts[0]);
    const cv::Point2d b = sums[1] * (1 / counts[1]);
    bool changed = false;
    for (size_t i = 0; i < blob.cells.size(); ++i) {
      const bool nearer_a = cv::norm(blob.cells[i] - a) < cv::norm(blob.cells[i] - b);
      changed |= nearer_a != first[i];
      first[i] = nearer_a;
    }
    if (!changed) break;
  }
  std::pair<std::vector<cv::Point2d>, std::vector<cv::Point2d>> halves;
  for (size_t i = 0; i < blob.cells.size(); ++i)
    (first[i] ? halves.first : halves.second).push_back(blob.cells[i]);
  return halves;
}

// The area two convex footprints share, per the smaller one's area.
double FootprintOverlap(const rules::Polygon& a, const rules::Polygon& b) {
  const auto points = [](const rules::Polygon& polygon) {
    std::vector<cv::Point2f> out;
    for (const rules::Vec2& v : polygon.vertices)
      out.emplace_back(static_cast<float>(v.x), static_cast<float>(v.y));
    return out;
  };
  std::vector<cv::Point2f> shared;
  const double area = cv::intersectConvexConvex(points(a), points(b), shared);
  return area / std::max(1e-9, std::min(rules::Area(a), rules::Area(b)));
}

}  // namespace

PyramidSideBySideHypothesis SearchSideBySidePoses(const PyramidCandidate& candidate,
                                                  const std::vector<PyramidShape>& shapes,
                                                  const TopView& view,
                                                  const PyramidPoseSearchOptions& pose_options,
                                                  const PyramidSideBySideOptions& options) {
  PyramidSideBySideHypothesis pair;
  auto [first_cells, second_cells] = TwoMeans(candidate);
  const double min_cells = options.min_part_share * static_cast<double>(candidate.cells.size());
  if (static_cast<double>(std::min(first_cells.size(), second_cells.size())) < min_cells)
    return pair;
  // A part's poses, best first; the others are kept for the pair's last search.
  std::vector<PyramidHypothesis> first_others;
  std::vector<PyramidHypothesis> second_others;
  const auto best_pose =
      [&](std::vector<cv::Point2d> cells,
          std::vector<PyramidHypothesis>* others) -> std::optional<PyramidHypothesis> {
    if (cells.empty()) return std::nullopt;
    std::vector<PyramidHypothesis> poses =
        SearchPyramidPoses(Part(candidate, std::move(cells)), shapes, view, pose_options);
    if (poses.empty()) return std::nullopt;
    others->assign(poses.begin() + 1, poses.end());
    return poses.front();
  };
  std::optional<PyramidHypothesis> first = best_pose(std::move(first_cells), &first_others);
  std::optional<PyramidHypothesis> second = best_pose(std::move(second_cells), &second_others);
  // What `other`'s silhouette leaves of the blob.
  const auto left_by = [&](const PyramidHypothesis& other) {
    const PyramidSilhouette silhouette = Silhouette(other, shapes, view);
    std::vector<cv::Point2d> cells;
    for (const cv::Point2d& cell : candidate.cells) {
      if (!silhouette.Contains(cell)) cells.push_back(cell);
    }
    return cells;
  };
  for (int round = 0; round < options.rounds && first && second; ++round) {
    first = best_pose(left_by(*second), &first_others);
    if (first) second = best_pose(left_by(*first), &second_others);
  }
  if (!first || !second) return pair;
  if (FootprintOverlap(PyramidFootprint(shapes[first->size], first->placement),
                       PyramidFootprint(shapes[second->size], second->placement)) >
      options.max_footprint_overlap)
    return pair;

  const PyramidSilhouette a = Silhouette(*first, shapes, view);
  const PyramidSilhouette b = Silhouette(*second, shapes, view);
  int inside = 0;
  int in_both = 0;
  for (const cv::Point2d& cell : candidate.cells) {
    const bool in_a = a.Contains(cell);
    const bool in_b = b.Contains(cell);
    inside += in_a || in_b;
    in_both += in_a && in_b;
  }
  // The silhouettes' union: their overlap on the blob stands for their overlap anywhere.
  const double union_silhouettes = a.AreaMm2() + b.AreaMm2() - in_both * candidate.cell_area_mm2;
  const double intersection = inside * candidate.cell_area_mm2;
  pair.first = *first;
  pair.second = *second;
  pair.first_others = std::move(first_others);
  pair.second_others = std::move(second_others);
  pair.overlap = intersection / (candidate.AreaMm2() + union_silhouettes - intersection);
  return pair;
}

}  // namespace tabref::vision
