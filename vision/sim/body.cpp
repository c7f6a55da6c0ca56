#include "vision/sim/body.h"

#include <cmath>

namespace tabref::vision::sim {

bool Body::Moving() const {
  return support == Support::kAir || support == Support::kFalling || velocity != cv::Vec2d(0, 0) ||
         spin != 0;
}

cv::Vec2d Body::FootprintHalfExtent() const {
  if (is_disc) return {radius, radius};
  return lying ? lying_half_extent : half_extent;
}

cv::Vec2d Body::FootprintCentre() const {
  if (!lying) return position;
  const double c = std::cos(angle);
  const double s = std::sin(angle);
  return position + cv::Vec2d(c * lying_offset[0] - s * lying_offset[1],
                              s * lying_offset[0] + c * lying_offset[1]);
}

bool Body::OnTable() const { return support == Support::kTable || support == Support::kStacked; }

}  // namespace tabref::vision::sim
