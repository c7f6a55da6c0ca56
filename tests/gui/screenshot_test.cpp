#include "app/gui/screenshot.h"

#include <gtest/gtest.h>

#include <QImage>

#include "data/session/game_session.h"
#include "gui_test_support.h"

namespace tabref::gui {
namespace {

class ScreenshotTest : public ::testing::TestWithParam<std::string> {};

// Renders each game's finished sample into the build directory as gui-<game>.png, for
// people to look at (the good ones go to docs/images/).
TEST_P(ScreenshotTest, RendersTheFinishedSampleGame) {
  testing::TempStore temp;
  auto store = temp.Open();
  const auto id = data::GameSession::Import(*store, testing::SampleLog(GetParam())).id();
  MainWindow window(*store);
  ASSERT_TRUE(window.controller().openGame(id));
  EXPECT_TRUE(window.controller().state().IsTerminal());

  const QString path =
      testing::OutputDirectory() + "/gui-" + QString::fromStdString(GetParam()) + ".png";
  ASSERT_EQ(SaveScreenshot(window, path), QString());
  const QImage image(path);
  ASSERT_FALSE(image.isNull());
  EXPECT_EQ(image.size(), window.size());
}

INSTANTIATE_TEST_SUITE_P(AllGames, ScreenshotTest, ::testing::ValuesIn(testing::GameNames()),
                         testing::GameTestName);

}  // namespace
}  // namespace tabref::gui
