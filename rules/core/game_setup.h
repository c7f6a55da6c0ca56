#pragma once

#include <string>
#include <vector>

#include "rules/core/json.h"

namespace tabref::rules {

// A side of players who score together (bocce teams). Members are seat indices.
struct Team {
  std::string name;
  std::vector<int> members;
};

// Everything that fixes a game before the first action: which game, who plays in which
// seat, the teams (empty when everyone plays for themselves) and the options.
struct GameSetup {
  std::string game;
  std::vector<std::string> players;
  std::vector<Team> teams;
  Json options = Json::object();

  // Log form: {"game", "players", "teams": [{"name", "players": [names]}], "options"}.
  Json ToJson() const;
  // Throws RuleError naming the problem (unknown team member, duplicate player, ...).
  static GameSetup FromJson(const Json& json);

  // Throws RuleError unless there are [min, max] players with distinct, non-empty names.
  void CheckPlayers(int min_players, int max_players) const;
  // The team of a seat, or -1 when the game has no teams.
  int TeamOf(int seat) const;
};

}  // namespace tabref::rules
