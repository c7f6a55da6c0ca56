#include "rules/core/state.h"

#include <sstream>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules {

std::unique_ptr<State> State::Step(const Json& body) const {
  if (IsTerminal()) {
    throw RuleError("the game is over; no more actions are accepted (undo to change it)");
  }
  if (!body.is_object() || !body.contains("type") || !body["type"].is_string()) {
    throw RuleError("an action needs a string field \"type\": " + body.dump());
  }
  std::unique_ptr<State> next = ClonePosition();
  next->DoApply(body);
  return next;
}

void State::Apply(const Action& action) {
  const std::unique_ptr<State> next = Step(action.body);
  history_.reserve(history_.size() + 1);  // the push below cannot fail after the step
  AssignFrom(*next);
  history_.push_back(action);
}

void State::Apply(const Json& body, ActionSource source) { Apply(Action{body, source}); }

void State::Check(const Json& body) const { Step(body); }

std::unique_ptr<State> State::Clone() const {
  std::unique_ptr<State> copy = ClonePosition();
  copy->history_ = history_;
  return copy;
}

void State::Undo() {
  if (history_.empty()) throw RuleError("nothing to undo: no action has been recorded yet");
  std::vector<Action> kept(history_.begin(), history_.end() - 1);
  const std::unique_ptr<State> replayed = Replay(game_, kept);
  AssignFrom(*replayed);
  history_ = std::move(kept);
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
