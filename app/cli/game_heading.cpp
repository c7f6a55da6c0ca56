#include "app/cli/game_heading.h"

#include "rules/core/field_reader.h"
#include "rules/registry.h"

namespace tabref::cli {

std::string GameHeading(const rules::State& state) {
  const auto& type = rules::FindGameType(state.game().setup().game);
  return type.title + ": " + rules::JoinChoices(state.game().setup().players, "and") + " (" +
         std::to_string(state.History().size()) + " actions)";
}

}  // namespace tabref::cli
