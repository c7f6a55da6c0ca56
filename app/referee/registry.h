#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "app/referee/game_referee.h"
#include "rules/core/game.h"
#include "rules/core/json.h"

namespace tabref::referee {

// A game the camera can referee: its rules name and how to make its referee.
struct RefereedGame {
  std::string name;  // the rules' game name
  // A referee for a game with `players` players; `binding` overrides the default
  // identities (the game's binding JSON; null for the defaults). Throws
  // std::invalid_argument naming a bad binding field.
  std::function<std::unique_ptr<GameReferee>(int players, const rules::Json& binding)> make;
};

// Bocce, Ppolf and Ice Boule, registered explicitly in registry.cpp.
const std::vector<RefereedGame>& RefereedGames();
// Throws std::invalid_argument listing the refereed games when `name` is not one.
const RefereedGame& FindRefereedGame(std::string_view name);
// The referee of `game` (a game set up through the rules' registry).
std::unique_ptr<GameReferee> MakeReferee(const rules::Game& game,
                                         const rules::Json& binding = nullptr);

}  // namespace tabref::referee
