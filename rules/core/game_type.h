#pragma once

#include <functional>
#include <memory>
#include <string>

#include "rules/core/game.h"
#include "rules/core/json.h"

namespace tabref::rules {

// What the registry knows of a game before one is set up.
struct GameType {
  std::string name;         // command-line name: "bocce", "card-golf", ...
  std::string title;        // display name: "Tabletop Bocce"
  std::string description;  // one line for `tabref games`
  int min_players = 1;
  int max_players = 1;
  bool camera_refereed = false;           // measured by the camera, or kept by manual entry only
  bool uses_teams = false;                // the setup may (or must) group players into teams
  Json default_options = Json::object();  // every option with its default value
  // Checks the setup and makes the game; throws RuleError naming what is wrong.
  std::function<std::shared_ptr<const Game>(const GameSetup&)> make;
};

}  // namespace tabref::rules
