#pragma once

#include <memory>

#include "rules/card_golf/card.h"
#include "rules/card_golf/scoring.h"
#include "rules/core/game.h"
#include "rules/core/game_setup.h"
#include "rules/core/game_type.h"

// Czech Golf: Daniel Czech's card game after Golf (rulebook 002). Kept by manual entry,
// either turn by turn or as the fields and hands shown at the end.
namespace tabref::rules::card_golf {

// The registry entry: "card-golf", 2 or 4 players, manual entry, every option's default.
GameType GameTypeInfo();

// Checks the setup (2 or 4 players, no teams, the options) and makes the game; throws
// RuleError naming what is wrong.
std::shared_ptr<const Game> MakeGame(const GameSetup& setup);

}  // namespace tabref::rules::card_golf
