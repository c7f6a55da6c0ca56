#include "rules/iceboule/turn_order.h"

#include <cstddef>

namespace tabref::rules::iceboule {

int NextShooter(int shooter, const std::vector<int>& projectiles_left, int leader) {
  const int players = static_cast<int>(projectiles_left.size());
  auto may_shoot = [&](int seat) {
    return seat != leader && projectiles_left[static_cast<size_t>(seat)] > 0;
  };
  for (int step = 0; step < players; ++step) {
    const int seat = (shooter + step) % players;
    if (may_shoot(seat)) return seat;
  }
  if (leader >= 0 && projectiles_left[static_cast<size_t>(leader)] > 0) return leader;
  return -1;
}

}  // namespace tabref::rules::iceboule
