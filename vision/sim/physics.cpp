#include "vision/sim/physics.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "vision/sim/collision.h"
#include "vision/sim/option_check.h"

namespace tabref::vision::sim {
namespace {

constexpr double kContactSlopMm = 0.02;

void Require(bool ok, const char* field, const char* range) {
  RequireField(ok, "PhysicsOptions", field, range);
}

double Cross(const cv::Vec2d& a, const cv::Vec2d& b) { return a[0] * b[1] - a[1] * b[0]; }
// The velocity of a point at `arm` from the centre of a body spinning at `spin`.
cv::Vec2d SpinVelocity(double spin, const cv::Vec2d& arm) {
  return {-spin * arm[1], spin * arm[0]};
}

bool Collides(const Body& body) { return body.support == Support::kTable; }

// Decelerates `speed` by `deceleration` over `dt`; returns the distance covered, exactly
// as constant deceleration to a stop would.
double Decelerate(double& speed, double deceleration, double dt) {
  if (speed <= deceleration * dt) {
    const double distance = deceleration > 0 ? speed * speed / (2 * deceleration) : speed * dt;
    speed = 0;
    return distance;
  }
  const double distance = speed * dt - 0.5 * deceleration * dt * dt;
  speed -= deceleration * dt;
  return distance;
}

// An impulse along the contact normal (no friction between pieces) with the options'
// restitution, plus a positional correction so footprints never stay interpenetrated.
void Collide(Body& a, Body& b, const Contact& contact, double restitution) {
  const cv::Vec2d& n = contact.normal;
  const double inverse_mass = 1 / a.mass + 1 / b.mass;
  const double a_share = (1 / a.mass) / inverse_mass;
  // Leaves a sliver of overlap, so a pair pressed together stays in contact (one event).
  const double correction = std::max(0.0, contact.depth - kContactSlopMm);
  a.position -= a_share * correction * n;
  b.position += (1 - a_share) * correction * n;

  const cv::Vec2d arm_a = contact.point - a.position;
  const cv::Vec2d arm_b = contact.point - b.position;
  const cv::Vec2d relative =
      (b.velocity + SpinVelocity(b.spin, arm_b)) - (a.velocity + SpinVelocity(a.spin, arm_a));
  const double closing = relative.dot(n);
  if (closing >= 0) return;
  const double turn_a = Cross(arm_a, n);
  const double turn_b = Cross(arm_b, n);
  const double impulse = -(1 + restitution) * closing /
                         (inverse_mass + turn_a * turn_a / a.inertia + turn_b * turn_b / b.inertia);
  a.velocity -= impulse / a.mass * n;
  b.velocity += impulse / b.mass * n;
  a.spin -= impulse * turn_a / a.inertia;
  b.spin += impulse * turn_b / b.inertia;
}

}  // namespace

void PhysicsOptions::Check() const {
  Require(time_step_s > 0 && time_step_s <= 0.005, "time_step_s", "in (0, 0.005]");
  Require(gravity_mm_s2 > 0, "gravity_mm_s2", "positive");
  Require(restitution >= 0 && restitution <= 1, "restitution", "in [0, 1]");
  Require(landing_keep >= 0 && landing_keep <= 1, "landing_keep", "in [0, 1]");
  Require(lying_landing_chance >= 0 && lying_landing_chance <= 1, "lying_landing_chance",
          "in [0, 1]");
  Require(stop_speed_mm_s >= 0 && stop_speed_mm_s < 50, "stop_speed_mm_s", "in [0, 50)");
}

const char* ToString(EventType type) {
  switch (type) {
    case EventType::kFlick:
      return "flick";
    case EventType::kHop:
      return "hop";
    case EventType::kContact:
      return "contact";
    case EventType::kLanded:
      return "landed";
    case EventType::kLeftTable:
      return "left_table";
    case EventType::kRest:
      return "rest";
    case EventType::kPlaced:
      return "placed";
    case EventType::kPickedUp:
      return "picked_up";
  }
  return "?";
}

World::World(std::vector<Body> bodies, cv::Rect2d table_top, double floor_depth_mm,
             PhysicsOptions options)
    : bodies_(std::move(bodies)),
      table_top_(table_top),
      floor_depth_mm_(floor_depth_mm),
      options_(options),
      rng_(options.seed) {
  options_.Check();
  CarryStacked();
}

void World::Flick(int body, const cv::Vec2d& velocity, double spin) {
  Body& struck = bodies_.at(static_cast<size_t>(body));
  if (struck.support != Support::kTable) return;
  struck.velocity = velocity;
  struck.spin = spin;
  Record(EventType::kFlick, body, -1, velocity);
}

void World::Hop(int body, const cv::Vec2d& velocity, double climb) {
  Body& thrown = bodies_.at(static_cast<size_t>(body));
  if (thrown.support != Support::kTable && thrown.support != Support::kStacked) return;
  thrown.carrier = -1;
  thrown.stack_height = 0;
  thrown.velocity = velocity;
  thrown.climb_rate = climb;
  thrown.support = Support::kAir;
  thrown.lying = false;
  Record(EventType::kHop, body, -1, velocity);
}

void World::Place(int body, const cv::Vec2d& position, double angle, bool lying) {
  Body& placed = bodies_.at(static_cast<size_t>(body));
  placed.position = position;
  placed.angle = angle;
  placed.lying = lying && placed.can_lie;
  placed.velocity = {0, 0};
  placed.spin = 0;
  placed.elevation = 0;
  placed.climb_rate = 0;
  placed.support = Support::kTable;
  placed.carrier = -1;
  placed.stack_height = 0;
  Record(EventType::kPlaced, body, -1, position, placed.lying);
}

void World::PlaceOnTop(int body, int carrier, double stack_height) {
  const Body& below = bodies_.at(static_cast<size_t>(carrier));
  Body& placed = bodies_.at(static_cast<size_t>(body));
  placed.velocity = {0, 0};
  placed.spin = 0;
  placed.climb_rate = 0;
  placed.lying = false;
  placed.support = Support::kStacked;
  placed.carrier = carrier;
  placed.stack_height = stack_height;
  CarryStacked();
  Record(EventType::kPlaced, body, carrier, below.position);
}

void World::PickUp(int body) {
  Body& taken = bodies_.at(static_cast<size_t>(body));
  taken.velocity = {0, 0};
  taken.spin = 0;
  taken.climb_rate = 0;
  taken.support = Support::kHeld;
  taken.carrier = -1;
  taken.stack_height = 0;
  Record(EventType::kPickedUp, body);
}

bool World::AtRest() const {
  for (const Body& body : bodies_) {
    if (body.Moving()) return false;
  }
  return true;
}

void World::AdvanceTo(double time_s) {
  while (Time() < time_s - 1e-9) Step();
}

void World::Step() {
  const double dt = options_.time_step_s;
  ++steps_;
  for (size_t i = 0; i < bodies_.size(); ++i) {
    Body& body = bodies_[i];
    if (body.support == Support::kTable) MoveOnTable(body, dt);
    if (body.support == Support::kAir || body.support == Support::kFalling)
      MoveThroughAir(static_cast<int>(i), dt);
  }
  ResolveContacts();
  CheckEdges();
  CarryStacked();
  const bool at_rest = AtRest();
  if (at_rest && !was_at_rest_) Record(EventType::kRest, -1);
  was_at_rest_ = at_rest;
}

void World::MoveOnTable(Body& body, double dt) const {
  const double deceleration = body.friction * options_.gravity_mm_s2;
  double speed = cv::norm(body.velocity);
  if (speed > 0) {
    const cv::Vec2d direction = body.velocity / speed;
    body.position += Decelerate(speed, deceleration, dt) * direction;
    if (speed < options_.stop_speed_mm_s) speed = 0;
    body.velocity = speed * direction;
  }
  if (body.spin != 0) {
    double rate = std::abs(body.spin);
    const double sign = body.spin > 0 ? 1 : -1;
    body.angle += sign * Decelerate(rate, body.spin_drag * deceleration, dt);
    body.spin = sign * rate;
  }
}

void World::MoveThroughAir(int index, double dt) {
  Body& body = bodies_[static_cast<size_t>(index)];
  const double g = options_.gravity_mm_s2;
  body.position += body.velocity * dt;
  body.angle += body.spin * dt;
  body.elevation += body.climb_rate * dt - 0.5 * g * dt * dt;
  body.climb_rate -= g * dt;
  if (body.support == Support::kFalling && body.elevation <= -floor_depth_mm_) {
    body.elevation = -floor_depth_mm_;
    body.support = Support::kFloor;
    body.velocity = {0, 0};
    body.spin = 0;
    body.climb_rate = 0;
  }
  if (body.support == Support::kAir && body.elevation <= 0) {
    body.elevation = 0;
    body.climb_rate = 0;
    body.support = Support::kTable;
    body.velocity *= options_.landing_keep;
    body.lying = body.can_lie &&
                 std::uniform_real_distribution<double>(0, 1)(rng_) < options_.lying_landing_chance;
    Record(EventType::kLanded, index, -1, body.position, body.lying);
  }
}

void World::CarryStacked() {
  for (Body& body : bodies_) {
    if (body.support != Support::kStacked) continue;
    const Body& carrier = bodies_.at(static_cast<size_t>(body.carrier));
    body.position = carrier.position;
    body.velocity = carrier.velocity;
    body.angle = carrier.angle;
    body.spin = carrier.spin;
    body.elevation = carrier.elevation + body.stack_height;
  }
}

void World::ResolveContacts() {
  std::set<std::pair<int, int>> touching_now;
  std::vector<bool> moving(bodies_.size());
  for (size_t i = 0; i < bodies_.size(); ++i) moving[i] = bodies_[i].Moving();
  for (size_t a = 0; a < bodies_.size(); ++a) {
    for (size_t b = a + 1; b < bodies_.size(); ++b) {
      if (!Collides(bodies_[a]) || !Collides(bodies_[b])) continue;
      const std::pair<int, int> pair(static_cast<int>(a), static_cast<int>(b));
      // Two pieces at rest neither meet nor part: nothing to resolve.
      if (!moving[a] && !moving[b]) {
        if (touching_.contains(pair)) touching_now.insert(pair);
        continue;
      }
      const std::optional<Contact> contact = FindContact(bodies_[a], bodies_[b]);
      if (!contact) continue;
      touching_now.insert(pair);
      if (!touching_.contains(pair))
        Record(EventType::kContact, pair.first, pair.second, contact->point);
      Collide(bodies_[a], bodies_[b], *contact, options_.restitution);
    }
  }
  touching_ = std::move(touching_now);
}

void World::CheckEdges() {
  for (size_t i = 0; i < bodies_.size(); ++i) {
    Body& body = bodies_[i];
    if (body.support != Support::kTable) continue;
    const cv::Point2d centre(body.position[0], body.position[1]);
    if (table_top_.contains(centre)) continue;
    body.support = Support::kFalling;
    body.climb_rate = 0;
    Record(EventType::kLeftTable, static_cast<int>(i), -1, body.position);
  }
}

void World::Record(EventType type, int piece, int other, const cv::Vec2d& value, bool lying) {
  events_.push_back({Time(), type, piece, other, value, lying});
}

}  // namespace tabref::vision::sim
