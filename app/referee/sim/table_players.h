#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "app/referee/decision.h"
#include "rules/core/json.h"
#include "rules/core/state.h"
#include "vision/observation/observation.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/physics.h"
#include "vision/sim/random.h"
#include "vision/sim/scene.h"

namespace tabref::referee {

// One stroke of a player's hand: a flick of a piece on the table, or a centrifice (hop).
struct Strike {
  int body = -1;
  cv::Vec2d velocity{0, 0};  // mm/s on the table plane
  double spin = 0;           // rad/s
  bool hop = false;
  double climb = 0;  // mm/s upward, hops only
};

// The table a game is played on: its layout, every piece it needs (those still in the
// players' hands included, as held bodies), and what the rules must know about it.
struct GameTable {
  vision::sim::TableLayout layout;
  std::vector<vision::sim::PieceLook> looks;
  std::vector<vision::sim::Body> bodies;
  rules::Json options = rules::Json::object();  // engine options the table fixes (a court)
  std::vector<cv::Vec3d> in_view;               // table points the camera must frame
};

// Settings of the simulated players.
struct TablePlayOptions {
  int holes = 3;  // Ppolf: stop once this many holes are played (0: the whole course)
};

// The players of one game at the synthetic table: they set the table up, play the shot the
// engine waits for with a human hand's aim (seeded noise, so misses, knock-ons, pieces off
// the table and close calls happen), answer the engine's questions from the exact ground
// truth, and do the chores between shots (collect coins, put pieces back). They know the
// simulator's bodies by index; the referee never does.
class TablePlayers {
 public:
  virtual ~TablePlayers() = default;

  // Lays out the table for `players` players with the pieces `binding` (the referee's
  // binding JSON, the identities in force) names.
  virtual GameTable SetUp(const vision::PieceSet& set, const rules::Json& binding, int players,
                          vision::sim::Rng& rng) = 0;
  // Puts the pieces for the shot `expected` asks for in place (by hand) and returns the
  // stroke that plays it.
  virtual Strike PlayShot(const rules::State& state, const Expectation& expected,
                          vision::sim::World& world, vision::sim::Rng& rng) = 0;
  // What the players do as soon as everything is at rest, before anyone judges.
  virtual void AtRest(const rules::State& /*state*/, vision::sim::World& /*world*/) {}
  // The players' answer to the engine's question, from the exact ground truth.
  virtual rules::Json Answer(const rules::State& state, const ManualDecision& decision,
                             const vision::sim::World& world, vision::sim::Rng& rng) = 0;
  // The chores once the shot is judged (its outcome is in `state`).
  virtual void Tidy(const rules::State& state, const vision::ShotObservation& shot,
                    vision::sim::World& world) = 0;
  // Why to stop before the game is over (a limit of the simulation), or nothing.
  virtual std::optional<std::string> StopBefore(const rules::State& /*state*/) const {
    return std::nullopt;
  }
};

// The table players of a refereed game (explicitly registered in table_players.cpp); throws
// std::invalid_argument for a game the simulator does not play.
std::unique_ptr<TablePlayers> MakeTablePlayers(std::string_view game,
                                               const TablePlayOptions& options);

}  // namespace tabref::referee
