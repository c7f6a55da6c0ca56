#include "app/referee/registry.h"

#include <stdexcept>

#include "app/referee/bocce_referee.h"
#include "app/referee/iceboule_referee.h"
#include "app/referee/ppolf_referee.h"
#include "rules/core/field_reader.h"

namespace tabref::referee {

const std::vector<RefereedGame>& RefereedGames() {
  static const std::vector<RefereedGame> kGames = {
      {"ppolf",
       [](int players, const rules::Json& binding) -> std::unique_ptr<GameReferee> {
         return std::make_unique<PpolfReferee>(PpolfBinding::FromJson(binding, players));
       }},
      {"bocce",
       [](int players, const rules::Json& binding) -> std::unique_ptr<GameReferee> {
         return std::make_unique<BocceReferee>(BocceBinding::FromJson(binding, players));
       }},
      {"iceboule",
       [](int players, const rules::Json& binding) -> std::unique_ptr<GameReferee> {
         return std::make_unique<IceBouleReferee>(IceBouleBinding::FromJson(binding, players));
       }},
  };
  return kGames;
}

const RefereedGame& FindRefereedGame(std::string_view name) {
  std::vector<std::string> names;
  for (const RefereedGame& game : RefereedGames()) {
    if (game.name == name) return game;
    names.push_back(game.name);
  }
  throw std::invalid_argument("the camera does not referee '" + std::string(name) +
                              "'; it referees " + rules::JoinChoices(names, "and"));
}

std::unique_ptr<GameReferee> MakeReferee(const rules::Game& game, const rules::Json& binding) {
  return FindRefereedGame(game.setup().game).make(game.NumPlayers(), binding);
}

}  // namespace tabref::referee
