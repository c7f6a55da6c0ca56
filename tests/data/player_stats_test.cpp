#include "data/stats/player_stats.h"

#include <gtest/gtest.h>

#include <fstream>

#include "data/session/game_session.h"
#include "data/store/sqlite_game_store.h"
#include "data/store/store_error.h"

namespace tabref::data {
namespace {

void ImportSample(GameStore& store, const std::string& game) {
  std::ifstream in(std::string(TABREF_SOURCE_DIR) + "/data/samples/" + game + ".json");
  GameSession::Import(store, rules::Json::parse(in));
}

const PlayerStats& Find(const std::vector<PlayerStats>& all, const std::string& name) {
  for (const auto& stats : all) {
    if (stats.player == name) return stats;
  }
  throw std::runtime_error("no stats for " + name);
}

TEST(PlayerStats, TalliesEachCameraGameFromItsScorecard) {
  SqliteGameStore store(":memory:");
  for (const char* game : {"ppolf", "bocce", "iceboule"}) ImportSample(store, game);
  GameSession::Create(store, {"bocce", {"Ann", "Zed"}, {}, rules::Json::object()});
  const auto all = CollectPlayerStats(store, std::nullopt);

  // Ppolf sample: Bea beats Carl 44 to 56 over 18 holes.
  const PlayerStats& bea = Find(all, "Bea");
  EXPECT_EQ(bea.games.at("ppolf").played, 1);
  EXPECT_EQ(bea.games.at("ppolf").won, 1);
  EXPECT_EQ(bea.ppolf_holes, 18);
  EXPECT_EQ(bea.ppolf_strokes, 44);
  EXPECT_EQ(Find(all, "Carl").ppolf_strokes, 56);
  EXPECT_EQ(Find(all, "Carl").games.at("ppolf").won, 0);

  // Bocce sample: Suns (Ann, Cid) beat Moons 11 to 3; Ann also has a game in play.
  const PlayerStats& ann = Find(all, "Ann");
  EXPECT_EQ(ann.games.at("bocce").played, 1);
  EXPECT_EQ(ann.games.at("bocce").won, 1);
  EXPECT_EQ(ann.games.at("bocce").in_play, 1);
  EXPECT_GT(ann.bocce_rounds, 0);
  EXPECT_EQ(Find(all, "Cid").bocce_rounds, ann.bocce_rounds);
  EXPECT_EQ(Find(all, "Bob").bocce_rounds, ann.bocce_rounds);

  // Ice Boule sample: Mia wins 5 to 0 over two ends.
  const PlayerStats& mia = Find(all, "Mia");
  EXPECT_EQ(mia.iceboule_ends, 2);
  EXPECT_EQ(mia.iceboule_ends_won, 2);
  EXPECT_EQ(Find(all, "Jon").iceboule_ends_won, 0);
  EXPECT_NE(mia.ToText().find("won 2 of 2 ends"), std::string::npos) << mia.ToText();
}

TEST(PlayerStats, BoccePointsAreTheSidesPoints) {
  SqliteGameStore store(":memory:");
  ImportSample(store, "bocce");
  const auto all = CollectPlayerStats(store, std::nullopt);
  // Scored points less the bust: Suns end on 11 after one bust, Moons on 3.
  EXPECT_GE(Find(all, "Ann").bocce_points, 11);
  EXPECT_EQ(Find(all, "Bob").bocce_points, 3);
}

TEST(PlayerStats, OnePlayerOnlyAndUnknownPlayers) {
  SqliteGameStore store(":memory:");
  ImportSample(store, "card-golf");
  const auto marta = CollectPlayerStats(store, "Marta");
  ASSERT_EQ(marta.size(), 1u);
  EXPECT_EQ(marta[0].games.at("card-golf").won, 1);
  EXPECT_THROW(CollectPlayerStats(store, "Nobody"), StoreError);
}

}  // namespace
}  // namespace tabref::data
