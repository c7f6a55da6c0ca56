#include <gtest/gtest.h>

#include "data/store/sqlite_game_store.h"
#include "data/store/store_error.h"

namespace tabref::data {
namespace {

rules::GameSetup TwoPlayerSetup() { return {"card-golf", {"Ann", "Bob"}, {}, {{"mode", "final"}}}; }

JournalEntry ActionEntry(const rules::Json& body,
                         rules::ActionSource source = rules::ActionSource::kManual) {
  JournalEntry entry;
  entry.action = {body, source};
  return entry;
}

TEST(SqliteGameStore, CreatesGamesWithPlayersTeamsAndOptions) {
  SqliteGameStore store(":memory:");
  rules::GameSetup setup{"bocce", {"Ann", "Bob", "Cid", "Dee"}, {}, {{"target", 15}}};
  setup.teams = {{"Suns", {2, 0}}, {"Moons", {1, 3}}};
  const auto id = store.CreateGame(setup, {}, {});
  const GameRecord record = store.Game(id);
  EXPECT_EQ(record.setup.ToJson(), setup.ToJson());
  EXPECT_FALSE(record.finished_at.has_value());
  EXPECT_FALSE(record.created_at.empty());
  EXPECT_EQ(store.Players().size(), 4u);
}

TEST(SqliteGameStore, PlayersAreUniqueRegardlessOfCase) {
  SqliteGameStore store(":memory:");
  const auto ann = store.EnsurePlayer("Ann");
  EXPECT_EQ(store.EnsurePlayer("ann").id, ann.id);
  store.SetPlayerColour("Ann", "#D55E00");
  ASSERT_EQ(store.Players().size(), 1u);
  EXPECT_EQ(store.Players()[0].colour, "#D55E00");
  EXPECT_THROW(store.EnsurePlayer(""), StoreError);
}

TEST(SqliteGameStore, JournalKeepsEntriesInOrderWithTheirSourceAndEvidence) {
  SqliteGameStore store(":memory:");
  const auto id = store.CreateGame(TwoPlayerSetup(), {}, {});
  JournalEntry vision = ActionEntry({{"type", "jack"}}, rules::ActionSource::kVision);
  vision.evidence = {{"distance_mm", 12.5}};
  EXPECT_EQ(store.Append(id, vision, {}), 1);
  JournalEntry undo;
  undo.kind = EntryKind::kUndo;
  EXPECT_EQ(store.Append(id, undo, {}), 2);
  JournalEntry correction = ActionEntry({{"type", "x"}}, rules::ActionSource::kCorrection);
  correction.kind = EntryKind::kCorrection;
  correction.corrects = 1;
  EXPECT_EQ(store.Append(id, correction, {true, {{"winners", {"Ann"}}}}), 3);

  const auto journal = store.Journal(id);
  ASSERT_EQ(journal.size(), 3u);
  EXPECT_EQ(journal[0].action.source, rules::ActionSource::kVision);
  EXPECT_EQ(journal[0].evidence["distance_mm"], 12.5);
  EXPECT_EQ(journal[1].kind, EntryKind::kUndo);
  EXPECT_EQ(journal[2].kind, EntryKind::kCorrection);
  EXPECT_EQ(journal[2].corrects, 1);
  EXPECT_TRUE(store.Game(id).finished_at.has_value());
  EXPECT_EQ(store.Game(id).result["winners"][0], "Ann");
  EXPECT_EQ(store.Game(id).journal_entries, 3);
}

TEST(SqliteGameStore, ListsUnfinishedGamesNewestFirst) {
  SqliteGameStore store(":memory:");
  const auto first = store.CreateGame(TwoPlayerSetup(), {}, {});
  const auto second = store.CreateGame(TwoPlayerSetup(), {}, {});
  const auto third = store.CreateGame(TwoPlayerSetup(), {}, {true, {{"winners", {"Bob"}}}});
  std::vector<std::int64_t> unfinished;
  for (const auto& game : store.Games(true)) unfinished.push_back(game.id);
  EXPECT_EQ(unfinished, (std::vector<std::int64_t>{second, first}));
  EXPECT_EQ(store.Games(false).front().id, third);
}

TEST(SqliteGameStore, UnknownGameIsAClearError) {
  SqliteGameStore store(":memory:");
  EXPECT_THROW(store.Game(42), StoreError);
  EXPECT_THROW(store.Append(42, ActionEntry({{"type", "x"}}), {}), StoreError);
}

TEST(SqliteGameStore, AnAppendExpectingAnotherSequenceIsRefusedAndStoresNothing) {
  SqliteGameStore store(":memory:");
  const auto id = store.CreateGame(TwoPlayerSetup(), {}, {});
  JournalEntry first = ActionEntry({{"type", "a"}});
  first.sequence = 1;
  EXPECT_EQ(store.Append(id, first, {}), 1);
  JournalEntry stale = ActionEntry({{"type", "b"}});
  stale.sequence = 1;  // written by a program that has not seen entry 1
  try {
    store.Append(id, stale, {true, {{"winners", {"Bob"}}}});
    FAIL() << "a stale append was stored";
  } catch (const StoreError& error) {
    EXPECT_NE(std::string(error.what()).find("changed by another program"), std::string::npos)
        << error.what();
  }
  EXPECT_EQ(store.Journal(id).size(), 1u);
  EXPECT_FALSE(store.Game(id).finished_at.has_value());
  stale.sequence = 2;
  EXPECT_EQ(store.Append(id, stale, {}), 2);
}

TEST(SqliteGameStore, KeepsCalibrationsAndPieceSets) {
  SqliteGameStore store(":memory:");
  EXPECT_FALSE(store.LatestCalibration("table", "webcam:0").has_value());
  store.SaveCalibration({0, "table", "webcam:0", "", 0.4, "%YAML:1.0\nold: 1\n"});
  store.SaveCalibration({0, "table", "webcam:0", "", 0.3, "%YAML:1.0\nnew: 1\n"});
  store.SaveCalibration({0, "intrinsics", "webcam:0", "", 0.2, "%YAML:1.0\n"});
  const auto latest = store.LatestCalibration("table", "webcam:0");
  ASSERT_TRUE(latest.has_value());
  EXPECT_DOUBLE_EQ(latest->residual_rms, 0.3);
  EXPECT_NE(latest->yaml.find("new"), std::string::npos);
  EXPECT_THROW(store.SaveCalibration({0, "lens", "webcam:0", "", 0.1, ""}), StoreError);

  store.SavePieceSet("home-made", {{"coin_mm", 20.0}});
  store.SavePieceSet("home-made", {{"coin_mm", 21.0}});
  EXPECT_EQ(store.PieceSet("home-made")->definition["coin_mm"], 21.0);
  EXPECT_FALSE(store.PieceSet("other").has_value());
}

TEST(SqliteStoreOptions, RejectsNegativeTimeout) {
  SqliteStoreOptions options;
  options.busy_timeout_ms = -1;
  EXPECT_THROW(options.Check(), StoreError);
}

}  // namespace
}  // namespace tabref::data
