#pragma once

#include <memory>

#include "rules/core/game.h"
#include "rules/iceboule/options.h"

namespace tabref::rules::iceboule {

// An Ice Boule game: 1 to 10 players, each for himself, and the checked options.
class IceBouleGame : public Game {
 public:
  IceBouleGame(GameSetup setup, Options options);

  const Options& options() const { return options_; }
  std::unique_ptr<State> NewInitialState() const override;
  Json ResolvedOptions() const override { return options_.ToJson(); }

 private:
  Options options_;
};

}  // namespace tabref::rules::iceboule
