#pragma once

#include <optional>

#include "rules/core/geometry.h"

namespace tabref::vision {

// Where a sliding disc and the resting disc it strikes on its way are at the way's end.
struct StrikeOutcome {
  double along = 0;     // share of the way (0 to 1) at which they met
  rules::Vec2 striker;  // where the striker is at the way's end
  rules::Vec2 struck;   // where the struck disc is then
};

// A disc of `radius` sent straight from `from` toward `to` meeting a resting disc of
// `other_radius` at `other` on the way, the two colliding as similar solids do (masses as the
// cube of their radii, `restitution` of the speed along the line of centres kept): the
// striker keeps its speed across that line and the struck disc goes off along it. Without
// friction (the way is a frame interval). None when they do not meet, or already overlap at
// `from` (their places are off, not touching).
std::optional<StrikeOutcome> Strike(rules::Vec2 from, rules::Vec2 to, double radius,
                                    rules::Vec2 other, double other_radius, double restitution);

}  // namespace tabref::vision
