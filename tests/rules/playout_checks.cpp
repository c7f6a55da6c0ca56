#include "tests/rules/playout_checks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>

#include "rules/core/rule_error.h"
#include "rules/core/state.h"

namespace tabref::rules::testing {
namespace {

void ExpectRefusedWithoutChange(State& state, const Json& action) {
  const Json before = state.Snapshot();
  const size_t history = state.History().size();
  EXPECT_THROW(state.Apply(action), RuleError) << action.dump();
  EXPECT_EQ(state.Snapshot(), before) << "a refused action changed the state: " << action.dump();
  EXPECT_EQ(state.History().size(), history);
}

void CheckLegalActionsAccepted(const State& state) {
  for (const auto& legal : state.LegalActions()) {
    EXPECT_FALSE(legal.label.empty()) << legal.action.dump();
    if (legal.needs_measurement) continue;
    auto copy = state.Clone();
    try {
      copy->Apply(legal.action);
    } catch (const RuleError& error) {
      ADD_FAILURE() << "listed legal action refused: " << legal.action.dump() << ": "
                    << error.what() << "\nstate: " << state.StatusLine();
    }
  }
}

void PlayOne(const GameType& type, const GameSetup& setup, std::uint64_t seed,
             const PlayoutOptions& options) {
  SCOPED_TRACE("game " + type.name + ", seed " + std::to_string(seed));
  const auto game = type.make(setup);
  Rng rng(seed);
  std::unique_ptr<State> state = game->NewInitialState();
  int steps = 0;
  while (!state->IsTerminal()) {
    ASSERT_LT(steps, options.max_actions)
        << "no end after " << steps << " actions: " << state->StatusLine();
    ASSERT_NO_THROW(state->CheckInvariants());
    ASSERT_FALSE(state->Actors().empty()) << state->StatusLine();
    ASSERT_FALSE(state->LegalActions().empty()) << state->StatusLine();
    ASSERT_FALSE(state->StatusLine().empty());
    if (steps % 7 == 0) {
      CheckLegalActionsAccepted(*state);
      ExpectRefusedWithoutChange(*state, {{"type", "no_such_action"}});
      ExpectRefusedWithoutChange(*state, Json::array({1, 2}));
    }
    const Json action = state->RandomAction(rng);
    try {
      state->Apply(action);
    } catch (const RuleError& error) {
      FAIL() << "RandomAction produced a refused action " << action.dump() << ": " << error.what()
             << "\nafter: " << state->StatusLine();
    }
    ++steps;
  }
  ASSERT_NO_THROW(state->CheckInvariants());
  EXPECT_FALSE(state->Winners().empty());
  EXPECT_TRUE(state->Actors().empty());
  EXPECT_FALSE(state->Scorecard().columns.empty());
  ExpectRefusedWithoutChange(*state, state->History().back().body);

  const auto& history = state->History();
  const Json final_snapshot = state->Snapshot();
  EXPECT_EQ(Replay(game, history)->Snapshot(), final_snapshot) << "replay differs";

  const Json log = Json::parse(state->ToLogJson().dump());
  std::vector<Action> actions;
  for (const auto& entry : log.at("actions")) actions.push_back(Action::FromJson(entry));
  const auto round_trip = Replay(type.make(GameSetup::FromJson(log)), actions);
  EXPECT_EQ(round_trip->Snapshot(), final_snapshot) << "JSON round trip differs";
  EXPECT_EQ(round_trip->Summary(), state->Summary());

  // Each Undo() replays the history, so undo a few steps from randomly chosen points.
  std::uniform_int_distribution<size_t> pick_end(1, history.size());
  for (int i = 0; i < options.undo_prefixes; ++i) {
    const size_t end = pick_end(rng);
    const size_t keep = end - std::min<size_t>(end, 1 + rng() % 6);
    auto undone = Replay(game, {history.begin(), history.begin() + static_cast<long>(end)});
    for (size_t n = end; n > keep; --n) undone->Undo();
    const std::vector<Action> prefix(history.begin(), history.begin() + static_cast<long>(keep));
    EXPECT_EQ(undone->Snapshot(), Replay(game, prefix)->Snapshot())
        << "undo to " << keep << " actions differs from replay";
  }
}

}  // namespace

void CheckRandomPlayouts(const GameType& type, const GameSetup& setup,
                         const PlayoutOptions& options) {
  for (int i = 0; i < options.games; ++i) {
    PlayOne(type, setup, options.seed + static_cast<std::uint64_t>(i), options);
    if (::testing::Test::HasFatalFailure()) return;
  }
}

}  // namespace tabref::rules::testing
