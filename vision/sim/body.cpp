#include "vision/sim/body.h"

namespace tabref::vision::sim {

bool Body::Moving() const {
  return support == Support::kAir || support == Support::kFalling || velocity != cv::Vec2d(0, 0) ||
         spin != 0;
}

cv::Vec2d Body::FootprintHalfExtent() const {
  if (is_disc) return {radius, radius};
  return lying ? lying_half_extent : half_extent;
}

}  // namespace tabref::vision::sim
