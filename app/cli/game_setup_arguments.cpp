#include "app/cli/game_setup_arguments.h"

#include <algorithm>
#include <sstream>

#include "app/cli/arguments.h"

namespace tabref::cli {
namespace {

std::string Trim(const std::string& text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> Split(const std::string& text, char separator) {
  std::vector<std::string> parts;
  std::stringstream stream(text);
  std::string part;
  while (std::getline(stream, part, separator)) parts.push_back(Trim(part));
  return parts;
}

}  // namespace

std::vector<std::string> ParsePlayerList(const std::string& text) {
  std::vector<std::string> players = Split(text, ',');
  for (const auto& name : players) {
    if (name.empty()) throw UsageError("--players has an empty name: '" + text + "'");
  }
  return players;
}

std::vector<rules::Team> ParseTeams(const std::string& text,
                                    const std::vector<std::string>& players) {
  std::vector<rules::Team> teams;
  for (const auto& spec : Split(text, ';')) {
    const auto equals = spec.find('=');
    if (equals == std::string::npos || Trim(spec.substr(0, equals)).empty()) {
      throw UsageError("--teams takes \"Team=Player,Player;Team=Player,...\", got '" + text + "'");
    }
    rules::Team team{Trim(spec.substr(0, equals)), {}};
    for (const auto& member : Split(spec.substr(equals + 1), ',')) {
      const auto it = std::find(players.begin(), players.end(), member);
      if (it == players.end()) {
        throw UsageError("team " + team.name + " names '" + member + "', who is not in --players");
      }
      team.members.push_back(static_cast<int>(it - players.begin()));
    }
    teams.push_back(team);
  }
  return teams;
}

void AddOption(rules::Json& options, const std::string& assignment) {
  const auto equals = assignment.find('=');
  if (equals == std::string::npos || equals == 0) {
    throw UsageError("--option takes KEY=VALUE, got '" + assignment + "'");
  }
  const std::string key = assignment.substr(0, equals);
  const std::string value = assignment.substr(equals + 1);
  try {
    options[key] = rules::Json::parse(value);
  } catch (const rules::Json::parse_error&) {
    options[key] = value;
  }
}

}  // namespace tabref::cli
