#include <gtest/gtest.h>

#include <fstream>

#include "rules/bocce/bocce.h"
#include "rules/core/state.h"
#include "tests/rules/playout_checks.h"

namespace tabref::rules::bocce {
namespace {

// The core's replay and undo checks cost the square of a game's length, so most playouts
// race to 7 points (about 10 rounds with the bust rule) and one plays the full 21.
GameSetup SetupOf(int players, Json options = Json::object()) {
  GameSetup setup;
  setup.game = "bocce";
  for (int seat = 0; seat < players; ++seat) setup.players.push_back("P" + std::to_string(seat));
  if (!options.contains("target")) options["target"] = 7;
  setup.options = std::move(options);
  return setup;
}

void Play(const GameSetup& setup, int games) {
  testing::PlayoutOptions options;
  options.games = games;
  options.undo_check_chance = 0.03;
  testing::CheckRandomPlayouts(GameTypeInfo(), setup, options);
}

TEST(BocceRandomPlayouts, OneVersusOne) { Play(SetupOf(2), 15); }

TEST(BocceRandomPlayouts, OneVersusOneToTwentyOne) { Play(SetupOf(2, {{"target", 21}}), 2); }

TEST(BocceRandomPlayouts, OneVersusOneAlternatingEnds) {
  Play(SetupOf(2, {{"two_player_alternate_ends", true}, {"first_end", "far"}}), 8);
}

TEST(BocceRandomPlayouts, TwoVersusTwoTeams) {
  GameSetup setup = SetupOf(4);
  setup.teams = {{"Reds", {0, 2}}, {"Blues", {1, 3}}};
  Play(setup, 8);
}

TEST(BocceRandomPlayouts, FourVersusFourDefaultSides) { Play(SetupOf(8), 8); }

TEST(BocceRandomPlayouts, WithoutBustRuleOnACourtAlongY) {
  Play(SetupOf(2, {{"bust_rule", false},
                   {"axis", "y"},
                   {"court_min", {200, 50}},
                   {"court_max", {352.4, 1167.6}}}),
       10);
}

TEST(BocceSample, ReplaysToTheRecordedWinner) {
  std::ifstream file(TABREF_SOURCE_DIR "/data/samples/bocce.json");
  ASSERT_TRUE(file) << "missing data/samples/bocce.json";
  const Json log = Json::parse(file);
  std::vector<Action> actions;
  for (const Json& entry : log.at("actions")) actions.push_back(Action::FromJson(entry));
  const auto state = Replay(MakeGame(GameSetup::FromJson(log)), actions);
  ASSERT_TRUE(state->IsTerminal()) << state->StatusLine();
  EXPECT_EQ(state->Names(state->Winners()), (std::vector<std::string>{"Ann", "Cid"}));
  EXPECT_EQ(state->Scorecard().details["winner"], "Suns");
}

}  // namespace
}  // namespace tabref::rules::bocce
