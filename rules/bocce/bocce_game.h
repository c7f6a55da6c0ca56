#pragma once

#include <memory>

#include "rules/bocce/court.h"
#include "rules/bocce/options.h"
#include "rules/bocce/sides.h"
#include "rules/core/game.h"

namespace tabref::rules::bocce {

// A checked bocce setup: the options, the court they describe and the two sides.
class BocceGame : public Game {
 public:
  BocceGame(GameSetup setup, const Options& options);

  const Options& options() const { return options_; }
  const Court& court() const { return court_; }
  const Sides& sides() const { return sides_; }
  // The end a round is played from: rounds alternate ends, except for two players unless
  // the option asks for it.
  CourtEnd EndOfRound(int round) const;

  std::unique_ptr<State> NewInitialState() const override;
  Json ResolvedOptions() const override { return options_.ToJson(); }

 private:
  Options options_;
  Court court_;
  Sides sides_;
};

}  // namespace tabref::rules::bocce
