#include "vision/detect/pyramid_side_by_side.h"

#include <algorithm>
#include <cmath>
#include <limits>
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

// The blob's cells in `count` parts by k-means, from `labels` (each cell's part).
std::vector<std::vector<cv::Point2d>> KMeans(const PyramidCandidate& blob, size_t count,
                                             std::vector<size_t> labels) {
  for (int iteration = 0; iteration < 10; ++iteration) {
    std::vector<cv::Point2d> sums(count, cv::Point2d(0, 0));
    std::vector<double> counts(count, 0);
    for (size_t i = 0; i < blob.cells.size(); ++i) {
      sums[labels[i]] += blob.cells[i];
      counts[labels[i]] += 1;
    }
    if (std::count(counts.begin(), counts.end(), 0.0) > 0) break;
    std::vector<cv::Point2d> means(count);
    for (size_t k = 0; k < count; ++k) means[k] = sums[k] * (1 / counts[k]);
    bool changed = false;
    for (size_t i = 0; i < blob.cells.size(); ++i) {
      size_t nearest = 0;
      for (size_t k = 1; k < count; ++k) {
        if (cv::norm(blob.cells[i] - means[k]) < cv::norm(blob.cells[i] - means[nearest]))
          nearest = k;
      }
      changed |= nearest != labels[i];
      labels[i] = nearest;
    }
    if (!changed) break;
  }
  std::vector<std::vector<cv::Point2d>> parts(count);
  for (size_t i = 0; i < blob.cells.size(); ++i) parts[labels[i]].push_back(blob.cells[i]);
  return parts;
}

// The blob's cells in two halves: split across the principal axis at the centroid, then
// two-means.
std::vector<std::vector<cv::Point2d>> TwoMeans(const PyramidCandidate& blob) {
  const double axis = SpreadOf(blob).AxisRad();
  const cv::Point2d along(std::cos(axis), std::sin(axis));
  std::vector<size_t> labels(blob.cells.size());
  for (size_t i = 0; i < blob.cells.size(); ++i)
    labels[i] = (blob.cells[i] - blob.centroid_mm).dot(along) < 0 ? 0 : 1;
  return KMeans(blob, 2, std::move(labels));
}

// The blob's cells in `count` parts: k-means from the cell farthest from the centroid and
// each next one farthest from those taken.
std::vector<std::vector<cv::Point2d>> FarthestPointMeans(const PyramidCandidate& blob,
                                                         size_t count) {
  std::vector<cv::Point2d> seeds;
  std::vector<double> nearest_seed(blob.cells.size(), 0);
  for (size_t i = 0; i < blob.cells.size(); ++i)
    nearest_seed[i] = cv::norm(blob.cells[i] - blob.centroid_mm);
  while (seeds.size() < count && !blob.cells.empty()) {
    const size_t farthest = static_cast<size_t>(
        std::max_element(nearest_seed.begin(), nearest_seed.end()) - nearest_seed.begin());
    seeds.push_back(blob.cells[farthest]);
    for (size_t i = 0; i < blob.cells.size(); ++i)
      nearest_seed[i] = seeds.size() == 1
                            ? cv::norm(blob.cells[i] - seeds.back())
                            : std::min(nearest_seed[i], cv::norm(blob.cells[i] - seeds.back()));
  }
  std::vector<size_t> labels(blob.cells.size(), 0);
  for (size_t i = 0; i < blob.cells.size(); ++i) {
    for (size_t k = 1; k < seeds.size(); ++k) {
      if (cv::norm(blob.cells[i] - seeds[k]) < cv::norm(blob.cells[i] - seeds[labels[i]]))
        labels[i] = k;
    }
  }
  return KMeans(blob, count, std::move(labels));
}

// A part of the blob (its cells) and its poses, best first, at its last search.
struct PartSearch {
  PyramidCandidate part;
  std::vector<PyramidHypothesis> poses;
};

// The pyramids that explain the blob split into `parts`, each of `only_size` when given:
// each part's best pose, then rounds of each one searched again on the cells the others'
// silhouettes leave. Empty where a part finds no pose.
std::vector<PartSearch> ExplainAway(const PyramidCandidate& candidate,
                                    std::vector<std::vector<cv::Point2d>> parts,
                                    std::optional<size_t> only_size,
                                    const std::vector<PyramidShape>& shapes, const TopView& view,
                                    const PyramidPoseSearchOptions& pose_options,
                                    const PyramidSideBySideOptions& options) {
  std::vector<PartSearch> searches(parts.size());
  const auto search = [&](size_t k, std::vector<cv::Point2d> cells) {
    if (cells.empty()) return false;
    searches[k].part = Part(candidate, std::move(cells));
    searches[k].poses = SearchPyramidPoses(searches[k].part, shapes, view, pose_options, only_size);
    return !searches[k].poses.empty();
  };
  for (size_t k = 0; k < parts.size(); ++k) {
    if (!search(k, std::move(parts[k]))) return {};
  }
  const auto left_by_others = [&](size_t k) {
    std::vector<PyramidSilhouette> others;
    for (size_t j = 0; j < searches.size(); ++j) {
      if (j != k) others.push_back(Silhouette(searches[j].poses.front(), shapes, view));
    }
    std::vector<cv::Point2d> cells;
    for (const cv::Point2d& cell : candidate.cells) {
      if (std::none_of(others.begin(), others.end(),
                       [&](const PyramidSilhouette& other) { return other.Contains(cell); }))
        cells.push_back(cell);
    }
    return cells;
  };
  for (int round = 0; round < options.rounds; ++round) {
    for (size_t k = 0; k < searches.size(); ++k) {
      if (!search(k, left_by_others(k))) return {};
    }
  }
  return searches;
}

// The pair from the blob's split `halves`, each pyramid of `only_size` when given; its
// overlap -1 when the parts do not make two pyramids.
PyramidSideBySideHypothesis SearchPair(const PyramidCandidate& candidate,
                                       const std::vector<std::vector<cv::Point2d>>& halves,
                                       std::optional<size_t> only_size,
                                       const std::vector<PyramidShape>& shapes, const TopView& view,
                                       const PyramidPoseSearchOptions& pose_options,
                                       const PyramidSideBySideOptions& options) {
  PyramidSideBySideHypothesis pair;
  const std::vector<PartSearch> searches =
      ExplainAway(candidate, halves, only_size, shapes, view, pose_options, options);
  if (searches.empty()) return pair;
  const PyramidHypothesis& first = searches[0].poses.front();
  const PyramidHypothesis& second = searches[1].poses.front();
  pair.overlap = SideBySideOverlap(candidate, first, second, shapes, view, options);
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
    // (A part too round to have an axis was searched lying all round already.)
    if (options.parts_lying_all_round &&
        SpreadOf(search.part).Elongation() >= pose_options.min_elongation) {
      PyramidPoseSearchOptions all_round = pose_options;
      all_round.min_elongation = std::numeric_limits<double>::infinity();
      for (const PyramidHypothesis& pose :
           SearchPyramidPoses(search.part, shapes, view, all_round, best.size)) {
        if (pose.placement.pose == PyramidPose::kLying) others.push_back(pose);
      }
    }
    return others;
  };
  pair.first = first;
  pair.second = second;
  pair.first_others = others_of(searches[0]);
  pair.second_others = others_of(searches[1]);
  return pair;
}

}  // namespace

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

double SideBySideOverlap(const PyramidCandidate& candidate, const PyramidHypothesis& first,
                         const PyramidHypothesis& second, const std::vector<PyramidShape>& shapes,
                         const TopView& view, const PyramidSideBySideOptions& options) {
  return GroupOverlap(candidate, {first, second}, shapes, view, options);
}

double GroupOverlap(const PyramidCandidate& candidate, const std::vector<PyramidHypothesis>& parts,
                    const std::vector<PyramidShape>& shapes, const TopView& view,
                    const PyramidSideBySideOptions& options) {
  for (size_t a = 0; a < parts.size(); ++a) {
    for (size_t b = a + 1; b < parts.size(); ++b) {
      if (FootprintOverlap(PyramidFootprint(shapes[parts[a].size], parts[a].placement),
                           PyramidFootprint(shapes[parts[b].size], parts[b].placement)) >
          options.max_footprint_overlap)
        return -1;
    }
  }
  std::vector<PyramidSilhouette> silhouettes;
  double areas = 0;
  for (const PyramidHypothesis& part : parts) {
    silhouettes.push_back(Silhouette(part, shapes, view));
    areas += silhouettes.back().AreaMm2();
  }
  int inside = 0;
  int covered_again = 0;  // every silhouette beyond the first over a cell
  for (const cv::Point2d& cell : candidate.cells) {
    int over = 0;
    for (const PyramidSilhouette& silhouette : silhouettes) over += silhouette.Contains(cell);
    inside += over > 0;
    covered_again += std::max(over - 1, 0);
  }
  // The silhouettes' union: their overlaps on the blob stand for their overlaps anywhere.
  const double union_silhouettes = areas - covered_again * candidate.cell_area_mm2;
  const double intersection = inside * candidate.cell_area_mm2;
  return intersection / (candidate.AreaMm2() + union_silhouettes - intersection);
}

std::vector<PyramidSideBySideHypothesis> SearchSideBySidePoses(
    const PyramidCandidate& candidate, const std::vector<PyramidShape>& shapes, const TopView& view,
    const PyramidPoseSearchOptions& pose_options, const PyramidSideBySideOptions& options) {
  std::vector<PyramidSideBySideHypothesis> pairs;
  const auto halves = TwoMeans(candidate);
  const double min_cells = options.min_part_share * static_cast<double>(candidate.cells.size());
  if (static_cast<double>(std::min(halves[0].size(), halves[1].size())) < min_cells) return pairs;
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

std::vector<PyramidGroupHypothesis> SearchGroupPoses(
    const PyramidCandidate& candidate, size_t count, const std::vector<PyramidShape>& shapes,
    const TopView& view, const PyramidPoseSearchOptions& pose_options,
    const PyramidSideBySideOptions& options, size_t pose_choices) {
  std::vector<PyramidGroupHypothesis> groups;
  const std::vector<std::vector<cv::Point2d>> parts = FarthestPointMeans(candidate, count);
  // Each part holds as large a share of the blob as each half of a pair must, for its count.
  const double min_cells = options.min_part_share * 2 / static_cast<double>(count) *
                           static_cast<double>(candidate.cells.size());
  for (const std::vector<cv::Point2d>& part : parts) {
    if (static_cast<double>(part.size()) < min_cells) return groups;
  }
  // The size all of a group take, if one.
  const auto alike_size = [&](const PyramidGroupHypothesis& group) -> std::optional<size_t> {
    for (const PyramidHypothesis& part : group.parts) {
      if (part.size != group.parts.front().size) return std::nullopt;
    }
    return group.parts.front().size;
  };
  const auto search = [&](std::optional<size_t> only_size) {
    const std::vector<PartSearch> searches =
        ExplainAway(candidate, parts, only_size, shapes, view, pose_options, options);
    PyramidGroupHypothesis group;
    if (searches.empty()) return group;
    for (const PartSearch& part : searches) {
      group.parts.push_back(part.poses.front());
      const size_t choices = std::min(part.poses.size(), pose_choices);
      group.part_poses.emplace_back(part.poses.begin(),
                                    part.poses.begin() + static_cast<std::ptrdiff_t>(choices));
    }
    group.overlap = GroupOverlap(candidate, group.parts, shapes, view, options);
    return group;
  };
  PyramidGroupHypothesis any_sizes = search(std::nullopt);
  const std::optional<size_t> found_alike =
      any_sizes.overlap >= 0 ? alike_size(any_sizes) : std::nullopt;
  if (any_sizes.overlap >= 0) groups.push_back(std::move(any_sizes));
  if (options.alike_pairs) {
    for (size_t size = 0; size < shapes.size(); ++size) {
      if (found_alike == size) continue;
      PyramidGroupHypothesis alike = search(size);
      if (alike.overlap >= 0) groups.push_back(std::move(alike));
    }
  }
  return groups;
}

}  // namespace tabref::vision
