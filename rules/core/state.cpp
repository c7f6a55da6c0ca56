#include "rules/core/state.h"

#include <sstream>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules {

void State::Apply(const Action& action) {
  if (IsTerminal()) {
    throw RuleError("the game is over; no more actions are accepted (undo to change it)");
  }
  if (!action.body.is_object() || !action.body.contains("type") ||
      !action.body["type"].is_string()) {
    throw RuleError("an action needs a string field \"type\": " + action.body.dump());
  }
  // The history is set aside while the step runs on a copy, so that applying an action
  // costs the size of the game's position, not the length of its history.
  std::vector<Action> history = std::move(history_);
  history_.clear();
  try {
    std::unique_ptr<State> next = Clone();
    next->DoApply(action.body);
    AssignFrom(*next);
  } catch (...) {
    history_ = std::move(history);
    throw;
  }
  history.push_back(action);
  history_ = std::move(history);
}

void State::Apply(const Json& body, ActionSource source) { Apply(Action{body, source}); }

void State::Undo() {
  if (history_.empty()) throw RuleError("nothing to undo: no action has been recorded yet");
  std::vector<Action> kept(history_.begin(), history_.end() - 1);
  AssignFrom(*Replay(game_, kept));
}

std::vector<std::string> State::Names(const std::vector<int>& seats) const {
  std::vector<std::string> names;
  names.reserve(seats.size());
  for (int seat : seats) names.push_back(game_->PlayerName(seat));
  return names;
}

Json State::ToLogJson() const {
  Json log = game_->setup().ToJson();
  log["format"] = "tabref-game-log";
  log["version"] = 1;
  Json actions = Json::array();
  for (const auto& action : history_) actions.push_back(action.ToJson());
  log["actions"] = actions;
  return log;
}

Json State::Summary() const {
  return {{"game", game_->setup().game},
          {"players", game_->setup().players},
          {"options", game_->ResolvedOptions()},
          {"actions", history_.size()},
          {"to_act", Names(Actors())},
          {"status", StatusLine()},
          {"terminal", IsTerminal()},
          {"winners", Names(Winners())},
          {"scorecard", Scorecard().ToJson()}};
}

std::string State::ToText() const {
  std::ostringstream out;
  out << Scorecard().ToText() << "\n";
  if (IsTerminal()) {
    out << "Game over. Winner: " << JoinChoices(Names(Winners()), "and") << "\n";
  } else {
    out << "Next: " << StatusLine() << "\n";
  }
  return out.str();
}

std::unique_ptr<State> Replay(const std::shared_ptr<const Game>& game,
                              const std::vector<Action>& actions) {
  std::unique_ptr<State> state = game->NewInitialState();
  for (size_t i = 0; i < actions.size(); ++i) {
    try {
      state->Apply(actions[i]);
    } catch (const RuleError& error) {
      throw RuleError("action " + std::to_string(i + 1) + " (" + actions[i].Type() +
                      ") is not allowed: " + error.what());
    }
  }
  return state;
}

}  // namespace tabref::rules
