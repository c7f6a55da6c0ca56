// The conformance suite: every registered game, random legal playouts and the shared
// invariants of tests/rules/playout_checks.h, plus the registry's own promises.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "rules/core/rule_error.h"
#include "rules/registry.h"
#include "tests/rules/playout_checks.h"

namespace tabref::rules {
namespace {

constexpr int kGamesPerGameType = 300;

GameSetup SetupWithPlayers(const GameType& type, int count) {
  GameSetup setup{type.name, {}, {}, Json::object()};
  for (int i = 1; i <= count; ++i) setup.players.push_back("P" + std::to_string(i));
  return setup;
}

// The smallest table the game allows and one of up to four players. (Large tables are
// played by each game's own tests, with shorter targets: a random ten-player Ice Boule
// game to 13 takes minutes.)
std::vector<int> PlayerCounts(const GameType& type) {
  std::set<int> counts = {type.min_players, std::min(type.max_players, 4)};
  std::vector<int> valid;
  for (int count : counts) {
    try {
      type.make(SetupWithPlayers(type, count));
      valid.push_back(count);
    } catch (const RuleError&) {
      // Counts in the range may still be refused (bocce takes 2, 4 or 8).
    }
  }
  return valid;
}

class Conformance : public ::testing::TestWithParam<std::string> {
 protected:
  const GameType& type() const { return FindGameType(GetParam()); }
};

TEST_P(Conformance, RandomPlayoutsKeepEveryInvariant) {
  const std::vector<int> counts = PlayerCounts(type());
  ASSERT_FALSE(counts.empty()) << "no player count between min and max is accepted";
  const int games_each =
      (kGamesPerGameType + static_cast<int>(counts.size()) - 1) / static_cast<int>(counts.size());
  for (int count : counts) {
    SCOPED_TRACE(std::to_string(count) + " players");
    testing::PlayoutOptions options;
    options.games = games_each;
    options.seed = 1000 * static_cast<std::uint64_t>(count);
    testing::CheckRandomPlayouts(type(), SetupWithPlayers(type(), count), options);
    if (HasFatalFailure()) return;
  }
}

// Every option has a default, and giving the defaults explicitly changes nothing. (A
// default may depend on the players, e.g. Table Fencing's start seat, so the resolved
// values are compared with each other, and the keys with the defaults.)
TEST_P(Conformance, DefaultOptionsAreCompleteAndAcceptedAsGiven) {
  const int count = PlayerCounts(type()).front();
  const Json resolved = type().make(SetupWithPlayers(type(), count))->ResolvedOptions();
  ASSERT_EQ(resolved.size(), type().default_options.size());
  for (const auto& [key, value] : type().default_options.items()) {
    EXPECT_TRUE(resolved.contains(key)) << key;
  }
  GameSetup explicit_setup = SetupWithPlayers(type(), count);
  explicit_setup.options = type().default_options;
  EXPECT_EQ(type().make(explicit_setup)->ResolvedOptions(), resolved);
}

TEST_P(Conformance, UnknownOptionsAndPlayerCountsAreRefused) {
  GameSetup setup = SetupWithPlayers(type(), PlayerCounts(type()).front());
  setup.options = {{"no_such_option", 1}};
  EXPECT_THROW(type().make(setup), RuleError);
  EXPECT_THROW(type().make(SetupWithPlayers(type(), type().max_players + 1)), RuleError);
  if (type().min_players > 1) {
    EXPECT_THROW(type().make(SetupWithPlayers(type(), type().min_players - 1)), RuleError);
  }
}

TEST_P(Conformance, InitialStateOffersActionsAndDescribesItself) {
  const auto state =
      type().make(SetupWithPlayers(type(), PlayerCounts(type()).front()))->NewInitialState();
  EXPECT_FALSE(state->IsTerminal());
  EXPECT_FALSE(state->LegalActions().empty());
  EXPECT_FALSE(state->StatusLine().empty());
  EXPECT_FALSE(type().title.empty());
  EXPECT_FALSE(type().description.empty());
  EXPECT_NO_THROW(state->Summary().dump());
}

std::vector<std::string> AllGameNames() {
  std::vector<std::string> names;
  for (const auto& type : RegisteredGames()) names.push_back(type.name);
  return names;
}

INSTANTIATE_TEST_SUITE_P(AllGames, Conformance, ::testing::ValuesIn(AllGameNames()),
                         [](const ::testing::TestParamInfo<std::string>& game) {
                           std::string name = game.param;
                           std::replace(name.begin(), name.end(), '-', '_');
                           return name;
                         });

TEST(Registry, ListsTheFiveGamesOnceEach) {
  EXPECT_EQ(AllGameNames(),
            (std::vector<std::string>{"ppolf", "bocce", "iceboule", "card-golf", "table-fencing"}));
}

TEST(Registry, UnknownGameNamesTheKnownOnes) {
  try {
    FindGameType("chess");
    FAIL();
  } catch (const RuleError& error) {
    EXPECT_STREQ(error.what(),
                 "unknown game 'chess'; known games: ppolf, bocce, iceboule, card-golf or "
                 "table-fencing");
  }
}

TEST(Registry, MalformedLogsAreRefusedWithTheReason) {
  EXPECT_THROW(ReplayLog(Json::parse("[]")), RuleError);
  EXPECT_THROW(ReplayLog(Json::parse(R"({"game": "bocce"})")), RuleError);
  EXPECT_THROW(ReplayLog(Json::parse(R"({"format": "other", "game": "bocce", "players": []})")),
               RuleError);
  try {
    ReplayLog(Json::parse(
        R"({"game": "card-golf", "players": ["Ann", "Bob"], "actions": [{"type": 7}]})"));
    FAIL();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find("action 1 is malformed"), std::string::npos)
        << error.what();
  }
}

}  // namespace
}  // namespace tabref::rules
