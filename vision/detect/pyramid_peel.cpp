#include "vision/detect/pyramid_peel.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

namespace tabref::vision {
namespace {

bool SamePose(const PyramidHypothesis& a, const PyramidHypothesis& b) {
  constexpr double kSameMm = 0.5;
  constexpr double kSameDeg = 2;
  return a.size == b.size && a.placement.pose == b.placement.pose &&
         cv::norm(a.placement.position_mm - b.placement.position_mm) <= kSameMm &&
         std::abs(a.placement.angle_deg - b.placement.angle_deg) <= kSameDeg;
}

}  // namespace

std::vector<PyramidHypothesis> PeelCandidates(const PyramidCandidate& blob,
                                              const std::vector<PyramidShape>& shapes,
                                              const TopView& view,
                                              const PyramidPoseSearchOptions& pose_options,
                                              const PyramidSideBySideOptions& side_by_side,
                                              const PyramidPeelOptions& options) {
  std::vector<PyramidHypothesis> candidates;
  for (int count = 2; count <= options.max_parts; ++count) {
    for (const PyramidGroupHypothesis& group :
         SearchGroupPoses(blob, static_cast<size_t>(count), shapes, view, pose_options,
                          side_by_side, static_cast<size_t>(options.pose_choices))) {
      for (const std::vector<PyramidHypothesis>& poses : group.part_poses) {
        for (const PyramidHypothesis& pose : poses) {
          if (std::none_of(candidates.begin(), candidates.end(),
                           [&](const PyramidHypothesis& other) { return SamePose(pose, other); }))
            candidates.push_back(pose);
        }
      }
    }
  }
  return candidates;
}

double SilhouetteCover(const PyramidCandidate& blob, const PyramidShape& shape,
                       const PyramidPlacement& placement, const TopView& view) {
  const PyramidSilhouette silhouette = SilhouetteOf(PyramidVertices(shape, placement), view);
  const auto covered =
      std::count_if(blob.cells.begin(), blob.cells.end(),
                    [&](const cv::Point2d& cell) { return silhouette.Contains(cell); });
  return static_cast<double>(covered) * blob.cell_area_mm2 / std::max(silhouette.AreaMm2(), 1e-9);
}

std::vector<PyramidCandidate> BlobRemainder(const PyramidCandidate& blob,
                                            const PyramidSilhouette& taken, double min_area_mm2) {
  // The cells left, on the map's grid (cells lie a cell's width apart).
  const double cell_mm = std::sqrt(blob.cell_area_mm2);
  std::map<std::pair<long, long>, size_t> left;
  std::vector<cv::Point2d> cells;
  for (const cv::Point2d& cell : blob.cells) {
    if (taken.Contains(cell)) continue;
    left.emplace(std::pair(std::lround(cell.x / cell_mm), std::lround(cell.y / cell_mm)),
                 cells.size());
    cells.push_back(cell);
  }
  // Its parts, eight-connected.
  std::vector<PyramidCandidate> parts;
  std::vector<bool> reached(cells.size(), false);
  for (size_t start = 0; start < cells.size(); ++start) {
    if (reached[start]) continue;
    PyramidCandidate part;
    part.colour = blob.colour;
    part.cell_area_mm2 = blob.cell_area_mm2;
    std::vector<size_t> frontier = {start};
    reached[start] = true;
    cv::Point2d sum(0, 0);
    while (!frontier.empty()) {
      const size_t k = frontier.back();
      frontier.pop_back();
      part.cells.push_back(cells[k]);
      sum += cells[k];
      const long x = std::lround(cells[k].x / cell_mm);
      const long y = std::lround(cells[k].y / cell_mm);
      for (long dy = -1; dy <= 1; ++dy) {
        for (long dx = -1; dx <= 1; ++dx) {
          const auto next = left.find(std::pair(x + dx, y + dy));
          if (next == left.end() || reached[next->second]) continue;
          reached[next->second] = true;
          frontier.push_back(next->second);
        }
      }
    }
    part.centroid_mm = sum * (1.0 / static_cast<double>(part.cells.size()));
    if (part.AreaMm2() >= min_area_mm2) parts.push_back(std::move(part));
  }
  return parts;
}

}  // namespace tabref::vision
