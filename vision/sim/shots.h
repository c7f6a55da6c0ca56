#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "vision/sim/hand.h"
#include "vision/sim/physics.h"
#include "vision/sim/random.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// One stroke of a player: a flick of a coin, or a centrifice (hop) of a pyramid.
struct Shot {
  double time_s = 0;
  int piece = -1;
  cv::Vec2d from{0, 0};  // where the piece stood when the shot was planned
  bool hop = false;
  cv::Vec2d velocity{0, 0};  // mm/s on the table plane
  double spin = 0;           // rad/s
  double climb = 0;          // mm/s upward, hops only
};

// Plays a number of random shots, each a pause after the table came to rest, aimed at other
// pieces or open table. Decides only between physics steps, so recordings do not depend on
// the frame rate.
class ShotDirector {
 public:
  ShotDirector(int shots, double pause_s, std::uint64_t seed);

  // Call before every World::Step().
  void BeforeStep(World& world, const std::vector<PieceLook>& looks);
  // All shots played and the table at rest.
  bool Done(const World& world) const;
  // The hand of the player about to play, or withdrawing after the last shot.
  std::optional<HandPose> Hand(double time_s) const;
  const std::vector<Shot>& Shots() const { return shots_; }

 private:
  std::optional<Shot> Plan(const World& world, const std::vector<PieceLook>& looks);

  int shots_left_;
  double pause_s_;
  Rng rng_;
  std::vector<Shot> shots_;  // planned or played, in order
  bool next_fired_ = true;   // the last planned shot has been played
};

}  // namespace tabref::vision::sim
