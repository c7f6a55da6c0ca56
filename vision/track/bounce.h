#pragma once

#include <vector>

#include "rules/core/geometry.h"

namespace tabref::vision {

// Where a disc of `radius` sent straight from `from` toward `to` ends when it meets one of
// `obstacles` (pieces that stay put when struck: tiles) on the way: its way beyond the point
// of contact mirrored about the face it met, shortened by `restitution` (0 stops it there,
// 1 bounces it back as fast). `to` when it meets none, or already leaves the one it touches.
rules::Vec2 Bounced(rules::Vec2 from, rules::Vec2 to, double radius,
                    const std::vector<rules::Polygon>& obstacles, double restitution);

}  // namespace tabref::vision
