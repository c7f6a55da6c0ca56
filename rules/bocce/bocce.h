#pragma once

#include <memory>

#include "rules/core/game.h"
#include "rules/core/game_setup.h"
#include "rules/core/game_type.h"

// Tabletop Bocce (Mark A. Biggar): two sides flick piecepack coins at a jack; the side
// with the closest bowl scores; first to exactly 21 wins. See docs/game-log.d/bocce.md.
namespace tabref::rules::bocce {

// The registry entry: name "bocce", 2, 4 or 8 players in two teams, camera refereed.
GameType GameTypeInfo();

// Checks the setup (2, 4 or 8 players in two equal teams, or none) and the options;
// throws RuleError naming what is wrong.
std::shared_ptr<const Game> MakeGame(const GameSetup& setup);

}  // namespace tabref::rules::bocce
