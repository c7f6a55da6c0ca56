#pragma once

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "rules/core/action.h"
#include "rules/core/game.h"
#include "rules/core/json.h"
#include "rules/core/score_table.h"

namespace tabref::rules {

using Rng = std::mt19937_64;

// One thing that may be done now.
struct LegalAction {
  // An action that Apply() accepts as it is. When `needs_measurement` is true, the
  // numbers in it (positions, distances) are an example that the camera or the players
  // replace with what happened on the table.
  Json action;
  // One line for menus and help: "Flick the jack from the near end box".
  std::string label;
  bool needs_measurement = false;
};

// The mutable state of one game, driven by actions. Apply() checks an action against
// the rules, records it in the history and moves the game on; an illegal action throws
// RuleError with a one-line reason and leaves the state exactly as it was. The state is
// a pure function of the game and its history: Undo() is replay without the last action.
//
// Games derive from StateBase<TheirState> (below), which supplies the copies that give
// the strong exception guarantee, and implement the private step DoApply.
class State {
 public:
  explicit State(std::shared_ptr<const Game> game) : game_(std::move(game)) {}
  virtual ~State() = default;

  const Game& game() const { return *game_; }
  std::shared_ptr<const Game> game_ptr() const { return game_; }
  const std::vector<Action>& History() const { return history_; }

  void Apply(const Action& action);
  void Apply(const Json& body, ActionSource source = ActionSource::kManual);
  // Throws the RuleError that Apply() would throw for this action now; changes nothing.
  // Costs one step on a copy of the position, however long the history is.
  void Check(const Json& body) const;
  // Drops the last action. Throws RuleError when there is nothing to undo.
  void Undo();

  // Seats expected to act now (several when a ruling is asked of the table); empty once
  // the game is over.
  virtual std::vector<int> Actors() const = 0;
  virtual std::vector<LegalAction> LegalActions() const = 0;
  // A random legal action, with plausible random measurements; drives the conformance
  // playouts and the simulator's scripted players. Only called when not terminal.
  virtual Json RandomAction(Rng& rng) const = 0;
  virtual bool IsTerminal() const = 0;
  // Seats of the winners (a whole team when a team wins); empty until terminal.
  virtual std::vector<int> Winners() const = 0;
  virtual ScoreTable Scorecard() const = 0;
  // What happens next, in one line: "Round 3: Bob (suns) flicks bowl 2 of 4".
  virtual std::string StatusLine() const = 0;
  // The complete internal state as JSON. Two states are the same game position exactly
  // when their snapshots are equal; tests compare replays, undos and round trips by it.
  virtual Json Snapshot() const = 0;
  // Throws std::logic_error when a rule's bound is broken (a score out of range, ...).
  virtual void CheckInvariants() const = 0;
  // An independent copy: the position and the history.
  std::unique_ptr<State> Clone() const;

  // {"game", "players", "teams", "options", "actions": [...]}: the game log.
  Json ToLogJson() const;
  // The state for scripts and front ends: who acts, status, terminal, winners, scorecard.
  Json Summary() const;
  // Status, scorecard and winner as terminal text.
  std::string ToText() const;
  // Names of the given seats.
  std::vector<std::string> Names(const std::vector<int>& seats) const;

 protected:
  // Copying or assigning a State carries the position only, never the history: a step
  // runs on such a copy, so that applying or checking an action costs the size of the
  // position, not the length of the game. Clone() adds the history.
  State(const State& other) : game_(other.game_) {}
  State& operator=(const State& other) {
    if (this != &other) game_ = other.game_;
    return *this;
  }

  // Applies one action to this state. May throw RuleError at any point: Apply() runs it
  // on a copy, so a half-applied action never becomes visible. The copy has no history:
  // the position must hold everything the rules need.
  virtual void DoApply(const Json& body) = 0;
  // A copy of the position, without the history.
  virtual std::unique_ptr<State> ClonePosition() const = 0;
  // Replaces this state's position by that of `other`, a state of the same concrete type.
  virtual void AssignFrom(const State& other) = 0;

 private:
  // The position after `body`, computed on a copy; throws RuleError when it is refused.
  std::unique_ptr<State> Step(const Json& body) const;

  std::shared_ptr<const Game> game_;
  std::vector<Action> history_;
};

// Supplies ClonePosition() and AssignFrom() by the concrete state's copy operations.
template <typename Derived>
class StateBase : public State {
 public:
  using State::State;

 protected:
  std::unique_ptr<State> ClonePosition() const override {
    return std::make_unique<Derived>(static_cast<const Derived&>(*this));
  }
  void AssignFrom(const State& other) override {
    static_cast<Derived&>(*this) = static_cast<const Derived&>(other);
  }
};

// Builds the state reached by applying `actions` from the start. A rejected action
// throws RuleError naming its index (1-based) and type.
std::unique_ptr<State> Replay(const std::shared_ptr<const Game>& game,
                              const std::vector<Action>& actions);

}  // namespace tabref::rules
