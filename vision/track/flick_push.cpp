#include "vision/track/flick_push.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision {
namespace {

constexpr double kCellMm = 3;  // the grid the hand's area is summed over

}  // namespace

std::optional<rules::Vec2> FlickPush(rules::Vec2 at, const std::vector<rules::Polygon>& hand,
                                     const TrackerOptions& options) {
  if (hand.empty()) return std::nullopt;
  const double reach = options.push_reach_mm;
  const int cells = static_cast<int>(std::ceil(reach / kCellMm));
  rules::Vec2 sum{0, 0};
  int covered = 0;
  for (int i = -cells; i <= cells; ++i) {
    for (int j = -cells; j <= cells; ++j) {
      const rules::Vec2 offset{i * kCellMm, j * kCellMm};
      if (rules::Norm(offset) > reach) continue;
      const rules::Vec2 p = at + offset;
      if (std::none_of(hand.begin(), hand.end(),
                       [&](const rules::Polygon& area) { return rules::Contains(area, p); }))
        continue;
      sum = sum + offset;
      ++covered;
    }
  }
  if (covered * kCellMm * kCellMm < options.push_min_hand_mm2) return std::nullopt;
  const rules::Vec2 centre = sum * (1.0 / covered);
  const double offset = rules::Norm(centre);
  if (offset < options.push_min_offset_mm) return std::nullopt;
  return centre * (-1 / offset);
}

}  // namespace tabref::vision
