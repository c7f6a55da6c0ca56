#pragma once

#include <memory>

#include "rules/core/game.h"
#include "rules/core/game_setup.h"
#include "rules/core/game_type.h"

// Ice Boule (Dennis Kringe): boule with Icehouse pyramids hurled by centrificing, played
// in ends to 13 points. Rules and log format: docs/game-log.d/iceboule.md.
namespace tabref::rules::iceboule {

// The registry entry: name "iceboule", 1 to 10 players, camera refereed, no teams.
GameType GameTypeInfo();

// Checks the setup (1 to 10 players, no teams) and its options; throws RuleError naming
// what is wrong.
std::shared_ptr<const Game> MakeGame(const GameSetup& setup);

}  // namespace tabref::rules::iceboule
