#pragma once

#include <memory>

#include "rules/core/game.h"
#include "rules/core/game_setup.h"
#include "rules/core/game_type.h"

// Table Fencing (Rob Kowalski): a goofy trick game of thrusts, trump wars and parries,
// dice builds, penalties paid in slides or chocolate, golf balls and bumpers. Kept by
// manual entry: the engine is the score keeper (see docs/game-log.d/table-fencing.md).
namespace tabref::rules::table_fencing {

// The registry entry: name "table-fencing", 3 to 8 players, manual entry, no teams.
GameType GameTypeInfo();

// Checks the setup (3 to 8 players, no teams, the options) and makes the game; throws
// RuleError naming what is wrong.
std::shared_ptr<const Game> MakeGame(const GameSetup& setup);

}  // namespace tabref::rules::table_fencing
