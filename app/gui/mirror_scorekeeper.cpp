#include "app/gui/mirror_scorekeeper.h"

#include "rules/core/rule_error.h"

namespace tabref::gui {

void MirrorScorekeeper::Apply(const rules::Action& action, const rules::Json& evidence) {
  state_->Apply(action);
  ProposedAction proposed{++last_number_, action, evidence};
  in_flight_.push_back(proposed);
  outbox_.push_back(std::move(proposed));
}

std::vector<ProposedAction> MirrorScorekeeper::TakeProposals() {
  std::vector<ProposedAction> taken;
  taken.swap(outbox_);
  return taken;
}

void MirrorScorekeeper::Acknowledge(std::int64_t seen) {
  while (!in_flight_.empty() && in_flight_.front().number <= seen) in_flight_.pop_front();
}

void MirrorScorekeeper::Replace(std::unique_ptr<rules::State> state, std::int64_t seen) {
  Acknowledge(seen);
  state_ = std::move(state);
  for (auto proposal = in_flight_.begin(); proposal != in_flight_.end(); ++proposal) {
    try {
      state_->Apply(proposal->action);
    } catch (const rules::RuleError&) {
      in_flight_.erase(proposal, in_flight_.end());
      return;
    }
  }
}

}  // namespace tabref::gui
