#include "rules/iceboule/game.h"

#include "rules/iceboule/state.h"

namespace tabref::rules::iceboule {

IceBouleGame::IceBouleGame(GameSetup setup, Options options)
    : Game(std::move(setup)), options_(options) {}

std::unique_ptr<State> IceBouleGame::NewInitialState() const {
  return std::make_unique<IceBouleState>(shared_from_this(), options_);
}

}  // namespace tabref::rules::iceboule
