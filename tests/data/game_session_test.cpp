#include "data/session/game_session.h"

#include <gtest/gtest.h>

#include <fstream>

#include "data/store/sqlite_game_store.h"
#include "data/store/store_error.h"
#include "rules/core/rule_error.h"
#include "rules/registry.h"

namespace tabref::data {
namespace {

rules::GameSetup BocceSetup() { return {"bocce", {"Ann", "Bob"}, {}, rules::Json::object()}; }

// The first legal action that needs no measurement: playable by hand.
rules::Json FirstManualAction(const rules::State& state) {
  for (const auto& legal : state.LegalActions()) {
    if (!legal.needs_measurement) return legal.action;
  }
  ADD_FAILURE() << "no manual action in: " << state.StatusLine();
  return nullptr;
}

rules::Json LoadSample(const std::string& game) {
  std::ifstream in(std::string(TABREF_SOURCE_DIR) + "/data/samples/" + game + ".json");
  return rules::Json::parse(in);
}

TEST(GameSession, ActionsAreStoredAndAReopenedGameIsTheSame) {
  SqliteGameStore store(":memory:");
  auto session = GameSession::Create(store, BocceSetup());
  for (int i = 0; i < 5; ++i) session.Act({FirstManualAction(session.state())});
  const auto reopened = GameSession::Open(store, session.id());
  EXPECT_EQ(reopened.state().Snapshot(), session.state().Snapshot());
  EXPECT_EQ(store.Journal(session.id()).size(), 5u);
}

TEST(GameSession, RefusedActionsAreNotStored) {
  SqliteGameStore store(":memory:");
  auto session = GameSession::Create(store, BocceSetup());
  const auto before = session.state().Snapshot();
  EXPECT_THROW(session.Act({{{"type", "no_such_action"}}}), rules::RuleError);
  EXPECT_EQ(session.state().Snapshot(), before);
  EXPECT_TRUE(store.Journal(session.id()).empty());
}

TEST(GameSession, UnknownGamesAndBadOptionsAreNotStored) {
  SqliteGameStore store(":memory:");
  EXPECT_THROW(GameSession::Create(store, {"chess", {"Ann", "Bob"}, {}, {}}), rules::RuleError);
  EXPECT_THROW(GameSession::Create(store, {"bocce", {"Ann", "Bob"}, {}, {{"colour", "red"}}}),
               rules::RuleError);
  EXPECT_TRUE(store.Games(false).empty());
  EXPECT_THROW(GameSession::Open(store, 7), StoreError);
}

TEST(GameSession, AGameChangedMeanwhileByAnotherProgramIsRefusedUntilOpenedAgain) {
  SqliteGameStore store(":memory:");
  auto first = GameSession::Create(store, BocceSetup());
  auto second = GameSession::Open(store, first.id());  // e.g. the GUI and the command line
  first.Act({FirstManualAction(first.state())});
  const auto stale = second.state().Snapshot();
  // Legal in the state `second` read, but that state is no longer the game's.
  EXPECT_THROW(second.Act({FirstManualAction(second.state())}), StoreError);
  EXPECT_THROW(second.Undo(), rules::RuleError);  // nothing to undo in its stale state
  EXPECT_EQ(second.state().Snapshot(), stale);
  EXPECT_EQ(store.Journal(first.id()).size(), 1u);
  auto reopened = GameSession::Open(store, first.id());
  EXPECT_EQ(reopened.state().Snapshot(), first.state().Snapshot());
  reopened.Act({FirstManualAction(reopened.state())});
  EXPECT_THROW(first.Undo(), StoreError);
  EXPECT_EQ(store.Journal(first.id()).size(), 2u);
}

TEST(GameSession, UndoIsRecordedNotRewritten) {
  SqliteGameStore store(":memory:");
  auto session = GameSession::Create(store, BocceSetup());
  EXPECT_THROW(session.Undo(), rules::RuleError);
  session.Act({FirstManualAction(session.state())});
  const auto after_first = session.state().Snapshot();
  session.Act({FirstManualAction(session.state())});
  session.Undo();
  EXPECT_EQ(session.state().Snapshot(), after_first);
  const auto journal = store.Journal(session.id());
  ASSERT_EQ(journal.size(), 3u);
  EXPECT_EQ(journal[2].kind, EntryKind::kUndo);
  EXPECT_EQ(GameSession::Open(store, session.id()).state().Snapshot(), after_first);
}

TEST(GameSession, CorrectionReplacesAnActionAndReplaysTheRest) {
  SqliteGameStore store(":memory:");
  auto session = GameSession::Create(store, BocceSetup());
  for (int i = 0; i < 3; ++i) session.Act({FirstManualAction(session.state())});
  const auto first = session.state().History()[0].body;
  session.Correct(1, first);
  EXPECT_EQ(session.state().History()[0].source, rules::ActionSource::kCorrection);
  EXPECT_EQ(session.state().History().size(), 3u);
  EXPECT_THROW(session.Correct(1, {{"type", "no_such_action"}}), rules::RuleError);
  EXPECT_THROW(session.Correct(9, first), rules::RuleError);
  const auto journal = store.Journal(session.id());
  ASSERT_EQ(journal.size(), 4u);
  EXPECT_EQ(journal[3].kind, EntryKind::kCorrection);
  EXPECT_EQ(GameSession::Open(store, session.id()).state().Snapshot(), session.state().Snapshot());
}

TEST(GameSession, FinishedGamesAreMarkedWithTheirWinners) {
  SqliteGameStore store(":memory:");
  auto session = GameSession::Create(store, BocceSetup());
  rules::Rng rng(3);
  while (!session.state().IsTerminal()) session.Act({session.state().RandomAction(rng)});
  const auto record = store.Game(session.id());
  ASSERT_TRUE(record.finished_at.has_value());
  EXPECT_EQ(record.result["winners"], session.state().Names(session.state().Winners()));
  EXPECT_TRUE(store.Games(true).empty());
}

TEST(GameSession, ImportAndExportRoundTripEverySample) {
  for (const auto& type : rules::RegisteredGames()) {
    SCOPED_TRACE(type.name);
    SqliteGameStore store(":memory:");
    const auto log = LoadSample(type.name);
    const auto imported = GameSession::Import(store, log);
    EXPECT_TRUE(store.Game(imported.id()).finished_at.has_value());
    const auto exported = GameSession::Open(store, imported.id()).ExportLog();
    EXPECT_EQ(exported["actions"], log["actions"]);
    EXPECT_EQ(rules::ReplayLog(exported)->Snapshot(), imported.state().Snapshot());
  }
}

TEST(GameSession, ARefusedImportStoresNothing) {
  SqliteGameStore store(":memory:");
  auto log = LoadSample("bocce");
  log["actions"].push_back({{"type", "no_such_action"}});
  EXPECT_THROW(GameSession::Import(store, log), rules::RuleError);
  EXPECT_THROW(GameSession::Import(store, rules::Json::parse(R"({"game": "bocce"})")),
               rules::RuleError);
  EXPECT_TRUE(store.Games(false).empty());
  EXPECT_TRUE(store.Players().empty());
}

}  // namespace
}  // namespace tabref::data
