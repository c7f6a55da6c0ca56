#include <gtest/gtest.h>

#include <QDir>
#include <QFile>

#include "app/gui/scorecard_export.h"
#include "data/export/scorecard_csv.h"
#include "data/session/game_session.h"
#include "gui_test_support.h"

namespace tabref::gui {
namespace {

class ExportTest : public ::testing::Test {
 protected:
  void SetUp() override {
    store_ = temp_.Open();
    window_ = std::make_unique<MainWindow>(*store_);
    const auto id = data::GameSession::Import(*store_, testing::SampleLog("bocce")).id();
    ASSERT_TRUE(window_->controller().openGame(id));
  }

  QByteArray Read(const QString& name) {
    QFile file(temp_.directory() + "/" + name);
    EXPECT_TRUE(file.open(QIODevice::ReadOnly)) << name.toStdString();
    return file.readAll();
  }

  // Only the exported files: nothing temporary is left behind.
  QStringList Exported() {
    return QDir(temp_.directory()).entryList({"*.pdf*", "*.csv*"}, QDir::Files);
  }

  testing::TempStore temp_;
  std::unique_ptr<data::SqliteGameStore> store_;
  std::unique_ptr<MainWindow> window_;
};

TEST_F(ExportTest, PdfIsOnePageOfTheScorecard) {
  ASSERT_TRUE(window_->exportPdfTo(temp_.directory() + "/card.pdf"))
      << window_->lastProblem().toStdString();
  const QByteArray pdf = Read("card.pdf");
  EXPECT_TRUE(pdf.startsWith("%PDF-"));
  EXPECT_GE(pdf.count("/Type /Page\n") + pdf.count("/Type /Page\r") + pdf.count("/Type /Page "), 1);
  EXPECT_TRUE(pdf.contains("/Title")) << "the title is the scorecard's";
  EXPECT_GT(pdf.size(), 1000);
  EXPECT_EQ(Exported(), QStringList{"card.pdf"});
}

TEST_F(ExportTest, CsvHasEveryRowOfTheScorecard) {
  ASSERT_TRUE(window_->exportCsvTo(temp_.directory() + "/card.csv"));
  const QByteArray csv = Read("card.csv");
  const rules::ScoreTable table = window_->controller().state().Scorecard();
  EXPECT_EQ(csv.toStdString(), data::ScorecardCsv(table));
  const QList<QByteArray> lines = csv.trimmed().split('\n');
  ASSERT_EQ(lines.size(), static_cast<qsizetype>(table.rows.size()) + 1);
  EXPECT_TRUE(lines.back().startsWith("Total"));
  EXPECT_EQ(Exported(), QStringList{"card.csv"});
}

TEST_F(ExportTest, AnUnwritablePlaceIsReportedAndLeavesNothing) {
  EXPECT_FALSE(window_->exportCsvTo(temp_.directory() + "/no/such/folder/card.csv"));
  EXPECT_TRUE(window_->lastProblem().contains("cannot write"))
      << window_->lastProblem().toStdString();
}

}  // namespace
}  // namespace tabref::gui
