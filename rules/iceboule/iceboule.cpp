#include "rules/iceboule/iceboule.h"

#include "rules/core/rule_error.h"
#include "rules/iceboule/game.h"
#include "rules/iceboule/options.h"

namespace tabref::rules::iceboule {
namespace {

constexpr int kMinPlayers = 1;
constexpr int kMaxPlayers = 10;

}  // namespace

GameType GameTypeInfo() {
  GameType type;
  type.name = "iceboule";
  type.title = "Ice Boule";
  type.description =
      "Boule with Icehouse pyramids: centrifice your pieces closest to the target, ends to 13";
  type.min_players = kMinPlayers;
  type.max_players = kMaxPlayers;
  type.camera_refereed = true;
  type.uses_teams = false;
  type.default_options = Options().ToJson();
  type.make = MakeGame;
  return type;
}

std::shared_ptr<const Game> MakeGame(const GameSetup& setup) {
  setup.CheckPlayers(kMinPlayers, kMaxPlayers);
  if (!setup.teams.empty()) {
    throw RuleError("iceboule has no teams: every player plays his own pieces");
  }
  return std::make_shared<IceBouleGame>(setup, Options::FromJson(setup.options));
}

}  // namespace tabref::rules::iceboule
