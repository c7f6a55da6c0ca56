// Random playouts of Ice Boule for every kind of table: solo, duel, a group, the maximum.
#include <gtest/gtest.h>

#include "rules/iceboule/iceboule.h"
#include "tests/rules/playout_checks.h"

namespace tabref::rules::iceboule {
namespace {

GameSetup SetupFor(std::vector<std::string> players, Json options = Json::object()) {
  return GameSetup{"iceboule", std::move(players), {}, std::move(options)};
}

void PlayOut(const GameSetup& setup, int games) {
  testing::PlayoutOptions options;
  options.games = games;
  testing::CheckRandomPlayouts(GameTypeInfo(), setup, options);
}

// Games to fewer points keep the playouts quick; the rules of an end do not depend on it.
TEST(IceBoulePlayouts, OnePlayer) { PlayOut(SetupFor({"Solo"}), 25); }

TEST(IceBoulePlayouts, TwoPlayers) { PlayOut(SetupFor({"Ann", "Bob"}, {{"target", 5}}), 20); }

TEST(IceBoulePlayouts, FourPlayers) {
  PlayOut(SetupFor({"Ann", "Bob", "Cy", "Dee"}, {{"target", 3}}), 6);
}

TEST(IceBoulePlayouts, TenPlayers) {
  PlayOut(SetupFor({"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10"}, {{"target", 1}}),
          1);
}

TEST(IceBoulePlayouts, WideCloseCallsAskManyRulings) {
  PlayOut(SetupFor({"Ann", "Bob", "Cy"}, {{"target", 3}, {"close_call_mm", 8.0}}), 8);
}

}  // namespace
}  // namespace tabref::rules::iceboule
