#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <random>
#include <set>
#include <utility>
#include <vector>

#include "vision/sim/body.h"

namespace tabref::vision::sim {

struct PhysicsOptions {
  double time_step_s = 0.0005;  // fixed internal step; frames sample the stepped state
  double gravity_mm_s2 = 9810;
  double restitution = 0.85;          // piece-on-piece bounce (1 = perfectly elastic)
  double landing_keep = 0.45;         // fraction of horizontal speed kept when a hop lands
  double lying_landing_chance = 0.5;  // a hopping pyramid lands lying with this probability
  double stop_speed_mm_s = 0.5;       // slower pieces are at rest
  std::uint64_t seed = 1;             // landings of hops are the only random physics

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

enum class EventType {
  kFlick,      // a piece was struck (velocity in `value`)
  kHop,        // a piece was centrificed into the air
  kContact,    // `piece` started touching `other`
  kLanded,     // a hopping piece came down (`lying` tells how)
  kLeftTable,  // `piece`'s centre crossed the table edge
  kRest,       // every piece stopped
  kPlaced,     // a player put `piece` down by hand (on the table, or on top of `other`)
  kPickedUp,   // a player took `piece` off the table (or the floor) into the hand
};
const char* ToString(EventType type);

struct Event {
  double time_s = 0;
  EventType type = EventType::kRest;
  int piece = -1;
  int other = -1;
  cv::Vec2d value{0, 0};  // flick and hop velocity, or the contact point (mm)
  bool lying = false;
};

// Pieces on a table plane: Coulomb sliding friction with spin, impulse collisions between
// footprints, hops and falls over the edge. It advances only in fixed steps, so its state at
// a time does not depend on how often anyone looks at it.
class World {
 public:
  World(std::vector<Body> bodies, cv::Rect2d table_top, double floor_depth_mm,
        PhysicsOptions options);

  // Strikes a body now: it slides off with `velocity` (mm/s) and `spin` (rad/s).
  void Flick(int body, const cv::Vec2d& velocity, double spin);
  // Launches a body now (Ice Boule's centrifice): horizontal `velocity`, upward `climb` mm/s.
  // A stacked body leaves its carrier.
  void Hop(int body, const cv::Vec2d& velocity, double climb);

  // A player's hands between shots: put a body down at rest on the table at `position`
  // turned by `angle` (upright when `lying` is false), stand it on top of `carrier` at
  // `stack_height` above the carrier's base, or take it into the hand (off the table, not
  // drawn). Each is recorded as an event.
  void Place(int body, const cv::Vec2d& position, double angle, bool lying = false);
  void PlaceOnTop(int body, int carrier, double stack_height);
  void PickUp(int body);
  void Step();
  // Steps until Time() reaches `time_s` (to the step at or after it).
  void AdvanceTo(double time_s);

  double Time() const { return static_cast<double>(steps_) * options_.time_step_s; }
  const std::vector<Body>& Bodies() const { return bodies_; }
  const std::vector<Event>& Events() const { return events_; }
  const PhysicsOptions& Options() const { return options_; }
  bool AtRest() const;

 private:
  void MoveOnTable(Body& body, double dt) const;
  void MoveThroughAir(int index, double dt);
  void CarryStacked();
  void ResolveContacts();
  void CheckEdges();
  void Record(EventType type, int piece, int other = -1, const cv::Vec2d& value = {0, 0},
              bool lying = false);

  std::vector<Body> bodies_;
  cv::Rect2d table_top_;
  double floor_depth_mm_;
  PhysicsOptions options_;
  std::mt19937_64 rng_;
  std::int64_t steps_ = 0;
  std::vector<Event> events_;
  std::set<std::pair<int, int>> touching_;
  bool was_at_rest_ = true;
};

}  // namespace tabref::vision::sim
