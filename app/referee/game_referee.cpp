#include "app/referee/game_referee.h"

#include <algorithm>

namespace tabref::referee {
namespace {

bool Among(const std::vector<std::string>& types, const std::string& type) {
  return std::find(types.begin(), types.end(), type) != types.end();
}

}  // namespace

Expectation GameReferee::Expect(const rules::State& state) const {
  Expectation expectation;
  expectation.status = state.StatusLine();
  if (state.IsTerminal()) return expectation;
  expectation.actors = state.Actors();
  const std::vector<std::string> shot_types = ShotTypes();
  for (const rules::LegalAction& legal : state.LegalActions()) {
    const std::string type = legal.action.at("type").get<std::string>();
    if (legal.needs_measurement && Among(shot_types, type)) {
      expectation.awaiting = Awaiting::kShot;
      expectation.shot = type;
      return expectation;
    }
  }
  expectation.awaiting = Awaiting::kDecision;
  expectation.decision = ManualChoices(state, expectation.status);
  return expectation;
}

std::optional<vision::ShotObservation> GameReferee::SetRightBy(
    const rules::State& state, const vision::ShotObservation& waiting,
    const vision::ShotObservation& next) const {
  if (state.IsTerminal() || Expect(state).awaiting != Awaiting::kShot) return std::nullopt;
  const Verdict verdict = Judge(state, next);
  if (verdict.kind != VerdictKind::kNotJudged || verdict.until_table_fixed) return std::nullopt;
  vision::ShotObservation set_right = waiting;
  set_right.set_right = next.set_right.value_or(next.after);
  return set_right;
}

std::optional<rules::Json> GameReferee::Refresh(const rules::State& /*state*/,
                                                const vision::TableObservation& /*last*/,
                                                const vision::TableObservation& /*now*/) const {
  return std::nullopt;
}

ManualDecision ManualChoices(const rules::State& state, const std::string& question,
                             const std::vector<std::string>& types) {
  ManualDecision decision;
  decision.question = question;
  decision.actors = state.Actors();
  for (rules::LegalAction& legal : state.LegalActions()) {
    const std::string type = legal.action.at("type").get<std::string>();
    if (legal.needs_measurement || (!types.empty() && !Among(types, type))) continue;
    if (decision.kind.empty()) decision.kind = type;
    decision.choices.push_back(std::move(legal));
  }
  return decision;
}

}  // namespace tabref::referee
