#pragma once

#include <memory>
#include <string_view>
#include <vector>

#include "rules/core/game.h"
#include "rules/core/game_type.h"
#include "rules/core/state.h"

namespace tabref::rules {

// All games, in the order `tabref games` lists them. Registered explicitly in
// registry.cpp (no static initialisers), so linking the library is enough.
const std::vector<GameType>& RegisteredGames();

// Throws RuleError listing the known names when `name` is not a registered game.
const GameType& FindGameType(std::string_view name);

std::shared_ptr<const Game> MakeGame(const GameSetup& setup);

// Reads a game log (docs/game-log.md) and replays it. Throws RuleError naming the bad
// field or the first action that the rules refuse.
std::unique_ptr<State> ReplayLog(const Json& log);

// The actions of a log, parsed; throws RuleError naming the malformed entry.
std::vector<Action> ActionsFromLog(const Json& log);

}  // namespace tabref::rules
