#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>

#include "app/referee/registry.h"
#include "tests/referee/observations.h"

namespace tabref::referee::testing {

// A fresh two-player game (Ann, Bob) and its referee, for the per-game glue tests.
class RefereeTest : public ::testing::Test {
 protected:
  explicit RefereeTest(const std::string& game)
      : state_(NewGame({{"game", game}, {"players", {"Ann", "Bob"}}})),
        referee_(MakeReferee(state_->game())) {}

  // Applies what the referee reads from the shot (it must be an action) and returns it.
  rules::Json JudgeAndApply(const vision::ShotObservation& shot) {
    const Verdict verdict = referee_->Judge(*state_, shot);
    EXPECT_EQ(verdict.kind, VerdictKind::kAction) << verdict.reason;
    state_->Apply(verdict.action, rules::ActionSource::kVision);
    return verdict.action;
  }

  std::unique_ptr<rules::State> state_;
  std::unique_ptr<GameReferee> referee_;
};

}  // namespace tabref::referee::testing
