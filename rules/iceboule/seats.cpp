#include "rules/iceboule/seats.h"

#include <algorithm>

namespace tabref::rules::iceboule {

int ReadSeat(FieldReader& reader, std::string_view key, const std::vector<std::string>& players) {
  const std::string name = reader.String(key);
  const auto it = std::find(players.begin(), players.end(), name);
  if (it == players.end()) {
    reader.Fail(key, "names '" + name + "', who is not playing; players: " + JoinChoices(players));
  }
  return static_cast<int>(it - players.begin());
}

}  // namespace tabref::rules::iceboule
