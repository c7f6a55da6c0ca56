#include "rules/table_fencing/table_fencing.h"

#include "rules/core/rule_error.h"
#include "rules/table_fencing/game.h"

namespace tabref::rules::table_fencing {

GameType GameTypeInfo() {
  GameType type;
  type.name = "table-fencing";
  type.title = "Table Fencing";
  type.description =
      "Rob Kowalski's goofy trick game: thrusts, trump wars, parries, dice builds, chocolate "
      "and golf balls; two bumpers make the champion";
  type.min_players = kMinPlayers;
  type.max_players = kMaxPlayers;
  type.camera_refereed = false;
  type.uses_teams = false;
  type.default_options = Options{}.ToJson();
  type.make = MakeGame;
  return type;
}

std::shared_ptr<const Game> MakeGame(const GameSetup& setup) {
  setup.CheckPlayers(kMinPlayers, kMaxPlayers);
  if (!setup.teams.empty()) {
    throw RuleError("table-fencing is played every player for themselves; remove the teams");
  }
  Options options = Options::FromJson(setup.options);
  options.Check(setup);
  return std::make_shared<TableFencingGame>(setup, std::move(options));
}

}  // namespace tabref::rules::table_fencing
