#pragma once

#include <vector>

#include "app/referee/ppolf_referee.h"
#include "app/referee/sim/table_players.h"

namespace tabref::referee {

// Ppolf on the synthetic table: a large table (about 1.6 x 1.2 m) with the rulebook's course
// laid out at random: the 18 holes and the black ace face up, turned at random, no closer
// than three tile widths to the table's edge and two tile widths to each other (and clear
// of the marker sheets). A tee shot starts within one tile width of the last hole; every
// flick aims at the current hole, or at a point beside it when another tile blocks the
// line; a flick now and then slips and goes far. Coins off the table are put back one tile
// width in, coins knocked off and tiles knocked off where they were, holed coins picked up.
class PpolfTable : public TablePlayers {
 public:
  explicit PpolfTable(const TablePlayOptions& options) : options_(options) {}

  GameTable SetUp(const vision::PieceSet& set, const rules::Json& binding, int players,
                  vision::sim::Rng& rng) override;
  Strike PlayShot(const rules::State& state, const Expectation& expected, vision::sim::World& world,
                  vision::sim::Rng& rng) override;
  rules::Json Answer(const rules::State& state, const ManualDecision& decision,
                     const vision::sim::World& world, vision::sim::Rng& rng) override;
  void Tidy(const rules::State& state, const vision::ShotObservation& shot,
            vision::sim::World& world) override;
  std::optional<std::string> StopBefore(const rules::State& state) const override;

 private:
  void LayCourse(const vision::sim::TableLayout& layout, std::vector<vision::sim::Body>& bodies,
                 vision::sim::Rng& rng) const;
  cv::Vec2d TeeSpot(const vision::sim::World& world, int coin, int tee, int hole,
                    vision::sim::Rng& rng) const;
  // The point to aim at from `from` for the hole: the hole itself when the line is clear.
  cv::Vec2d AimPoint(const vision::sim::World& world, int coin, int hole) const;
  double GapToTile(const vision::sim::World& world, int coin, int tile) const;
  cv::Vec2d PutBackFromEdge(const vision::sim::World& world, int coin,
                            const cv::Vec2d& edge_point) const;

  TablePlayOptions options_;
  vision::PieceSet set_;
  std::vector<vision::sim::PieceLook> looks_;
  std::vector<int> tiles_;  // course order
  std::vector<int> coins_;  // by seat
  cv::Rect2d table_top_;
};

}  // namespace tabref::referee
