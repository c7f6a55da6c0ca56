#pragma once

#include "vision/sim/body.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// The physics body of a piece at rest on the table at `position` (mm), turned by `angle`
// (radians): its footprint, mass, friction and spin drag.
Body MakeBody(const PieceLook& look, const PieceSet& set, const cv::Vec2d& position, double angle);

// How high `upper`'s base sits when nested on top of `lower` (both upright pyramids).
double NestedHeight(const PieceDimensions& lower, const PieceDimensions& upper);

// A pyramid of base `base` and height `height` lying on a face: its footprint box (full sizes).
cv::Vec2d LyingPyramidFootprint(double base, double height);

}  // namespace tabref::vision::sim
