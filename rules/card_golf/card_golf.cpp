#include "rules/card_golf/card_golf.h"

#include "rules/card_golf/game.h"
#include "rules/card_golf/options.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

constexpr int kMinPlayers = 2;
constexpr int kMaxPlayers = 4;

}  // namespace

GameType GameTypeInfo() {
  GameType type;
  type.name = "card-golf";
  type.title = "Czech Golf";
  type.description =
      "Daniel Czech's Golf card game: queens, kings and jacks in your face-down field score; "
      "manual entry";
  type.min_players = kMinPlayers;
  type.max_players = kMaxPlayers;
  type.camera_refereed = false;
  type.uses_teams = false;
  type.default_options = Options().ToJson();
  type.make = MakeGame;
  return type;
}

std::shared_ptr<const Game> MakeGame(const GameSetup& setup) {
  setup.CheckPlayers(kMinPlayers, kMaxPlayers);
  if (!setup.teams.empty()) throw RuleError("Czech Golf is played without teams");
  const Options options = Options::FromJson(setup.options);
  options.Check(static_cast<int>(setup.players.size()));
  return std::make_shared<CardGolfGame>(setup, options);
}

}  // namespace tabref::rules::card_golf
