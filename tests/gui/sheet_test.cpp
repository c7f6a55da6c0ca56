// The sheet's marks (winner, bust, current row) and the action log's lines.
#include <gtest/gtest.h>

#include "app/gui/action_text.h"
#include "app/gui/scorecard_marks.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

TEST(SheetMarksTest, MarksTheWinningSideAndItsBusts) {
  const std::unique_ptr<rules::State> game = rules::ReplayLog(testing::SampleLog("bocce"));
  const rules::ScoreTable table = game->Scorecard();
  const SheetMarks marks = MarksFor(*game, table);
  ASSERT_EQ(table.columns, (std::vector<std::string>{"Suns", "Moons"}));
  EXPECT_TRUE(marks.IsWinner(0)) << "the side wins, with its players";
  EXPECT_FALSE(marks.IsWinner(1));
  // Round 6: "+2 bust -> 8".
  int busts = 0;
  for (size_t row = 0; row < table.rows.size(); ++row) {
    for (size_t column = 0; column < table.columns.size(); ++column) {
      const bool says_bust = table.rows[row].cells[column].find("bust") != std::string::npos;
      const SheetMarks::Cell* mark = marks.Find(static_cast<int>(row), static_cast<int>(column));
      EXPECT_EQ(mark != nullptr, says_bust) << table.rows[row].label;
      busts += mark != nullptr ? 1 : 0;
    }
  }
  EXPECT_EQ(busts, 1);
  EXPECT_EQ(CornerLabel(*game), "Sides");
}

TEST(SheetMarksTest, MarksTheBumperWinnersOfTableFencing) {
  const std::unique_ptr<rules::State> game = rules::ReplayLog(testing::SampleLog("table-fencing"));
  const rules::ScoreTable table = game->Scorecard();
  const SheetMarks marks = MarksFor(*game, table);
  ASSERT_EQ(marks.cells.size(), 3u) << "three bumpers, three winners";
  for (const SheetMarks::Cell& cell : marks.cells) {
    EXPECT_EQ(cell.kind, SheetMarks::Kind::kWon);
    EXPECT_NE(
        table.rows[static_cast<size_t>(cell.row)].cells[static_cast<size_t>(cell.column)].find(
            "won by"),
        std::string::npos);
  }
  EXPECT_EQ(CornerLabel(*game), "Players");
}

TEST(SheetMarksTest, MarksPpolfsHoleInPlay) {
  rules::Json log = testing::SampleLog("ppolf");
  // Stop after the first hole: hole 2 (Red ace) is in play, the sheet's second row.
  const rules::Json all = log["actions"];
  rules::Json actions = rules::Json::array();
  std::unique_ptr<rules::State> game;
  for (const auto& action : all) {
    actions.push_back(action);
    log["actions"] = actions;
    game = rules::ReplayLog(log);
    if (game->Scorecard().details.value("hole_number", rules::Json()) == 2) break;
  }
  ASSERT_NE(game, nullptr);
  const SheetMarks marks = MarksFor(*game, game->Scorecard());
  EXPECT_EQ(marks.current_row, 1);
  EXPECT_FALSE(marks.IsWinner(0));
}

TEST(ActionTextTest, PutsThePlayerFirstAndLeavesOutNoise) {
  const rules::Action flick{
      {{"type", "flick"},
       {"player", "Carl"},
       {"hit", true},
       {"off_table", false},
       {"knocked_off", rules::Json::array()},
       {"coins", {{{"player", "Bea"}, {"at", {349.24, 397.9}}, {"sigma_mm", 0.4}}}}},
      rules::ActionSource::kVision};
  EXPECT_EQ(ActionText(flick), "Carl: flick, coins Bea (349, 398), hit");
  const rules::Action thrust{{{"type", "thrust"}, {"cards", {{"Ann", "7"}, {"Bob", "K"}}}},
                             rules::ActionSource::kManual};
  EXPECT_EQ(ActionText(thrust), "thrust, cards Ann 7, Bob K");
  const rules::Action reveal{
      {{"type", "reveal"}, {"player", "Ann"}, {"field", {"A", "K"}}, {"hand", {"4", "7"}}},
      rules::ActionSource::kManual};
  EXPECT_EQ(ActionText(reveal), "Ann: reveal, field A K, hand 4 7");
  const rules::Action jack{{{"type", "jack"}, {"position", {610.2, 159.7}}, {"sigma_mm", 0.3}},
                           rules::ActionSource::kVision};
  EXPECT_EQ(ActionText(jack, "Cid"), "Cid: jack, position (610, 160)");
  EXPECT_TRUE(ActionDetails(flick).contains("sigma_mm")) << "the tooltip keeps everything";
}

TEST(ActionTextTest, NamesWhoTookATurnTheActionDoesNotName) {
  rules::GameSetup setup;
  setup.game = "card-golf";
  setup.players = {"Ann", "Bob"};
  std::unique_ptr<rules::State> game = rules::MakeGame(setup)->NewInitialState();
  game->Apply({{"type", "deal"}, {"dealer", "Ann"}, {"flipped", "7"}});
  game->Apply({{"type", "take_discard"}, {"discard", "2"}});  // Bob, left of the dealer
  const std::vector<QString> actors = HistoryActors(*game);
  ASSERT_EQ(actors.size(), 2u);
  EXPECT_EQ(ActionText(game->History()[1], actors[1]), "Bob: take discard, discard 2");
  EXPECT_EQ(ActionText(game->History()[0], actors[0]), "deal, dealer Ann, flipped 7")
      << "either player may deal: nobody is named";
}

}  // namespace
}  // namespace tabref::gui
