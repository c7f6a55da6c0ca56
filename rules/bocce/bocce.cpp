#include "rules/bocce/bocce.h"

#include "rules/bocce/bocce_game.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::bocce {

GameType GameTypeInfo() {
  GameType type;
  type.name = "bocce";
  type.title = "Tabletop Bocce";
  type.description =
      "Piecepack coin flicking bocce: closest bowls to the jack score, first to exactly 21";
  type.min_players = 2;
  type.max_players = 8;
  type.camera_refereed = true;
  type.uses_teams = true;
  type.default_options = Options{}.ToJson();
  type.make = MakeGame;
  return type;
}

std::shared_ptr<const Game> MakeGame(const GameSetup& setup) {
  setup.CheckPlayers(2, 8);
  const size_t count = setup.players.size();
  if (count != 2 && count != 4 && count != 8) {
    throw RuleError("bocce needs 2, 4 or 8 players (1 vs 1, 2 vs 2 or 4 vs 4), got " +
                    std::to_string(count));
  }
  return std::make_shared<BocceGame>(setup, Options::FromJson(setup.options));
}

}  // namespace tabref::rules::bocce
