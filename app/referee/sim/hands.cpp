#include "app/referee/sim/hands.h"

#include <cmath>
#include <stdexcept>

#include "vision/sim/collision.h"

namespace tabref::referee {

using vision::sim::Body;
using vision::sim::PieceKind;
using vision::sim::PieceLook;
using vision::sim::World;

namespace {

// A coin or tile of the set: its kind, suit and value.
struct SetPiece {
  vision::ObservedKind kind;
  std::string suit;
  std::string value;
};

bool Fits(const PieceMatcher& matcher, const SetPiece& piece) {
  return matcher.kind == piece.kind && (!matcher.suit || *matcher.suit == piece.suit) &&
         (!matcher.rank || *matcher.rank == piece.value);
}

// Kuhn's augmenting paths: gives matcher `m` a piece, moving earlier matchers when needed.
bool Assign(size_t m, const std::vector<PieceMatcher>& matchers,
            const std::vector<SetPiece>& pieces, std::vector<int>& owner,
            std::vector<bool>& visited) {
  for (size_t p = 0; p < pieces.size(); ++p) {
    if (visited[p] || !Fits(matchers[m], pieces[p])) continue;
    visited[p] = true;
    if (owner[p] < 0 || Assign(static_cast<size_t>(owner[p]), matchers, pieces, owner, visited)) {
      owner[p] = static_cast<int>(m);
      return true;
    }
  }
  return false;
}

}  // namespace

std::vector<PieceLook> LooksFor(const std::vector<PieceMatcher>& matchers,
                                const vision::PieceSet& set) {
  std::vector<SetPiece> pieces;
  for (const auto kind : {vision::ObservedKind::kCoin, vision::ObservedKind::kTile}) {
    for (const vision::NamedColour& suit : set.suits) {
      for (const std::string& value : set.values) pieces.push_back({kind, suit.name, value});
    }
  }
  std::vector<int> owner(pieces.size(), -1);
  std::vector<PieceLook> looks(matchers.size());
  for (size_t m = 0; m < matchers.size(); ++m) {
    const PieceMatcher& matcher = matchers[m];
    PieceLook& look = looks[m];
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
      continue;
    }
    std::vector<bool> visited(pieces.size(), false);
    if (!Assign(m, matchers, pieces, owner, visited)) {
      throw std::invalid_argument("the piece set has no " + matcher.Describe() +
                                  " left for the simulated table");
    }
  }
  for (size_t p = 0; p < pieces.size(); ++p) {
    if (owner[p] < 0) continue;
    const PieceMatcher& matcher = matchers[static_cast<size_t>(owner[p])];
    PieceLook& look = looks[static_cast<size_t>(owner[p])];
    const bool coin = matcher.kind == vision::ObservedKind::kCoin;
    look.kind = coin ? PieceKind::kCoin : PieceKind::kTile;
    look.suit = pieces[p].suit;
    look.rank = pieces[p].value;
    // A coin showing only a value lies value side up; a tile is face up unless told.
    const std::string up = coin ? "suit" : "face";
    look.face_up = matcher.side ? *matcher.side == up : !(coin && matcher.rank && !matcher.suit);
  }
  return looks;
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
