#include "rules/core/game_setup.h"

#include <algorithm>
#include <set>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules {

Json GameSetup::ToJson() const {
  Json json = {{"game", game}, {"players", players}, {"options", options}};
  if (!teams.empty()) {
    Json json_teams = Json::array();
    for (const auto& team : teams) {
      std::vector<std::string> names;
      for (int seat : team.members) names.push_back(players.at(static_cast<size_t>(seat)));
      json_teams.push_back({{"name", team.name}, {"players", names}});
    }
    json["teams"] = json_teams;
  }
  return json;
}

GameSetup GameSetup::FromJson(const Json& json) {
  FieldReader reader(json, "game setup");
  GameSetup setup;
  setup.game = reader.String("game");
  const Json& players = reader.Required("players");
  if (!players.is_array()) reader.Fail("players", "must be a list of names");
  for (const auto& player : players) {
    if (!player.is_string()) reader.Fail("players", "must hold names, got " + player.dump());
    setup.players.push_back(player.get<std::string>());
  }
  if (const Json* teams = reader.Optional("teams")) {
    if (!teams->is_array()) reader.Fail("teams", "must be a list of {name, players}");
    for (const auto& team_json : *teams) {
      FieldReader team_reader(team_json, "team");
      Team team;
      team.name = team_reader.String("name");
      const Json& members = team_reader.Required("players");
      if (!members.is_array()) team_reader.Fail("players", "must be a list of player names");
      for (const auto& member : members) {
        if (!member.is_string()) team_reader.Fail("players", "must hold player names");
        const auto it =
            std::find(setup.players.begin(), setup.players.end(), member.get<std::string>());
        if (it == setup.players.end()) {
          throw RuleError("team '" + team.name + "' names '" + member.get<std::string>() +
                          "', who is not among the players");
        }
        team.members.push_back(static_cast<int>(it - setup.players.begin()));
      }
      team_reader.RejectUnknown();
      setup.teams.push_back(team);
    }
  }
  if (const Json* options = reader.Optional("options")) {
    if (!options->is_object()) reader.Fail("options", "must be an object");
    setup.options = *options;
  }
  reader.Allow({"format", "version", "actions", "id", "created", "finished"});
  reader.RejectUnknown();
  return setup;
}

void GameSetup::CheckPlayers(int min_players, int max_players) const {
  const int count = static_cast<int>(players.size());
  if (count < min_players || count > max_players) {
    throw RuleError(game + " needs " +
                    (min_players == max_players
                         ? std::to_string(min_players)
                         : std::to_string(min_players) + " to " + std::to_string(max_players)) +
                    " players, got " + std::to_string(count));
  }
  std::set<std::string> seen;
  for (const auto& name : players) {
    if (name.empty()) throw RuleError("player names must not be empty");
    if (!seen.insert(name).second) throw RuleError("player '" + name + "' is named twice");
  }
  std::set<int> in_team;
  for (const auto& team : teams) {
    for (int seat : team.members) {
      if (!in_team.insert(seat).second) {
        throw RuleError("player '" + players.at(static_cast<size_t>(seat)) +
                        "' is in more than one team");
      }
    }
  }
}

int GameSetup::TeamOf(int seat) const {
  for (size_t t = 0; t < teams.size(); ++t) {
    const auto& members = teams[t].members;
    if (std::find(members.begin(), members.end(), seat) != members.end()) {
      return static_cast<int>(t);
    }
  }
  return -1;
}

}  // namespace tabref::rules
