#pragma once

#include "vision/pieces/piece_set.h"
#include "vision/sim/body.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// The physics body of a piece at rest on the table at `position` (mm), turned by `angle`
// (radians): its footprint, mass, friction and spin drag.
Body MakeBody(const PieceLook& look, const PieceSet& set, const cv::Vec2d& position, double angle);

// How high `upper`'s base sits when nested on top of `lower` (both upright pyramids).
double NestedHeight(const PieceDimensions& lower, const PieceDimensions& upper);

// `upper` (a body of `upper_look`) nested on `lower` (of `lower_look`, body `carrier` of the
// scene), where the physics would carry it (World::CarryStacked): stills are not simulated.
void NestOn(Body& upper, const PieceLook& upper_look, const Body& lower,
            const PieceLook& lower_look, int carrier, const PieceSet& set);

// A pyramid of base `base` and height `height` lying on a face, in the body frame of its
// solid (the renderer's): the face it lies on is a triangle whose base edge runs along x at
// y = LyingBaseEdge() and whose apex points to -y; the origin lies below the centroid.
// LyingPyramidFootprint() is the box around that triangle (full sizes) and
// LyingPyramidOffset() the box's centre.
double LyingBaseEdge(double base, double height);
cv::Vec2d LyingPyramidFootprint(double base, double height);
cv::Vec2d LyingPyramidOffset(double base, double height);
// The direction (radians, table frame) the apex of a lying pyramid at `angle` points to.
double LyingApexDirection(double angle);

}  // namespace tabref::vision::sim
