#include "rules/registry.h"

#include "rules/bocce/bocce.h"
#include "rules/card_golf/card_golf.h"
#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"
#include "rules/iceboule/iceboule.h"
#include "rules/ppolf/ppolf.h"
#include "rules/table_fencing/table_fencing.h"

namespace tabref::rules {

const std::vector<GameType>& RegisteredGames() {
  static const std::vector<GameType> games = {
      ppolf::GameTypeInfo(),     bocce::GameTypeInfo(),         iceboule::GameTypeInfo(),
      card_golf::GameTypeInfo(), table_fencing::GameTypeInfo(),
  };
  return games;
}

const GameType& FindGameType(std::string_view name) {
  std::vector<std::string> names;
  for (const auto& type : RegisteredGames()) {
    if (type.name == name) return type;
    names.push_back(type.name);
  }
  throw RuleError("unknown game '" + std::string(name) + "'; known games: " + JoinChoices(names));
}

std::shared_ptr<const Game> MakeGame(const GameSetup& setup) {
  return FindGameType(setup.game).make(setup);
}

std::vector<Action> ActionsFromLog(const Json& log) {
  if (!log.is_object()) throw RuleError("a game log must be a JSON object");
  std::vector<Action> actions;
  if (!log.contains("actions")) return actions;
  const Json& list = log["actions"];
  if (!list.is_array()) throw RuleError("the log's \"actions\" must be a list");
  for (size_t i = 0; i < list.size(); ++i) {
    try {
      actions.push_back(Action::FromJson(list[i]));
    } catch (const RuleError& error) {
      throw RuleError("action " + std::to_string(i + 1) + " is malformed: " + error.what());
    }
  }
  return actions;
}

std::unique_ptr<State> ReplayLog(const Json& log) {
  if (log.is_object() && log.contains("format") && log["format"] != "tabref-game-log") {
    throw RuleError("not a tabref game log: \"format\" is " + log["format"].dump());
  }
  const GameSetup setup = GameSetup::FromJson(log);
  return Replay(MakeGame(setup), ActionsFromLog(log));
}

}  // namespace tabref::rules
