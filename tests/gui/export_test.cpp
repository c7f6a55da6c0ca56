#include <gtest/gtest.h>

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QRegularExpression>

#include "app/gui/scorecard_export.h"
#include "data/export/scorecard_csv.h"
#include "data/session/game_session.h"
#include "gui_test_support.h"

namespace tabref::gui {
namespace {

// The text of a PDF as poppler's pdftotext reads it (scripts/debian-packages.txt:
// poppler-utils), in the page's layout.
QString PdfText(const QString& pdf) {
  QProcess process;
  process.start("pdftotext", {"-layout", pdf, "-"});
  if (!process.waitForFinished(30000) || process.exitCode() != 0) {
    ADD_FAILURE() << "pdftotext failed (is poppler-utils installed?): "
                  << process.readAllStandardError().toStdString();
    return {};
  }
  // NFKC: the PDF's ligatures ("ﬁ") back to letters.
  return QString::fromUtf8(process.readAllStandardOutput())
      .normalized(QString::NormalizationForm_KC);
}

class ExportTest : public ::testing::Test {
 protected:
  void Open(const std::string& game) {
    store_ = temp_.Open();
    window_ = std::make_unique<MainWindow>(*store_);
    const auto id = data::GameSession::Import(*store_, testing::SampleLog(game)).id();
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

// The rulebook's Ppolf sheet: holes by suit, each suit's total, the game total, per player.
TEST_F(ExportTest, PdfIsThePpolfPaperSheet) {
  Open("ppolf");
  ASSERT_TRUE(window_->exportPdfTo(temp_.directory() + "/card.pdf"))
      << window_->lastProblem().toStdString();
  const QByteArray pdf = Read("card.pdf");
  EXPECT_TRUE(pdf.startsWith("%PDF-"));
  EXPECT_EQ(Exported(), QStringList{"card.pdf"});

  const QString text = PdfText(temp_.directory() + "/card.pdf");
  const rules::ScoreTable table = window_->controller().state().Scorecard();
  EXPECT_TRUE(text.contains("Ppolf Scorecard"));
  EXPECT_TRUE(text.contains("Players"));
  for (const std::string& player : table.columns) {
    EXPECT_TRUE(text.contains(QString::fromStdString(player))) << player;
  }
  // Every row, with its cells in order on the row's line.
  for (const rules::ScoreTable::Row& row : table.rows) {
    QString pattern = QRegularExpression::escape(QString::fromStdString(row.label));
    for (const std::string& cell : row.cells) {
      pattern += R"(\s+)" + QRegularExpression::escape(QString::fromStdString(cell));
    }
    EXPECT_TRUE(text.contains(QRegularExpression(pattern))) << row.label << "\n"
                                                            << text.toStdString();
  }
  EXPECT_TRUE(text.contains("Red Total") && text.contains("Blue Total") &&
              text.contains("Green Total") && text.contains("Game Total"));
  EXPECT_TRUE(text.contains("Winner: Bea")) << "the result is on the sheet";
}

TEST_F(ExportTest, CsvHasEveryRowOfTheScorecard) {
  Open("bocce");
  ASSERT_TRUE(window_->exportCsvTo(temp_.directory() + "/card.csv"));
  const QByteArray csv = Read("card.csv");
  const rules::ScoreTable table = window_->controller().state().Scorecard();
  EXPECT_EQ(csv.toStdString(), data::ScorecardCsv(table));
  const QList<QByteArray> lines = csv.trimmed().split('\n');
  ASSERT_EQ(lines.size(), static_cast<qsizetype>(table.rows.size()) + 1);
  EXPECT_TRUE(lines.front().contains("Suns") && lines.front().contains("Moons"));
  EXPECT_EQ(lines.back(), "Total,11,3");
  EXPECT_TRUE(csv.contains("+2 bust -> 8")) << "the bust is on the exported sheet";
  EXPECT_EQ(Exported(), QStringList{"card.csv"});
}

TEST_F(ExportTest, AnUnwritablePlaceIsReportedAndLeavesNothing) {
  Open("bocce");
  EXPECT_FALSE(window_->exportCsvTo(temp_.directory() + "/no/such/folder/card.csv"));
  EXPECT_TRUE(window_->lastProblem().contains("cannot write"))
      << window_->lastProblem().toStdString();
  EXPECT_FALSE(window_->exportPdfTo(temp_.directory() + "/no/such/folder/card.pdf"));
  EXPECT_TRUE(Exported().isEmpty());
}

// Each finished sample as a PDF in the build directory (gui-<game>.pdf), to look at; its
// text holds the title, the players and the total row.
class PdfOfEveryGameTest : public ::testing::TestWithParam<std::string> {};

TEST_P(PdfOfEveryGameTest, HoldsTheSheetAndTheResult) {
  testing::TempStore temp;
  auto store = temp.Open();
  MainWindow window(*store);
  const auto id = data::GameSession::Import(*store, testing::SampleLog(GetParam())).id();
  ASSERT_TRUE(window.controller().openGame(id));
  const QString path =
      testing::OutputDirectory() + "/gui-" + QString::fromStdString(GetParam()) + ".pdf";
  ASSERT_TRUE(window.exportPdfTo(path)) << window.lastProblem().toStdString();
  const QString text = PdfText(path).simplified();
  const rules::ScoreTable table = window.controller().state().Scorecard();
  EXPECT_TRUE(text.contains(QString::fromStdString(table.title).simplified())) << table.title;
  EXPECT_TRUE(text.contains(QString("game #%1").arg(id)));
  EXPECT_TRUE(text.contains("Winner:")) << text.toStdString();
  for (const std::string& cell : table.rows.back().cells) {
    EXPECT_TRUE(text.contains(QString::fromStdString(cell))) << cell;
  }
  if (GetParam() == "card-golf") {
    // The revealed cards go on the paper too, above the breakdown.
    const rules::Json& first = table.details["players"][0]["revealed"];
    QString field;
    for (const auto& card : first["field"]) field += QString::fromStdString(card) + " ";
    EXPECT_TRUE(text.contains("Field cards " + field.trimmed())) << text.toStdString();
    EXPECT_TRUE(text.contains("Hand cards"));
  }
}

INSTANTIATE_TEST_SUITE_P(AllGames, PdfOfEveryGameTest, ::testing::ValuesIn(testing::GameNames()),
                         testing::GameTestName);

}  // namespace
}  // namespace tabref::gui
