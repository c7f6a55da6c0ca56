// Ppolf random playouts for one to ten players and the non-default options, and the
// bundled sample game.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "rules/core/state.h"
#include "rules/ppolf/ppolf.h"
#include "tests/rules/playout_checks.h"

namespace tabref::rules::ppolf {
namespace {

GameSetup SetupFor(int players, const Json& options = Json::object()) {
  GameSetup setup;
  setup.game = "ppolf";
  for (int i = 0; i < players; ++i) setup.players.push_back("P" + std::to_string(i + 1));
  setup.options = options;
  return setup;
}

void Playouts(const GameSetup& setup, int games) {
  testing::PlayoutOptions options;
  options.games = games;
  testing::CheckRandomPlayouts(GameTypeInfo(), setup, options);
}

TEST(PpolfPlayout, Solitaire) { Playouts(SetupFor(1), 30); }

TEST(PpolfPlayout, SolitaireWithObstaclesAndParForty) {
  Playouts(SetupFor(1, {{"obstacles", 5}, {"par", 40}}), 10);
}

TEST(PpolfPlayout, TwoPlayers) { Playouts(SetupFor(2), 15); }

TEST(PpolfSample, SampleGameReplaysToItsWinner) {
  std::ifstream file(TABREF_SOURCE_DIR "/data/samples/ppolf.json");
  ASSERT_TRUE(file) << "missing data/samples/ppolf.json";
  const Json log = Json::parse(file);
  std::vector<Action> actions;
  for (const auto& entry : log.at("actions")) actions.push_back(Action::FromJson(entry));
  const auto state = Replay(MakeGame(GameSetup::FromJson(log)), actions);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Bea"});
  EXPECT_EQ(state->StatusLine(), "Game over: Bea wins with 44 flicks");
}

TEST(PpolfPlayout, FourPlayersWithObstaclesAndYellowCrowns) {
  Playouts(SetupFor(4, {{"obstacles", 5}, {"third_suit", "yellow"}}), 3);
}

TEST(PpolfPlayout, SixPlayersPuttingOutOnlyAfterTeeOff) {
  Playouts(SetupFor(6, {{"putt_out_on_tee_off", false}, {"close_call_mm", 2.0}}), 1);
}

TEST(PpolfPlayout, TenPlayers) { Playouts(SetupFor(10), 1); }

}  // namespace
}  // namespace tabref::rules::ppolf
