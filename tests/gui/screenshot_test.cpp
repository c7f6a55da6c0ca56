#include "app/gui/screenshot.h"

#include <gtest/gtest.h>

#include <QImage>
#include <cstddef>

#include "app/gui/main_window.h"
#include "app/gui/status_banner.h"
#include "data/session/game_session.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

class ScreenshotTest : public ::testing::TestWithParam<std::string> {
 protected:
  // Opens `log` in a fresh window and saves it as gui-<game><suffix>.png in the build
  // directory, for people to look at (the good ones go to docs/images/).
  void Render(const rules::Json& log, const QString& suffix) {
    testing::TempStore temp;
    auto store = temp.Open();
    const auto id = data::GameSession::Import(*store, log).id();
    MainWindow window(*store);
    ASSERT_TRUE(window.controller().openGame(id));
    EXPECT_EQ(window.banner().headline(), StatusHeadline(window.controller().state()));
    EXPECT_FALSE(window.sheetTitle().isEmpty());
    const QString path =
        testing::OutputDirectory() + "/gui-" + QString::fromStdString(GetParam()) + suffix + ".png";
    ASSERT_EQ(SaveScreenshot(window, path), QString());
    const QImage image(path);
    ASSERT_FALSE(image.isNull());
    EXPECT_EQ(image.size(), window.size());
  }
};

// A moment worth showing in the middle of each sample game: a Ppolf hole under way, a
// bocce round with bowls on the court, a Table Fencing trick decided and waiting for its
// roll, an Ice Boule end with a leading piece, a Czech Golf game between turns.
bool Interesting(const std::string& game, const rules::State& state) {
  const rules::Json details = state.Scorecard().details;
  if (game == "ppolf") {
    return details.value("hole_number", rules::Json()) == 9 && details["round"] == 1;
  }
  if (game == "bocce") return details["phase"] == "bowls" && details["round"] == 6;
  if (game == "table-fencing") {
    return details["bumper"] == 2 && details["trick"].value("trump_level", 0) > 0 &&
           details["trick"].contains("dice_to_roll");
  }
  if (game == "iceboule") return details["current_end"].value("leader", rules::Json()).is_string();
  return details["phase"] == "turns" && state.History().size() >= 6;
}

TEST_P(ScreenshotTest, RendersTheFinishedSampleGame) {
  const rules::Json log = testing::SampleLog(GetParam());
  ASSERT_TRUE(rules::ReplayLog(log)->IsTerminal());
  Render(log, "");
}

TEST_P(ScreenshotTest, RendersTheSampleGameInPlay) {
  rules::Json log = testing::SampleLog(GetParam());
  const rules::Json all = log["actions"];
  for (size_t played = 0; played < all.size(); ++played) {
    log["actions"] = rules::Json(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(played));
    if (Interesting(GetParam(), *rules::ReplayLog(log))) {
      Render(log, "-in-play");
      return;
    }
  }
  FAIL() << "no moment of interest in the sample";
}

INSTANTIATE_TEST_SUITE_P(AllGames, ScreenshotTest, ::testing::ValuesIn(testing::GameNames()),
                         testing::GameTestName);

}  // namespace
}  // namespace tabref::gui
