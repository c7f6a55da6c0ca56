#include "vision/sim/collision.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

namespace tabref::vision::sim {
namespace {

struct Box {
  cv::Vec2d centre;
  std::array<cv::Vec2d, 2> axes;
  cv::Vec2d half;

  explicit Box(const Body& body)
      : centre(body.FootprintCentre()),
        axes{cv::Vec2d(std::cos(body.angle), std::sin(body.angle)),
             cv::Vec2d(-std::sin(body.angle), std::cos(body.angle))},
        half(body.FootprintHalfExtent()) {}

  std::array<cv::Vec2d, 4> Corners() const {
    const cv::Vec2d u = half[0] * axes[0];
    const cv::Vec2d v = half[1] * axes[1];
    return {centre + u + v, centre - u + v, centre - u - v, centre + u - v};
  }
  double RadiusAlong(const cv::Vec2d& axis) const {
    return half[0] * std::abs(axes[0].dot(axis)) + half[1] * std::abs(axes[1].dot(axis));
  }
  // The point of the box nearest to `point` (itself when inside).
  cv::Vec2d Closest(const cv::Vec2d& point) const {
    const cv::Vec2d offset = point - centre;
    cv::Vec2d closest = centre;
    for (int i = 0; i < 2; ++i)
      closest += std::clamp(offset.dot(axes[i]), -half[i], half[i]) * axes[i];
    return closest;
  }
};

std::optional<Contact> DiscDisc(const Body& a, const Body& b) {
  const cv::Vec2d between = b.position - a.position;
  const double distance = cv::norm(between);
  const double depth = a.radius + b.radius - distance;
  if (depth <= 0) return std::nullopt;
  const cv::Vec2d normal = distance > 1e-12 ? between / distance : cv::Vec2d(1, 0);
  return Contact{normal, depth, a.position + a.radius * normal};
}

std::optional<Contact> DiscBox(const Body& disc, const Body& box_body) {
  const Box box(box_body);
  const cv::Vec2d offset = disc.position - box.centre;
  const cv::Vec2d closest = box.Closest(disc.position);
  const cv::Vec2d outward = disc.position - closest;
  const double distance = cv::norm(outward);
  if (distance > 1e-9) {
    if (distance >= disc.radius) return std::nullopt;
    const cv::Vec2d normal = outward / distance;  // from the box to the disc
    return Contact{-normal, disc.radius - distance, closest};
  }
  // The disc's centre is inside the box: push out through the nearest side.
  double best_depth = std::numeric_limits<double>::max();
  cv::Vec2d best_normal;
  for (int i = 0; i < 2; ++i) {
    const double along = offset.dot(box.axes[i]);
    const double depth = box.half[i] - std::abs(along) + disc.radius;
    if (depth < best_depth) {
      best_depth = depth;
      best_normal = (along >= 0 ? 1.0 : -1.0) * box.axes[i];
    }
  }
  return Contact{-best_normal, best_depth, disc.position};
}

// Separating axes of two rotated boxes; the contact point is the corner of one box that
// reaches deepest into the other.
std::optional<Contact> BoxBox(const Body& a_body, const Body& b_body) {
  const Box a(a_body);
  const Box b(b_body);
  const cv::Vec2d between = b.centre - a.centre;
  Contact best{{0, 0}, std::numeric_limits<double>::max(), {0, 0}};
  for (const cv::Vec2d& axis : {a.axes[0], a.axes[1], b.axes[0], b.axes[1]}) {
    const double depth = a.RadiusAlong(axis) + b.RadiusAlong(axis) - std::abs(between.dot(axis));
    if (depth <= 0) return std::nullopt;
    if (depth < best.depth) {
      best.depth = depth;
      best.normal = between.dot(axis) >= 0 ? axis : -axis;
    }
  }
  double deepest = -std::numeric_limits<double>::max();
  for (const cv::Vec2d& corner : b.Corners()) {
    const double reach = -(corner - a.centre).dot(best.normal);
    if (reach > deepest) deepest = reach, best.point = corner;
  }
  for (const cv::Vec2d& corner : a.Corners()) {
    const double reach = (corner - b.centre).dot(best.normal);
    if (reach > deepest) deepest = reach, best.point = corner;
  }
  return best;
}

}  // namespace

std::optional<Contact> FindContact(const Body& a, const Body& b) {
  if (a.is_disc && b.is_disc) return DiscDisc(a, b);
  if (a.is_disc) return DiscBox(a, b);
  if (b.is_disc) {
    std::optional<Contact> contact = DiscBox(b, a);
    if (contact) contact->normal = -contact->normal;
    return contact;
  }
  return BoxBox(a, b);
}

}  // namespace tabref::vision::sim
