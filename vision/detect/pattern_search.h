#pragma once

#include <opencv2/core.hpp>

namespace tabref::vision {

// Pattern search over a placement's position and turn: each step, a move of `move_mm` along x
// or y or a turn of `turn_deg` either way, is offered to `try_change` (a cv::Vec3d dx, dy,
// dturn, true when it took the change as better) while any is taken; then the steps halve,
// `rounds` times in all.
template <typename TryChange>
void PatternSearch(double move_mm, double turn_deg, int rounds, const TryChange& try_change) {
  for (int round = 0; round < rounds; ++round) {
    bool improved = true;
    while (improved) {
      improved = false;
      for (const cv::Vec3d& change :
           {cv::Vec3d(move_mm, 0, 0), cv::Vec3d(-move_mm, 0, 0), cv::Vec3d(0, move_mm, 0),
            cv::Vec3d(0, -move_mm, 0), cv::Vec3d(0, 0, turn_deg), cv::Vec3d(0, 0, -turn_deg)}) {
        if (try_change(change)) improved = true;
      }
    }
    move_mm *= 0.5;
    turn_deg *= 0.5;
  }
}

}  // namespace tabref::vision
