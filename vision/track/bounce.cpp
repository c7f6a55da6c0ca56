#include "vision/track/bounce.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace tabref::vision {
namespace {

constexpr int kSearchSteps = 30;  // steps of each search along the way

// The point of the polygon's outline nearest to `p`.
rules::Vec2 NearestOnOutline(const rules::Polygon& polygon, rules::Vec2 p) {
  rules::Vec2 best = p;
  double best_distance = std::numeric_limits<double>::infinity();
  const size_t n = polygon.vertices.size();
  for (size_t i = 0; i < n; ++i) {
    const rules::Vec2 a = polygon.vertices[i];
    const rules::Vec2 edge = polygon.vertices[(i + 1) % n] - a;
    const double length2 = rules::Dot(edge, edge);
    const double s = length2 > 0 ? std::clamp(rules::Dot(p - a, edge) / length2, 0.0, 1.0) : 0;
    const rules::Vec2 q = a + edge * s;
    const double distance = rules::Distance(p, q);
    if (distance < best_distance) {
      best_distance = distance;
      best = q;
    }
  }
  return best;
}

// How far along the way (0 to 1) the disc first touches `obstacle`, if it does: the disc's
// clearance (the distance from its centre to a convex footprint, less its radius) is convex
// along a straight way, so its least is found by ternary search and its first zero before
// that by bisection.
std::optional<double> ContactAlong(rules::Vec2 from, rules::Vec2 to, double radius,
                                   const rules::Polygon& obstacle) {
  const auto clearance = [&](double s) {
    return rules::DistanceToFootprint(from + (to - from) * s, obstacle) - radius;
  };
  if (clearance(0) <= 0) return 0.0;
  double low = 0;
  double high = 1;
  for (int i = 0; i < kSearchSteps; ++i) {
    const double a = low + (high - low) / 3;
    const double b = high - (high - low) / 3;
    if (clearance(a) < clearance(b)) {
      high = b;
    } else {
      low = a;
    }
  }
  double touching = 0.5 * (low + high);
  if (clearance(touching) > 0) return std::nullopt;
  double clear = 0;
  for (int i = 0; i < kSearchSteps; ++i) {
    const double mid = 0.5 * (clear + touching);
    if (clearance(mid) > 0) {
      clear = mid;
    } else {
      touching = mid;
    }
  }
  return touching;
}

}  // namespace

rules::Vec2 Bounced(rules::Vec2 from, rules::Vec2 to, double radius,
                    const std::vector<rules::Polygon>& obstacles, double restitution) {
  const rules::Polygon* met = nullptr;
  double first = std::numeric_limits<double>::infinity();
  for (const rules::Polygon& obstacle : obstacles) {
    if (obstacle.vertices.size() < 3) continue;
    const rules::Vec2 centre = rules::Centroid(obstacle);
    double reach = radius;
    for (const rules::Vec2& v : obstacle.vertices)
      reach = std::max(reach, radius + rules::Distance(v, centre));
    if (rules::DistanceToSegment(centre, from, to) > reach) continue;  // nowhere near it
    const std::optional<double> s = ContactAlong(from, to, radius, obstacle);
    if (s && *s < first) {
      first = *s;
      met = &obstacle;
    }
  }
  if (met == nullptr) return to;
  const rules::Vec2 contact = from + (to - from) * first;
  rules::Vec2 normal = contact - NearestOnOutline(*met, contact);
  if (rules::Contains(*met, contact) || rules::Norm(normal) <= 0) {
    normal = contact - rules::Centroid(*met);  // started inside it: out from its centre
  }
  const double length = rules::Norm(normal);
  if (length <= 0) return to;
  normal = normal * (1 / length);
  const rules::Vec2 beyond = to - contact;
  const double into = rules::Dot(beyond, normal);
  if (into >= 0) return to;  // leaving it
  return contact + (beyond - normal * (2 * into)) * restitution;
}

}  // namespace tabref::vision
