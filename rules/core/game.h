#pragma once

#include <memory>
#include <string>

#include "rules/core/game_setup.h"
#include "rules/core/json.h"

namespace tabref::rules {

class State;

// An immutable game: the setup (players, teams, options) checked and resolved. It makes
// the mutable States that actions are applied to. Create games through the registry
// (rules/registry.h) or a game's Make function; both return a shared_ptr because every
// State keeps its Game alive.
class Game : public std::enable_shared_from_this<Game> {
 public:
  explicit Game(GameSetup setup) : setup_(std::move(setup)) {}
  virtual ~Game() = default;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  const GameSetup& setup() const { return setup_; }
  int NumPlayers() const { return static_cast<int>(setup_.players.size()); }
  const std::string& PlayerName(int seat) const {
    return setup_.players.at(static_cast<size_t>(seat));
  }

  virtual std::unique_ptr<State> NewInitialState() const = 0;
  // Every option with the value in force (defaults filled in), for logs and displays.
  virtual Json ResolvedOptions() const = 0;

 private:
  GameSetup setup_;
};

}  // namespace tabref::rules
