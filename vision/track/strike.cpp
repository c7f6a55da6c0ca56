#include "vision/track/strike.h"

#include <cmath>

namespace tabref::vision {

std::optional<StrikeOutcome> Strike(rules::Vec2 from, rules::Vec2 to, double radius,
                                    rules::Vec2 other, double other_radius, double restitution) {
  const double reach = radius + other_radius;
  const rules::Vec2 way = to - from;
  const rules::Vec2 apart = from - other;
  // |apart + way s| = reach: a s^2 + 2 b s + c = 0, the first root in [0, 1].
  const double a = rules::Dot(way, way);
  const double b = rules::Dot(apart, way);
  const double c = rules::Dot(apart, apart) - reach * reach;
  if (a <= 0 || c <= 0) return std::nullopt;
  const double discriminant = b * b - a * c;
  if (discriminant < 0) return std::nullopt;
  const double along = (-b - std::sqrt(discriminant)) / a;
  if (along < 0 || along > 1) return std::nullopt;
  const rules::Vec2 contact = from + way * along;
  const rules::Vec2 normal = (other - contact) * (1 / reach);
  const double closing = rules::Dot(way, normal);
  if (closing <= 0) return std::nullopt;
  const double striker_mass = radius * radius * radius;
  const double struck_mass = other_radius * other_radius * other_radius;
  const double impulse = (1 + restitution) * closing / (1 / striker_mass + 1 / struck_mass);
  const rules::Vec2 striker_way = way - normal * (impulse / striker_mass);
  const rules::Vec2 struck_way = normal * (impulse / struck_mass);
  const double rest = 1 - along;
  return StrikeOutcome{along, contact + striker_way * rest, other + struck_way * rest};
}

}  // namespace tabref::vision
