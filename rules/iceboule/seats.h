#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/field_reader.h"

namespace tabref::rules::iceboule {

// Reads a player name from `key` and returns the seat; unknown names are refused with the
// list of players.
int ReadSeat(FieldReader& reader, std::string_view key, const std::vector<std::string>& players);

}  // namespace tabref::rules::iceboule
