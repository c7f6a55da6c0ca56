#include "rules/bocce/bocce_game.h"

#include "rules/bocce/state.h"

namespace tabref::rules::bocce {

BocceGame::BocceGame(GameSetup setup, const Options& options)
    : Game(std::move(setup)),
      options_(options),
      court_(options),
      sides_(Sides::FromSetup(this->setup())) {}

CourtEnd BocceGame::EndOfRound(int round) const {
  const bool alternate = !sides_.OnePlayerPerSide() || options_.two_player_alternate_ends;
  return alternate && round % 2 == 0 ? Opposite(options_.first_end) : options_.first_end;
}

std::unique_ptr<State> BocceGame::NewInitialState() const {
  return std::make_unique<BocceState>(
      std::static_pointer_cast<const BocceGame>(shared_from_this()));
}

}  // namespace tabref::rules::bocce
