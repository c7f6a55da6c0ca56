#pragma once

#include <vector>

namespace tabref::rules::iceboule {

// Each player shoots 4 projectiles an end: 5 pieces, two per catapult, the last never shot.
inline constexpr int kPiecesPerPlayer = 5;
inline constexpr int kProjectilesPerPlayer = kPiecesPerPlayer - 1;

// The active-player rule. After a shot by `shooter` (seats hold `projectiles_left`; nobody
// leads when `leader` is -1): the shooter goes on while he has projectiles and does not
// lead; otherwise the next player in seat order who has projectiles and does not lead;
// when nobody else has any, the leader shoots the rest. Returns -1 when the end is over.
int NextShooter(int shooter, const std::vector<int>& projectiles_left, int leader);

}  // namespace tabref::rules::iceboule
