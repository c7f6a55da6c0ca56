#pragma once

#include <array>
#include <vector>

#include "app/referee/bocce_referee.h"
#include "app/referee/sim/table_players.h"

namespace tabref::referee {

// Tabletop Bocce on the synthetic table: a court along the table's x axis between two end
// boxes of face-down tiles (a back wall of four tiles and a tile at each side, open toward
// the court), a dashed line halfway through each box's free square. The jack is flicked
// from behind the dashed line toward the far end; a bowl is aimed at the jack, or now and
// then at an opponent's bowl lying close to it. End-box tiles knocked out of place are put
// back before the next flick; every coin is collected before the jack is flicked.
class BocceTable : public TablePlayers {
 public:
  GameTable SetUp(const vision::PieceSet& set, const rules::Json& binding, int players,
                  vision::sim::Rng& rng) override;
  Strike PlayShot(const rules::State& state, const Expectation& expected, vision::sim::World& world,
                  vision::sim::Rng& rng) override;
  rules::Json Answer(const rules::State& state, const ManualDecision& decision,
                     const vision::sim::World& world, vision::sim::Rng& rng) override;
  void Tidy(const rules::State& state, const vision::ShotObservation& shot,
            vision::sim::World& world) override;

 private:
  // Where a flick from the end box at `end` ("near" or "far") starts.
  cv::Vec2d StartSpot(const std::string& end, double across) const;
  std::vector<int> Coins() const;

  int jack_ = -1;
  std::array<std::vector<int>, 2> bowls_;  // by side
  std::vector<int> tiles_;
  std::vector<cv::Vec2d> tile_homes_;
  double near_edge_ = 0;  // along x, the court's outer edges
  double far_edge_ = 0;
  double centre_y_ = 0;  // the court's middle across
  cv::Rect2d table_top_;
};

}  // namespace tabref::referee
