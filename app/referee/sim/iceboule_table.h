#pragma once

#include <map>
#include <string>
#include <vector>

#include "app/referee/iceboule_referee.h"
#include "app/referee/sim/table_players.h"

namespace tabref::referee {

// Ice Boule on the synthetic table: each player's stash (five pyramids of each size, in
// hand until played) and a target stash of a colour nobody plays. A catapult is built behind
// a starting line near the table's left edge (a centrifuge of the player's colour, the
// projectile, or the target, on top) and the top piece is centrificed down the table: the
// target to a random spot in the far half, a projectile at the target. A target landing on
// its side is stood upright where it lies; the centrifuge goes back to the hand after the
// shot; all pieces are collected before the next end's target.
class IceBouleTable : public TablePlayers {
 public:
  GameTable SetUp(const vision::PieceSet& set, const rules::Json& binding, int players,
                  vision::sim::Rng& rng) override;
  Strike PlayShot(const rules::State& state, const Expectation& expected, vision::sim::World& world,
                  vision::sim::Rng& rng) override;
  // A target just centrificed is stood upright where it lies.
  void AtRest(const rules::State& state, vision::sim::World& world) override;
  rules::Json Answer(const rules::State& state, const ManualDecision& decision,
                     const vision::sim::World& world, vision::sim::Rng& rng) override;
  void Tidy(const rules::State& state, const vision::ShotObservation& shot,
            vision::sim::World& world) override;

 private:
  // A held piece of `colour` and `size` other than `except`, or -1.
  int InHand(const vision::sim::World& world, const std::string& colour, const std::string& size,
             int except = -1) const;
  // Builds a catapult of `bottom` with `top` on it at a free spot behind the starting line.
  void BuildCatapult(vision::sim::World& world, int bottom, int top, vision::sim::Rng& rng);
  Strike Centrifice(const vision::sim::World& world, int piece, const cv::Vec2d& aim,
                    double distance_sigma, vision::sim::Rng& rng) const;

  vision::PieceSet set_;
  IceBouleBinding binding_;
  std::vector<vision::sim::PieceLook> looks_;
  std::vector<int> pieces_;  // every pyramid
  double line_x_ = 0;        // the starting line
  cv::Rect2d target_area_;   // where the target is aimed
  cv::Rect2d table_top_;
  int centrifuge_ = -1;          // of the last catapult
  int target_ = -1;              // the target of this end
  bool placing_target_ = false;  // the last stroke centrificed the target
};

}  // namespace tabref::referee
