#pragma once

#include <string>
#include <vector>

#include "rules/core/game_setup.h"

namespace tabref::cli {

// "Ann, Bob" -> {"Ann", "Bob"}; names are trimmed, empty names refused.
std::vector<std::string> ParsePlayerList(const std::string& text);

// "Suns=Ann,Cid;Moons=Bob,Dee" -> teams of the given players (by name).
std::vector<rules::Team> ParseTeams(const std::string& text,
                                    const std::vector<std::string>& players);

// "--option key=value": the value is read as JSON when it is JSON (21, true, "x", [1,2])
// and as a string otherwise.
void AddOption(rules::Json& options, const std::string& assignment);

}  // namespace tabref::cli
