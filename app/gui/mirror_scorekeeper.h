#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <vector>

#include "app/referee/live/live_referee.h"

namespace tabref::gui {

// An action the live referee took on its copy of the game, numbered in the order taken, for
// the GUI thread to record in the store.
struct ProposedAction {
  std::int64_t number = 0;
  rules::Action action;
  rules::Json evidence;
};

// The live referee's copy of the game the GUI keeps. The referee applies its actions here at
// once (so that it judges the next shot against them) and they go to the GUI as proposals;
// the GUI's state stays the truth. Whenever the GUI sends its state, the copy becomes that
// state plus the proposals the GUI has not seen yet (still on their way, in order), so both
// sides agree once the GUI has handled them.
class MirrorScorekeeper : public referee::Scorekeeper {
 public:
  explicit MirrorScorekeeper(std::unique_ptr<rules::State> state) : state_(std::move(state)) {}

  const rules::State& State() const override { return *state_; }
  // Throws RuleError, as the GUI would, when the rules refuse it.
  void Apply(const rules::Action& action, const rules::Json& evidence) override;

  // The proposals made since the last call, oldest first.
  std::vector<ProposedAction> TakeProposals();
  // The GUI handled the proposals up to `seen` and accepted them.
  void Acknowledge(std::int64_t seen);
  // The GUI's state after it handled the proposals up to `seen`. Proposals after `seen` are
  // applied again on top; one that the new state refuses is dropped with those after it (the
  // GUI refuses them too and sends its state again).
  void Replace(std::unique_ptr<rules::State> state, std::int64_t seen);
  // Proposals not acknowledged yet.
  size_t InFlight() const { return in_flight_.size(); }

 private:
  std::unique_ptr<rules::State> state_;
  std::deque<ProposedAction> in_flight_;
  std::vector<ProposedAction> outbox_;
  std::int64_t last_number_ = 0;
};

}  // namespace tabref::gui
