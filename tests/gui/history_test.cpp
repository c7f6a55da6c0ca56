#include <gtest/gtest.h>

#include <QTableWidget>

#include "app/gui/game_list.h"
#include "app/gui/history_dialog.h"
#include "app/gui/open_game_dialog.h"
#include "app/gui/score_chart.h"
#include "app/gui/score_progression.h"
#include "app/gui/scorecard_view.h"
#include "app/gui/screenshot.h"
#include "app/gui/stats_dialog.h"
#include "data/session/game_session.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

TEST(ScoreProgressionTest, HasTheTotalsAfterEveryAction) {
  const std::unique_ptr<rules::State> game = rules::ReplayLog(testing::SampleLog("bocce"));
  const std::vector<ScoreSeries> series = ScoreProgression(*game);
  ASSERT_EQ(series.size(), 2u);
  const size_t actions = game->History().size();
  for (const ScoreSeries& side : series) {
    ASSERT_EQ(side.points.size(), actions + 1) << side.name.toStdString();
    EXPECT_EQ(side.points.front(), QPointF(0, 0));
    for (size_t i = 1; i < side.points.size(); ++i) {
      EXPECT_EQ(side.points[i].x(), static_cast<double>(i));
    }
  }
  const rules::ScoreTable final_card = game->Scorecard();
  double total = 0.0;
  ASSERT_TRUE(LeadingNumber(final_card.rows.back().cells[0], total));
  EXPECT_EQ(series[0].points.back().y(), total);
}

TEST(ScoreProgressionTest, ReadsTheNumberACellStartsWith) {
  double number = 0.0;
  EXPECT_TRUE(LeadingNumber("12", number));
  EXPECT_EQ(number, 12.0);
  EXPECT_TRUE(LeadingNumber("-3 (won by build)", number));
  EXPECT_EQ(number, -3.0);
  EXPECT_FALSE(LeadingNumber("", number));
  EXPECT_FALSE(LeadingNumber("void", number));
}

TEST(HistoryDialogTest, ShowsEveryStoredGameWithItsScorecardAndChart) {
  testing::TempStore temp;
  auto store = temp.Open();
  data::GameSession::Import(*store, testing::SampleLog("card-golf"));
  const auto bocce = data::GameSession::Import(*store, testing::SampleLog("bocce"));

  HistoryDialog dialog(*store);
  EXPECT_EQ(dialog.games().rowCount(), 2);
  dialog.games().selectGame(bocce.id());
  EXPECT_EQ(dialog.games().selectedGameId(), bocce.id());
  EXPECT_EQ(dialog.scorecard().table().ToJson(), bocce.state().Scorecard().ToJson());
  EXPECT_EQ(dialog.chart().seriesCount(), 2);
  EXPECT_EQ(SaveScreenshot(dialog, testing::OutputDirectory() + "/gui-history.png"), "");
}

TEST(OpenGameDialogTest, ListsStoredGamesOrOnlyThoseInPlay) {
  testing::TempStore temp;
  auto store = temp.Open();
  const auto finished = data::GameSession::Import(*store, testing::SampleLog("card-golf"));
  rules::GameSetup setup;
  setup.game = "bocce";
  setup.players = {"Ann", "Bob"};
  const auto in_play = data::GameSession::Create(*store, setup);

  OpenGameDialog all(*store);
  EXPECT_EQ(all.games().rowCount(), 2);
  EXPECT_EQ(all.selectedGameId(), in_play.id()) << "newest first";
  all.games().selectGame(finished.id());
  EXPECT_EQ(all.selectedGameId(), finished.id());

  OpenGameDialog unfinished(*store, nullptr, /*unfinished_only=*/true);
  ASSERT_EQ(unfinished.games().rowCount(), 1);
  EXPECT_EQ(unfinished.selectedGameId(), in_play.id());
  EXPECT_TRUE(unfinished.games().item(0, 4)->text().startsWith("in play"));
}

TEST(StatsDialogTest, ListsEachPlayersGames) {
  testing::TempStore temp;
  auto store = temp.Open();
  data::GameSession::Import(*store, testing::SampleLog("card-golf"));
  StatsDialog dialog(*store);
  QTableWidget& table = dialog.table();
  ASSERT_GE(table.rowCount(), 2);
  bool found = false;
  for (int row = 0; row < table.rowCount(); ++row) {
    if (table.item(row, 1)->text() == "Czech Golf") {
      found = true;
      EXPECT_EQ(table.item(row, 2)->text(), "1") << "played";
    }
  }
  EXPECT_TRUE(found);
}

}  // namespace
}  // namespace tabref::gui
