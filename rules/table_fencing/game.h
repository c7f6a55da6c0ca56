#pragma once

#include <memory>

#include "rules/core/game.h"
#include "rules/table_fencing/options.h"

namespace tabref::rules::table_fencing {

inline constexpr int kMinPlayers = 3;
inline constexpr int kMaxPlayers = 8;

class TableFencingGame : public Game {
 public:
  // `setup` must already be checked; `options` are its parsed options.
  TableFencingGame(GameSetup setup, Options options);

  const Options& options() const { return options_; }
  std::unique_ptr<State> NewInitialState() const override;
  // The options with the Start resolved to a player's name.
  Json ResolvedOptions() const override;

 private:
  Options options_;
};

}  // namespace tabref::rules::table_fencing
