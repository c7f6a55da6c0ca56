#include "rules/card_golf/game.h"

#include "rules/card_golf/scoring.h"
#include "rules/card_golf/state.h"

namespace tabref::rules::card_golf {

CardGolfGame::CardGolfGame(GameSetup setup, Options options)
    : Game(std::move(setup)), options_(options) {}

int CardGolfGame::DrawDeckAfterDeal() const {
  return supply().TotalCards() - NumPlayers() * (kFieldCards + kHandCards) - 1;
}

std::unique_ptr<State> CardGolfGame::NewInitialState() const {
  return std::make_unique<CardGolfState>(
      std::static_pointer_cast<const CardGolfGame>(shared_from_this()));
}

}  // namespace tabref::rules::card_golf
