// Ppolf random playouts for larger tables (4, 6 and 10 players) and the non-default options.
#include <gtest/gtest.h>

#include <string>

#include "rules/ppolf/ppolf.h"
#include "tests/rules/playout_checks.h"

namespace tabref::rules::ppolf {
namespace {

GameSetup TableOf(int players, const Json& options = Json::object()) {
  GameSetup setup;
  setup.game = "ppolf";
  for (int i = 0; i < players; ++i) setup.players.push_back("P" + std::to_string(i + 1));
  setup.options = options;
  return setup;
}

// Every Undo() replays the whole history, so one undo point per game buys more games.
void Playouts(const GameSetup& setup, int games) {
  testing::PlayoutOptions options;
  options.games = games;
  options.undo_prefixes = 1;
  testing::CheckRandomPlayouts(GameTypeInfo(), setup, options);
}

TEST(PpolfPlayout, FourPlayersWithObstaclesAndYellowCrowns) {
  Playouts(TableOf(4, {{"obstacles", 5}, {"third_suit", "yellow"}}), 3);
}

TEST(PpolfPlayout, SixPlayersPuttingOutOnlyAfterTeeOff) {
  Playouts(TableOf(6, {{"putt_out_on_tee_off", false}, {"close_call_mm", 2.0}}), 1);
}

TEST(PpolfPlayout, TenPlayers) { Playouts(TableOf(10), 1); }

}  // namespace
}  // namespace tabref::rules::ppolf
