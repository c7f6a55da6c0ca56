// Random playouts of Table Fencing and the bundled sample game.
#include <gtest/gtest.h>

#include <fstream>

#include "rules/core/state.h"
#include "rules/table_fencing/table_fencing.h"
#include "tests/rules/playout_checks.h"

namespace tabref::rules::table_fencing {
namespace {

GameSetup SetupFor(int players, Json options = Json::object()) {
  const std::vector<std::string> names = {"Ann", "Bob", "Cy", "Dee", "Eve", "Fay", "Gus", "Hal"};
  return {"table-fencing", {names.begin(), names.begin() + players}, {}, std::move(options)};
}

testing::PlayoutOptions Games(int games) {
  testing::PlayoutOptions options;
  options.games = games;
  return options;
}

// Random games are kept short (bumpers to 10 points) because every check replays them.
constexpr int kShortBumper = 10;

TEST(TableFencingPlayouts, ThreePlayersFullLength) {
  testing::CheckRandomPlayouts(GameTypeInfo(), SetupFor(3), Games(2));
}

TEST(TableFencingPlayouts, ThreePlayers) {
  testing::CheckRandomPlayouts(GameTypeInfo(), SetupFor(3, {{"bumper_build", kShortBumper}}),
                               Games(50));
}

TEST(TableFencingPlayouts, FourPlayersCounterClockwiseMultipliedParry) {
  testing::CheckRandomPlayouts(GameTypeInfo(),
                               SetupFor(4, {{"bumper_build", kShortBumper},
                                            {"direction", "counter-clockwise"},
                                            {"parry_multiplied", true},
                                            {"start", "Cy"}}),
                               Games(20));
}

TEST(TableFencingPlayouts, FivePlayersThreeBumpersCountingBuilds) {
  testing::CheckRandomPlayouts(
      GameTypeInfo(),
      SetupFor(
          5, {{"bumper_build", kShortBumper}, {"bumpers_to_win", 3}, {"bumper_measure", "builds"}}),
      Games(5));
}

TEST(TableFencingPlayouts, EightPlayers) {
  testing::CheckRandomPlayouts(GameTypeInfo(), SetupFor(8, {{"bumper_build", kShortBumper}}),
                               Games(8));
}

TEST(TableFencingSample, ReplaysToAnnAsChampion) {
  std::ifstream file(TABREF_SOURCE_DIR "/data/samples/table-fencing.json");
  ASSERT_TRUE(file) << "missing data/samples/table-fencing.json";
  const Json log = Json::parse(file);
  std::vector<Action> actions;
  for (const auto& entry : log.at("actions")) actions.push_back(Action::FromJson(entry));
  const auto state = Replay(MakeGame(GameSetup::FromJson(log)), actions);
  ASSERT_TRUE(state->IsTerminal()) << state->StatusLine();
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Ann"});
}

}  // namespace
}  // namespace tabref::rules::table_fencing
