#include "vision/sim/piece_body.h"

#include <cmath>

namespace tabref::vision::sim {
namespace {

// g/mm^3: wood and acrylic pieces, plastic pyramids (hollow, so light for their size).
constexpr double kPieceDensity = 0.0008;
constexpr double kPyramidDensity = 0.0004;

struct Friction {
  double coefficient;
  double spin_drag;  // angular deceleration = spin_drag * coefficient * g, per the footprint
};

Friction FrictionOf(PieceKind kind, const PieceDimensions& size) {
  // A flat disc spinning in place loses spin at 4/3 mu g / r; a square plate at ~2.3 mu g / side.
  switch (kind) {
    case PieceKind::kCoin:
      return {0.28, 4.0 / 3.0 / (0.5 * size.length_mm)};
    case PieceKind::kPyramid:
      return {0.35, 2.3 / size.length_mm};
    case PieceKind::kCard:
      return {0.25, 2.3 / size.width_mm};
    default:
      return {0.4, 2.3 / size.length_mm};
  }
}

}  // namespace

Body MakeBody(const PieceLook& look, const PieceSet& set, const cv::Vec2d& position, double angle) {
  const PieceDimensions size = DimensionsOf(look, set);
  Body body;
  body.is_disc = look.kind == PieceKind::kCoin;
  body.radius = 0.5 * size.length_mm;
  body.half_extent = {0.5 * size.length_mm, 0.5 * size.width_mm};
  body.can_lie = look.kind == PieceKind::kPyramid;
  if (body.can_lie) {
    body.lying_half_extent = 0.5 * LyingPyramidFootprint(size.length_mm, size.height_mm);
    body.lying_offset = LyingPyramidOffset(size.length_mm, size.height_mm);
  }
  const double volume =
      look.kind == PieceKind::kPyramid
          ? size.length_mm * size.width_mm * size.height_mm / 3
          : (body.is_disc ? CV_PI * body.radius * body.radius : size.length_mm * size.width_mm) *
                size.height_mm;
  body.mass = volume * (look.kind == PieceKind::kPyramid ? kPyramidDensity : kPieceDensity);
  body.inertia =
      body.is_disc
          ? 0.5 * body.mass * body.radius * body.radius
          : body.mass * (size.length_mm * size.length_mm + size.width_mm * size.width_mm) / 12;
  const Friction friction = FrictionOf(look.kind, size);
  body.friction = friction.coefficient;
  body.spin_drag = friction.spin_drag;
  body.position = position;
  body.angle = angle;
  return body;
}

double NestedHeight(const PieceDimensions& lower, const PieceDimensions& upper) {
  // Hollow pyramids nest: the upper one slides down until its base meets the lower one's
  // sides, but never deeper than a fifth of its own height.
  const double meets_sides = lower.height_mm * (1 - upper.length_mm / lower.length_mm);
  return std::max(meets_sides, 0.2 * upper.height_mm);
}

void NestOn(Body& upper, const PieceLook& upper_look, const Body& lower,
            const PieceLook& lower_look, int carrier, const PieceSet& set) {
  upper.support = Support::kStacked;
  upper.carrier = carrier;
  upper.stack_height = NestedHeight(DimensionsOf(lower_look, set), DimensionsOf(upper_look, set));
  upper.position = lower.position;
  upper.angle = lower.angle;
  upper.elevation = lower.elevation + upper.stack_height;
}

double LyingBaseEdge(double base, double height) {
  // The solid turns about its base edge onto a face, then its centroid (a quarter of the
  // height up the axis) is moved over the origin.
  const double half = 0.5 * base;
  return (half * half + 0.25 * height * height) / std::hypot(height, half);
}

cv::Vec2d LyingPyramidFootprint(double base, double height) {
  return {base, std::hypot(height, 0.5 * base)};
}

cv::Vec2d LyingPyramidOffset(double base, double height) {
  return {0, LyingBaseEdge(base, height) - 0.5 * std::hypot(height, 0.5 * base)};
}

double LyingApexDirection(double angle) { return angle - 0.5 * CV_PI; }

}  // namespace tabref::vision::sim
