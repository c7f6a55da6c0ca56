#include "app/referee/piece_matcher.h"

#include <gtest/gtest.h>

#include "app/referee/registry.h"
#include "tests/referee/observations.h"

namespace tabref::referee {
namespace {

using rules::Json;
using namespace testing;  // NOLINT(google-build-using-namespace): the builders

TEST(PieceMatcher, MatchesWhatIsSeenAndNothingHidden) {
  EXPECT_TRUE(CoinShowingSuit("suns").Matches(SuitCoin(1, "suns", {0, 0})));
  EXPECT_FALSE(CoinShowingSuit("suns").Matches(SuitCoin(1, "moons", {0, 0})));
  // The value side shows no suit: a suit is never guessed for it.
  EXPECT_FALSE(CoinShowingSuit("suns").Matches(ValueCoin(1, "null", {0, 0})));
  EXPECT_TRUE(CoinShowingValue("null").Matches(ValueCoin(1, "null", {0, 0})));
  EXPECT_FALSE(CoinShowingValue("null").Matches(FaceTile(1, "suns", "null", {0, 0})));
  EXPECT_TRUE(Pyramid("red").Matches(Upright(1, "red", "small", {0, 0})));
  EXPECT_FALSE(Pyramid("red", "large").Matches(Upright(1, "red", "small", {0, 0})));
}

TEST(PieceMatcher, ReadsAndWritesItsJson) {
  const PieceMatcher tile = FaceUpTile("arms", "3");
  EXPECT_EQ(tile.ToJson(),
            Json({{"kind", "tile"}, {"side", "face"}, {"suit", "arms"}, {"rank", "3"}}));
  EXPECT_EQ(PieceMatcher::FromJson(tile.ToJson(), "tile"), tile);
  EXPECT_EQ(tile.Describe(), "tile face arms 3");
  try {
    PieceMatcher::FromJson({{"kind", "coin"}, {"color", "red"}}, "binding coins[0]");
    FAIL() << "a misspelt field was accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("binding coins[0]: unknown field \"color\""),
              std::string::npos)
        << error.what();
  }
  EXPECT_THROW(PieceMatcher::FromJson({{"kind", "die"}}, "x"), std::invalid_argument);
  EXPECT_THROW(PieceMatcher::FromJson({{"suit", "suns"}}, "x"), std::invalid_argument);
  EXPECT_THROW(PieceMatcher::FromJson(Json::array(), "x"), std::invalid_argument);
}

TEST(RefereeRegistry, KnowsTheThreeCameraGames) {
  std::vector<std::string> names;
  for (const RefereedGame& game : RefereedGames()) names.push_back(game.name);
  EXPECT_EQ(names, std::vector<std::string>({"ppolf", "bocce", "iceboule"}));
  try {
    FindRefereedGame("card-golf");
    FAIL() << "card-golf has no camera referee";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("ppolf, bocce and iceboule"), std::string::npos);
  }
  const auto state = NewGame({{"game", "iceboule"}, {"players", {"Ann", "Bob", "Cid"}}});
  const auto referee = MakeReferee(state->game());
  EXPECT_EQ(referee->GameName(), "iceboule");
  EXPECT_EQ(referee->Binding()["target"], "blue");
}

}  // namespace
}  // namespace tabref::referee
