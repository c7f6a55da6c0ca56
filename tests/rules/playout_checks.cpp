#include "tests/rules/playout_checks.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <optional>

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
    try {
      state.Check(legal.action);
    } catch (const RuleError& error) {
      ADD_FAILURE() << "listed legal action refused: " << legal.action.dump() << ": "
                    << error.what() << "\nstate: " << state.StatusLine();
    }
  }
}

// A snapshot taken during play, to be compared with what undoing back to it gives.
struct UndoCheck {
  size_t keep = 0;  // actions in the history when the snapshot was taken
  Json snapshot;
  size_t undo_at = 0;  // history length at which to undo back to `keep`
};

void CheckUndo(const State& state, const UndoCheck& check) {
  auto undone = state.Clone();
  for (size_t n = state.History().size(); n > check.keep; --n) undone->Undo();
  EXPECT_EQ(undone->Snapshot(), check.snapshot)
      << "undo from " << state.History().size() << " to " << check.keep
      << " actions differs from the game as it stood at " << check.keep;
  EXPECT_EQ(undone->History().size(), check.keep);
}

void PlayOne(const GameType& type, const GameSetup& setup, std::uint64_t seed,
             const PlayoutOptions& options) {
  SCOPED_TRACE("game " + type.name + ", seed " + std::to_string(seed));
  const auto game = type.make(setup);
  Rng rng(seed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  std::unique_ptr<State> state = game->NewInitialState();
  // A position of the game chosen uniformly at random (reservoir sampling), for checking
  // that replaying its prefix of the history gives it.
  size_t checkpoint_length = 0;
  Json checkpoint = state->Snapshot();
  std::optional<UndoCheck> undo_check;
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
    const size_t length = state->History().size();
    if (unit(rng) * static_cast<double>(length + 1) < 1.0) {
      checkpoint_length = length;
      checkpoint = state->Snapshot();
    }
    if (undo_check && undo_check->undo_at == length) {
      CheckUndo(*state, *undo_check);
      undo_check.reset();
    }
    // Each Undo() replays the history, so undo from a few random points of each game.
    if (!undo_check && unit(rng) < options.undo_check_chance) {
      undo_check = UndoCheck{length, state->Snapshot(), length + 1 + rng() % 3};
    }
  }
  ASSERT_NO_THROW(state->CheckInvariants());
  EXPECT_FALSE(state->Winners().empty());
  EXPECT_TRUE(state->Actors().empty());
  EXPECT_FALSE(state->Scorecard().columns.empty());
  ExpectRefusedWithoutChange(*state, state->History().back().body);
  if (undo_check) CheckUndo(*state, *undo_check);

  const auto& history = state->History();
  const Json final_snapshot = state->Snapshot();
  EXPECT_EQ(Replay(game, history)->Snapshot(), final_snapshot) << "replay differs";

  // Out of the finished game and back in again.
  auto reopened = state->Clone();
  reopened->Undo();
  EXPECT_FALSE(reopened->IsTerminal());
  reopened->Apply(history.back());
  EXPECT_EQ(reopened->Snapshot(), final_snapshot) << "undo and redo of the last action differs";

  const Json log = Json::parse(state->ToLogJson().dump());
  std::vector<Action> actions;
  for (const auto& entry : log.at("actions")) actions.push_back(Action::FromJson(entry));
  const auto round_trip = Replay(type.make(GameSetup::FromJson(log)), actions);
  EXPECT_EQ(round_trip->Snapshot(), final_snapshot) << "JSON round trip differs";
  EXPECT_EQ(round_trip->Summary(), state->Summary());

  const std::vector<Action> prefix(history.begin(),
                                   history.begin() + static_cast<long>(checkpoint_length));
  EXPECT_EQ(Replay(game, prefix)->Snapshot(), checkpoint)
      << "replay of " << checkpoint_length << " actions differs from the game at that point";
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
