#include "app/gui/command_line.h"

#include <gtest/gtest.h>

#include <QFile>
#include <QImage>
#include <QProcess>

#include "data/session/game_session.h"
#include "gui_test_support.h"

namespace tabref::gui {
namespace {

struct ProcessResult {
  int status;
  QString error;
};

ProcessResult RunGui(const QStringList& arguments) {
  QProcess process;
  process.start(TABREF_GUI_BINARY, arguments);
  EXPECT_TRUE(process.waitForFinished(60000));
  return {process.exitCode(), QString::fromLocal8Bit(process.readAllStandardError())};
}

TEST(CommandLineTest, ReadsTheDatabaseTheGameAndTheScreenshot) {
  const GuiArguments parsed = ParseGuiArguments(
      {"tabref-gui", "--db", "games.sqlite", "--open", "7", "--screenshot", "out.png"});
  EXPECT_EQ(parsed.database, "games.sqlite");
  EXPECT_EQ(parsed.open, 7);
  EXPECT_EQ(parsed.screenshot, "out.png");
  EXPECT_FALSE(parsed.help);
}

TEST(CommandLineTest, ReadsTheLiveDemo) {
  const GuiArguments parsed = ParseGuiArguments(
      {"tabref-gui", "--demo", "bocce", "--seed", "4", "--annotated", "demo.mp4"});
  EXPECT_EQ(parsed.demo, "bocce");
  EXPECT_EQ(parsed.seed, 4u);
  EXPECT_EQ(parsed.annotated, "demo.mp4");
  EXPECT_THROW(ParseGuiArguments({"tabref-gui", "--demo", "chess"}), UsageError);
  EXPECT_THROW(ParseGuiArguments({"tabref-gui", "--demo", "bocce", "--seed", "x"}), UsageError);
}

TEST(CommandLineTest, RefusesBadUsage) {
  EXPECT_THROW(ParseGuiArguments({"tabref-gui", "--open", "seven"}), UsageError);
  EXPECT_THROW(ParseGuiArguments({"tabref-gui", "--open", "0"}), UsageError);
  EXPECT_THROW(ParseGuiArguments({"tabref-gui", "--db"}), UsageError);
  EXPECT_THROW(ParseGuiArguments({"tabref-gui", "--colour", "red"}), UsageError);
  EXPECT_THROW(ParseGuiArguments({"tabref-gui", "--screenshot", "out.png"}), UsageError);
}

TEST(CommandLineTest, ScreenshotRendersTheStoredGameAndExits) {
  testing::TempStore temp;
  std::int64_t id = 0;
  {
    auto store = temp.Open();
    id = data::GameSession::Import(*store, testing::SampleLog("card-golf")).id();
  }
  const QString png = temp.directory() + "/shot.png";
  const ProcessResult run = RunGui({"--db", QString::fromStdString(temp.path()), "--open",
                                    QString::number(id), "--screenshot", png});
  EXPECT_EQ(run.status, 0) << run.error.toStdString();
  const QImage image(png);
  ASSERT_FALSE(image.isNull());
  EXPECT_GT(image.width(), 800);
}

TEST(CommandLineTest, ExitsWithTwoOnBadUsageAndOneOnAMissingGameOrDatabase) {
  testing::TempStore temp;
  { temp.Open(); }
  const QString png = temp.directory() + "/shot.png";

  const ProcessResult usage = RunGui({"--open", "x"});
  EXPECT_EQ(usage.status, 2);
  EXPECT_EQ(usage.error.count("tabref-gui: "), 1) << usage.error.toStdString();

  const ProcessResult no_game =
      RunGui({"--db", QString::fromStdString(temp.path()), "--open", "99", "--screenshot", png});
  EXPECT_EQ(no_game.status, 1);
  EXPECT_EQ(no_game.error.count("tabref-gui: "), 1) << no_game.error.toStdString();

  const ProcessResult no_database =
      RunGui({"--db", temp.directory() + "/missing.sqlite", "--open", "1", "--screenshot", png});
  EXPECT_EQ(no_database.status, 1);
  EXPECT_FALSE(QFile::exists(temp.directory() + "/missing.sqlite"));
  EXPECT_FALSE(QFile::exists(png));
}

}  // namespace
}  // namespace tabref::gui
