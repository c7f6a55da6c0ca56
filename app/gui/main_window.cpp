#include "app/gui/main_window.h"

#include <QFileDialog>
#include <QKeySequence>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>
#include <memory>

#include "app/gui/action_log_view.h"
#include "app/gui/action_panel.h"
#include "app/gui/camera_view.h"
#include "app/gui/game_choices.h"
#include "app/gui/game_panel.h"
#include "app/gui/history_dialog.h"
#include "app/gui/new_game_dialog.h"
#include "app/gui/open_game_dialog.h"
#include "app/gui/qt_text.h"
#include "app/gui/scoreboard_window.h"
#include "app/gui/scorecard_export.h"
#include "app/gui/scorecard_view.h"
#include "app/gui/stats_dialog.h"
#include "app/gui/status_banner.h"
#include "rules/core/field_reader.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

constexpr int kProblemShownMs = 15000;

QString GameTitle(const rules::State& state) {
  return ToQString(rules::FindGameType(state.game().setup().game).title);
}

}  // namespace

MainWindow::MainWindow(data::GameStore& store, QWidget* parent)
    : QMainWindow(parent),
      controller_(store),
      banner_(new StatusBanner),
      camera_(new CameraView),
      scorecard_(new ScorecardView),
      action_panel_(new ActionPanel),
      action_log_(new ActionLogView(controller_)),
      sheet_layout_(new QVBoxLayout) {
  setWindowTitle("tabref");
  banner_->setObjectName("statusBanner");
  scorecard_->setObjectName("scorecard");

  auto* left = new QSplitter(Qt::Vertical);
  left->addWidget(camera_);
  left->addWidget(action_log_);
  left->setSizes({560, 300});

  // The game panel takes the height it needs below the scorecard; the sheet the rest.
  auto* sheet = new QWidget;
  sheet_layout_->setContentsMargins(0, 0, 0, 0);
  sheet_layout_->addWidget(scorecard_, 1);
  sheet->setLayout(sheet_layout_);
  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(sheet);
  right->addWidget(action_panel_);
  right->setSizes({640, 220});

  auto* columns = new QSplitter(Qt::Horizontal);
  columns->addWidget(left);
  columns->addWidget(right);
  // The scorecard is what the table looks at; the camera placeholder gets the rest.
  columns->setSizes({560, 840});

  auto* centre = new QWidget;
  auto* layout = new QVBoxLayout(centre);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(banner_);
  layout->addWidget(columns, 1);
  setCentralWidget(centre);
  resize(1400, 900);

  buildMenus();
  connect(&controller_, &GameController::gameOpened, this, &MainWindow::showNewGame);
  connect(&controller_, &GameController::stateChanged, this, &MainWindow::refresh);
  connect(&controller_, &GameController::failed, this, &MainWindow::showProblem);
  connect(action_panel_, &ActionPanel::actionEntered, this,
          [this](const rules::Json& body) { controller_.act(body); });
  action_panel_->showNoGame();
  action_log_->refresh({});
}

MainWindow::~MainWindow() { delete scoreboard_; }

ScoreboardWindow* MainWindow::scoreboard() const { return scoreboard_; }

void MainWindow::buildMenus() {
  QMenu* game = menuBar()->addMenu(tr("&Game"));
  game->addAction(tr("&New game…"), QKeySequence::New, this, &MainWindow::newGame);
  game->addAction(tr("&Open stored game…"), QKeySequence::Open, this, &MainWindow::openStoredGame);
  game->addSeparator();
  game->addAction(tr("Export scorecard as &PDF…"), QKeySequence::Print, this,
                  &MainWindow::exportPdf);
  game->addAction(tr("Export scorecard as &CSV…"), QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_E),
                  this, &MainWindow::exportCsv);
  game->addSeparator();
  game->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  edit->addAction(tr("&Undo last action"), QKeySequence::Undo, &controller_, &GameController::undo);
  edit->addAction(tr("&Correct selected action…"), QKeySequence(Qt::CTRL | Qt::Key_E), action_log_,
                  &ActionLogView::correctSelected);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("Full-screen &scoreboard"), QKeySequence(Qt::Key_F11), this,
                  &MainWindow::toggleScoreboard);
  view->addAction(tr("Game &history…"), QKeySequence(Qt::CTRL | Qt::Key_H), this,
                  &MainWindow::showHistory);
  view->addAction(tr("Player s&tatistics…"), QKeySequence(Qt::CTRL | Qt::Key_T), this,
                  &MainWindow::showStatistics);
}

void MainWindow::showNewGame() {
  delete game_panel_;
  game_panel_ = MakeGamePanel(controller_.state().game().setup().game).release();
  if (game_panel_) sheet_layout_->addWidget(game_panel_);
  setWindowTitle(
      tr("tabref — %1 #%2").arg(GameTitle(controller_.state())).arg(controller_.gameId()));
  refresh();
}

void MainWindow::refresh() {
  if (!controller_.hasGame()) return;
  const rules::State& state = controller_.state();
  const FieldChoices choices = ActionChoices(state);
  banner_->showState(state);
  scorecard_->showTable(state.Scorecard());
  if (game_panel_) game_panel_->showState(state);
  action_panel_->showActions(state, choices);
  action_log_->refresh(choices);
  if (scoreboard_) scoreboard_->showState(state);
}

void MainWindow::showProblem(const QString& problem) {
  last_problem_ = problem;
  statusBar()->showMessage(problem, kProblemShownMs);
}

void MainWindow::newGame() {
  QStringList known;
  try {
    for (const data::PlayerRecord& player : controller_.store().Players()) {
      known << ToQString(player.name);
    }
  } catch (const std::exception& error) {
    showProblem(ToQString(error.what()));
  }
  NewGameDialog dialog(known, this);
  if (dialog.exec() == QDialog::Accepted) controller_.startGame(dialog.setup());
}

void MainWindow::openStoredGame() {
  OpenGameDialog dialog(controller_.store(), this);
  if (dialog.exec() == QDialog::Accepted && dialog.selectedGameId() != 0) {
    controller_.openGame(dialog.selectedGameId());
  }
}

void MainWindow::offerUnfinishedGame() {
  std::vector<data::GameRecord> unfinished;
  try {
    unfinished = controller_.store().Games(/*unfinished_only=*/true);
  } catch (const std::exception& error) {
    showProblem(ToQString(error.what()));
    return;
  }
  if (unfinished.empty()) return;
  const data::GameRecord& latest = unfinished.front();
  QStringList players;
  for (const std::string& name : latest.setup.players) players << ToQString(name);
  const auto answer =
      QMessageBox::question(this, tr("Continue?"),
                            tr("%1 #%2 with %3 is not finished. Continue it?")
                                .arg(ToQString(rules::FindGameType(latest.setup.game).title))
                                .arg(latest.id)
                                .arg(players.join(", ")));
  if (answer == QMessageBox::Yes) controller_.openGame(latest.id);
}

QString MainWindow::exportPath(const QString& filter, const QString& suffix) {
  const QString suggested = QString("tabref-game-%1.%2").arg(controller_.gameId()).arg(suffix);
  return QFileDialog::getSaveFileName(this, tr("Export scorecard"), suggested, filter);
}

void MainWindow::exportPdf() {
  if (!controller_.hasGame()) return;
  const QString path = exportPath(tr("PDF (*.pdf)"), "pdf");
  if (!path.isEmpty()) exportPdfTo(path);
}

void MainWindow::exportCsv() {
  if (!controller_.hasGame()) return;
  const QString path = exportPath(tr("CSV (*.csv)"), "csv");
  if (!path.isEmpty()) exportCsvTo(path);
}

bool MainWindow::exportPdfTo(const QString& path) {
  if (!controller_.hasGame()) return false;
  const rules::State& state = controller_.state();
  return reportExport(path, ExportScorecardPdf(state.Scorecard(), StatusText(state), path));
}

bool MainWindow::exportCsvTo(const QString& path) {
  if (!controller_.hasGame()) return false;
  return reportExport(path, ExportScorecardCsv(controller_.state().Scorecard(), path));
}

bool MainWindow::reportExport(const QString& path, const QString& problem) {
  if (!problem.isEmpty()) {
    showProblem(problem);
    return false;
  }
  statusBar()->showMessage(tr("Saved %1").arg(path), kProblemShownMs);
  return true;
}

void MainWindow::toggleScoreboard() {
  if (scoreboard_) {
    scoreboard_->close();
    return;
  }
  scoreboard_ = new ScoreboardWindow;
  scoreboard_->setAttribute(Qt::WA_DeleteOnClose);
  if (controller_.hasGame()) scoreboard_->showState(controller_.state());
  scoreboard_->showFullScreen();
}

void MainWindow::showHistory() {
  HistoryDialog dialog(controller_.store(), this);
  dialog.exec();
}

void MainWindow::showStatistics() {
  StatsDialog dialog(controller_.store(), this);
  dialog.exec();
}

}  // namespace tabref::gui
