#include <gtest/gtest.h>

#include "app/gui/scoreboard_rows.h"
#include "app/gui/scoreboard_window.h"
#include "app/gui/screenshot.h"
#include "app/gui/status_banner.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

std::vector<std::string> Labels(const rules::ScoreTable& table) {
  std::vector<std::string> labels;
  for (const auto& row : table.rows) labels.push_back(row.label);
  return labels;
}

rules::ScoreTable Sheet(int sections, int rows_per_section) {
  rules::ScoreTable table;
  table.columns = {"Ann", "Bob"};
  for (int section = 0; section < sections; ++section) {
    for (int row = 0; row < rows_per_section; ++row) {
      table.rows.push_back({"s" + std::to_string(section) + "r" + std::to_string(row),
                            {section < 2 ? "1" : "", ""}});
    }
    table.rows.push_back({"total " + std::to_string(section), {"", ""}, true});
  }
  table.rows.push_back({"Game Total", {"", ""}, true});
  return table;
}

TEST(FitRowsTest, LeavesASheetThatFitsAlone) {
  const rules::ScoreTable table = Sheet(2, 3);
  SheetMarks marks;
  marks.cells.push_back({1, 0, SheetMarks::Kind::kBust});
  const FittedSheet fitted = FitRows(table, marks, 20);
  EXPECT_EQ(fitted.table.ToJson(), table.ToJson());
  EXPECT_EQ(fitted.marks.cells.size(), 1u);
}

TEST(FitRowsTest, FoldsTheSectionsNotInPlayToTheirTotals) {
  const rules::ScoreTable table = Sheet(3, 6);  // Ppolf's shape: 3 suits of 6 holes
  SheetMarks marks;
  marks.current_row = 9;  // the second section's third row
  marks.cells.push_back({9, 1, SheetMarks::Kind::kWon});
  marks.cells.push_back({1, 1, SheetMarks::Kind::kWon});  // folded away
  const FittedSheet fitted = FitRows(table, marks, 12);
  EXPECT_EQ(Labels(fitted.table),
            (std::vector<std::string>{"total 0", "s1r0", "s1r1", "s1r2", "s1r3", "s1r4", "s1r5",
                                      "total 1", "total 2", "Game Total"}));
  EXPECT_EQ(fitted.marks.current_row, 3);
  ASSERT_EQ(fitted.marks.cells.size(), 1u);
  EXPECT_EQ(fitted.marks.cells[0].row, 3);
}

TEST(FitRowsTest, WithoutARowInPlayTheLastSectionWithEntriesStays) {
  const FittedSheet fitted = FitRows(Sheet(3, 6), {}, 12);
  EXPECT_EQ(fitted.table.rows[1].label, "s1r0") << "sections 0 and 1 have entries";
}

TEST(FitRowsTest, DropsTheOldestRowsOfALongSectionAndSaysSo) {
  const rules::ScoreTable table = Sheet(1, 20);  // bocce's shape: many rounds, one total
  const FittedSheet fitted = FitRows(table, {}, 8);
  ASSERT_EQ(fitted.table.rows.size(), 8u);
  EXPECT_EQ(fitted.table.rows[0].label, "… 15 earlier rows");
  EXPECT_EQ(fitted.table.rows[1].label, "s0r15");
  EXPECT_EQ(fitted.table.rows[6].label, "total 0");
  EXPECT_EQ(fitted.table.rows[7].label, "Game Total");
}

// Readable across the room: on a 1080p screen every sample's sheet gets rows of at least
// a twenty-fourth of the height (text half of that: 22 pixels, 4 cm rows on a 1 m high
// television).
class ScoreboardTest : public ::testing::TestWithParam<std::string> {};

TEST_P(ScoreboardTest, ShowsTheWholeSheetInLargeType) {
  const std::unique_ptr<rules::State> game = rules::ReplayLog(testing::SampleLog(GetParam()));
  ScoreboardWindow scoreboard;
  scoreboard.resize(1920, 1080);
  scoreboard.showState(*game);
  scoreboard.show();
  EXPECT_EQ(scoreboard.banner().headline(), StatusHeadline(*game));
  EXPECT_GE(scoreboard.banner().findChild<QWidget*>("statusHeadline")->font().pointSize(), 40);
  const rules::ScoreTable& shown = scoreboard.sheet().sheet().table;
  EXPECT_LE(shown.rows.size(), static_cast<size_t>(ScoreboardWindow::kMaxRows));
  EXPECT_EQ(shown.rows.back().label, game->Scorecard().rows.back().label) << "the total stays";
  EXPECT_GE(scoreboard.sheet().rowHeight(), 1080.0 / 24) << "rows of " << shown.rows.size();
  EXPECT_EQ(SaveScreenshot(scoreboard, testing::OutputDirectory() + "/gui-scoreboard-" +
                                           QString::fromStdString(GetParam()) + ".png"),
            "");
}

INSTANTIATE_TEST_SUITE_P(AllGames, ScoreboardTest, ::testing::ValuesIn(testing::GameNames()),
                         testing::GameTestName);

}  // namespace
}  // namespace tabref::gui
