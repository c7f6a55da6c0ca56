#include "app/referee/sim/hands.h"

#include <cmath>
#include <stdexcept>

#include "vision/sim/collision.h"

namespace tabref::referee {

using vision::sim::Body;
using vision::sim::PieceKind;
using vision::sim::PieceLook;
using vision::sim::World;

vision::sim::PieceLook LookFor(const PieceMatcher& matcher, const vision::PieceSet& set,
                               std::set<std::string>& used) {
  PieceLook look;
  if (matcher.kind == vision::ObservedKind::kPyramid) {
    if (!matcher.colour || !matcher.size) {
      throw std::invalid_argument("a simulated pyramid needs a colour and a size: " +
                                  matcher.Describe());
    }
    look.kind = PieceKind::kPyramid;
    look.colour = *matcher.colour;
    look.size = *matcher.size;
    set.PyramidColour(look.colour);
    set.Pyramid(look.size);
    return look;
  }
  const bool coin = matcher.kind == vision::ObservedKind::kCoin;
  look.kind = coin ? PieceKind::kCoin : PieceKind::kTile;
  // A coin showing only a rank shows its value side; a tile is face up unless told.
  const std::string up = coin ? "suit" : "face";
  look.face_up = matcher.side ? *matcher.side == up : !(coin && matcher.rank && !matcher.suit);
  for (const vision::NamedColour& suit : set.suits) {
    if (matcher.suit && suit.name != *matcher.suit) continue;
    for (const std::string& value : set.values) {
      if (matcher.rank && value != *matcher.rank) continue;
      const std::string key =
          std::string(vision::ToString(matcher.kind)) + " " + suit.name + " " + value;
      if (used.contains(key)) continue;
      used.insert(key);
      look.suit = suit.name;
      look.rank = value;
      return look;
    }
  }
  throw std::invalid_argument("the piece set has no free piece for " + matcher.Describe());
}

double SlideSpeed(const Body& body, double distance_mm,
                  const vision::sim::PhysicsOptions& physics) {
  return std::sqrt(2 * body.friction * physics.gravity_mm_s2 * std::max(0.0, distance_mm));
}

double HopSpeed(const Body& body, double distance_mm, double climb, double height_mm,
                const vision::sim::PhysicsOptions& physics) {
  const double g = physics.gravity_mm_s2;
  const double flight = (climb + std::sqrt(climb * climb + 2 * g * height_mm)) / g;
  // distance = v * flight + (keep * v)^2 / (2 mu g)
  const double a = physics.landing_keep * physics.landing_keep / (2 * body.friction * g);
  if (a <= 0) return distance_mm / flight;
  return (-flight + std::sqrt(flight * flight + 4 * a * std::max(0.0, distance_mm))) / (2 * a);
}

cv::Vec2d Direction(double heading) { return {std::cos(heading), std::sin(heading)}; }

double HeadingTo(const cv::Vec2d& from, const cv::Vec2d& to) {
  return std::atan2(to[1] - from[1], to[0] - from[0]);
}

double Gaussian(double sigma, vision::sim::Rng& rng) {
  return std::normal_distribution<double>(0, sigma)(rng);
}

bool FreeAt(const World& world, int body, const cv::Vec2d& position, double clearance_mm,
            const std::vector<int>& ignore) {
  Body probe = world.Bodies().at(static_cast<size_t>(body));
  probe.position = position;
  probe.radius += clearance_mm;
  probe.half_extent += cv::Vec2d(clearance_mm, clearance_mm);
  probe.lying_half_extent += cv::Vec2d(clearance_mm, clearance_mm);
  const std::vector<Body>& bodies = world.Bodies();
  for (size_t i = 0; i < bodies.size(); ++i) {
    const int other = static_cast<int>(i);
    if (other == body || !bodies[i].OnTable()) continue;
    if (std::find(ignore.begin(), ignore.end(), other) != ignore.end()) continue;
    if (vision::sim::FindContact(probe, bodies[i])) return false;
  }
  return true;
}

std::optional<cv::Vec2d> NearestFreeSpot(const World& world, int body, const cv::Vec2d& wanted,
                                         const cv::Rect2d& area, double clearance_mm,
                                         double step_mm) {
  for (int ring = 0; ring < 60; ++ring) {
    const double radius = ring * step_mm;
    const int points = ring == 0 ? 1 : 8 * ring;
    for (int k = 0; k < points; ++k) {
      const cv::Vec2d spot = wanted + radius * Direction(2 * CV_PI * k / points);
      if (area.contains(cv::Point2d(spot[0], spot[1])) && FreeAt(world, body, spot, clearance_mm))
        return spot;
    }
  }
  return std::nullopt;
}

bool Held(const World& world, int body) {
  return world.Bodies().at(static_cast<size_t>(body)).support == vision::sim::Support::kHeld;
}

void PickUpAll(World& world, const std::vector<int>& bodies) {
  for (int body : bodies) {
    if (!Held(world, body)) world.PickUp(body);
  }
}

rules::Vec2 ToRules(const cv::Vec2d& p) { return {p[0], p[1]}; }
cv::Vec2d ToCv(const rules::Vec2& p) { return {p.x, p.y}; }

}  // namespace tabref::referee
