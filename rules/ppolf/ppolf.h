#pragma once

#include <memory>

#include "rules/core/game.h"
#include "rules/core/game_setup.h"
#include "rules/core/game_type.h"

// Ppolf (Mark A. Biggar): piecepack coin-flicking disc golf over a course of 18 tile holes.
namespace tabref::rules::ppolf {

// The registry entry: name "ppolf", 1 to 10 players, camera refereed, no teams.
GameType GameTypeInfo();

// Checks the players (1 to 10, the solitaire variant for one) and the options; throws
// RuleError naming what is wrong.
std::shared_ptr<const Game> MakeGame(const GameSetup& setup);

}  // namespace tabref::rules::ppolf
