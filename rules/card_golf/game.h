#pragma once

#include <memory>

#include "rules/card_golf/card_supply.h"
#include "rules/card_golf/options.h"
#include "rules/core/game.h"

namespace tabref::rules::card_golf {

class CardGolfGame : public Game {
 public:
  // Expects a checked setup; MakeGame() checks it.
  CardGolfGame(GameSetup setup, Options options);

  const Options& options() const { return options_; }
  CardSupply supply() const { return CardSupply(options_.DecksFor(NumPlayers())); }
  // Cards left in the draw deck once the fields, hands and the up card are dealt.
  int DrawDeckAfterDeal() const;

  std::unique_ptr<State> NewInitialState() const override;
  Json ResolvedOptions() const override { return options_.ToJson(); }

 private:
  Options options_;
};

}  // namespace tabref::rules::card_golf
