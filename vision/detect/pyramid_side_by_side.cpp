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

// The pair from the blob's split `halves`, each pyramid of `only_size` when given; its
// overlap -1 when the parts do not make two pyramids.
PyramidSideBySideHypothesis SearchPair(
    const PyramidCandidate& candidate,
    const std::pair<std::vector<cv::Point2d>, std::vector<cv::Point2d>>& halves,
    std::optional<size_t> only_size, const std::vector<PyramidShape>& shapes, const TopView& view,
    const PyramidPoseSearchOptions& pose_options, const PyramidSideBySideOptions& options) {
  PyramidSideBySideHypothesis pair;
  // Each part (its cells) and its poses, best first, at its last search.
  struct PartSearch {
    PyramidCandidate part;
    std::vector<PyramidHypothesis> poses;
  };
  PartSearch first_search;
  PartSearch second_search;
  const auto best_pose = [&](std::vector<cv::Point2d> cells,
                             PartSearch* search) -> std::optional<PyramidHypothesis> {
    if (cells.empty()) return std::nullopt;
    search->part = Part(candidate, std::move(cells));
    search->poses = SearchPyramidPoses(search->part, shapes, view, pose_options, only_size);
    if (search->poses.empty()) return std::nullopt;
    return search->poses.front();
  };
  std::optional<PyramidHypothesis> first = best_pose(halves.first, &first_search);
  std::optional<PyramidHypothesis> second = best_pose(halves.second, &second_search);
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
    first = best_pose(left_by(*second), &first_search);
    if (first) second = best_pose(left_by(*first), &second_search);
  }
  if (!first || !second) return pair;
  pair.overlap = SideBySideOverlap(candidate, *first, *second, shapes, view, options);
  if (pair.overlap < 0) return pair;
  // A part's other poses on its last cells: the other pose of its size first (of any sizes
  // the leading few may leave it out), then other sizes, best first.
  const auto others_of = [&](const PartSearch& search) {
    const PyramidHypothesis& best = search.poses.front();
    std::vector<PyramidHypothesis> others;
    if (!only_size) {
      for (const PyramidHypothesis& pose :
           SearchPyramidPoses(search.part, shapes, view, pose_options, best.size)) {
        if (pose.placement.pose != best.placement.pose) others.push_back(pose);
      }
    }
    for (size_t k = 1; k < search.poses.size(); ++k) {
      if (only_size || search.poses[k].size != best.size) others.push_back(search.poses[k]);
    }
    return others;
  };
  pair.first = *first;
  pair.second = *second;
  pair.first_others = others_of(first_search);
  pair.second_others = others_of(second_search);
  return pair;
}

}  // namespace

double SideBySideOverlap(const PyramidCandidate& candidate, const PyramidHypothesis& first,
                         const PyramidHypothesis& second, const std::vector<PyramidShape>& shapes,
                         const TopView& view, const PyramidSideBySideOptions& options) {
  if (FootprintOverlap(PyramidFootprint(shapes[first.size], first.placement),
                       PyramidFootprint(shapes[second.size], second.placement)) >
      options.max_footprint_overlap)
    return -1;
  const PyramidSilhouette a = Silhouette(first, shapes, view);
  const PyramidSilhouette b = Silhouette(second, shapes, view);
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
  return intersection / (candidate.AreaMm2() + union_silhouettes - intersection);
}

std::vector<PyramidSideBySideHypothesis> SearchSideBySidePoses(
    const PyramidCandidate& candidate, const std::vector<PyramidShape>& shapes, const TopView& view,
    const PyramidPoseSearchOptions& pose_options, const PyramidSideBySideOptions& options) {
  std::vector<PyramidSideBySideHypothesis> pairs;
  const auto halves = TwoMeans(candidate);
  const double min_cells = options.min_part_share * static_cast<double>(candidate.cells.size());
  if (static_cast<double>(std::min(halves.first.size(), halves.second.size())) < min_cells)
    return pairs;
  PyramidSideBySideHypothesis any_sizes =
      SearchPair(candidate, halves, std::nullopt, shapes, view, pose_options, options);
  // The size both of the pair of any sizes took, if one (its search is not repeated).
  const size_t found_alike = any_sizes.overlap >= 0 && any_sizes.first.size == any_sizes.second.size
                                 ? any_sizes.first.size
                                 : shapes.size();
  if (any_sizes.overlap >= 0) pairs.push_back(std::move(any_sizes));
  if (options.alike_pairs) {
    for (size_t size = 0; size < shapes.size(); ++size) {
      if (size == found_alike) continue;
      PyramidSideBySideHypothesis alike =
          SearchPair(candidate, halves, size, shapes, view, pose_options, options);
      if (alike.overlap >= 0) pairs.push_back(std::move(alike));
    }
  }
  const auto preference = [&](const PyramidSideBySideHypothesis& pair) {
    return pair.overlap + (pair.first.size == pair.second.size ? options.alike_pair_margin : 0);
  };
  std::stable_sort(pairs.begin(), pairs.end(),
                   [&](const PyramidSideBySideHypothesis& a, const PyramidSideBySideHypothesis& b) {
                     return preference(a) > preference(b);
                   });
  return pairs;
}

}  // namespace tabref::vision
