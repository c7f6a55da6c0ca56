#include "app/gui/main_window.h"

#include <QFileDialog>
#include <QGuiApplication>
#include <QKeySequence>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSplitter>
#include <QStatusBar>
#include <QVBoxLayout>
#include <memory>

#include "app/gui/action_log_view.h"
#include "app/gui/action_panel.h"
#include "app/gui/calibration_wizard.h"
#include "app/gui/camera_view.h"
#include "app/gui/game_choices.h"
#include "app/gui/game_panel.h"
#include "app/gui/history_dialog.h"
#include "app/gui/live_camera.h"
#include "app/gui/new_game_dialog.h"
#include "app/gui/open_game_dialog.h"
#include "app/gui/paper_sheet.h"
#include "app/gui/qt_text.h"
#include "app/gui/question_bar.h"
#include "app/gui/scoreboard_window.h"
#include "app/gui/scorecard_export.h"
#include "app/gui/scorecard_marks.h"
#include "app/gui/scorecard_view.h"
#include "app/gui/source_dialog.h"
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
      question_bar_(new QuestionBar),
      live_camera_(new LiveCamera(controller_, *camera_, *question_bar_, this)),
      sheet_title_(new QLabel),
      panel_area_(new QScrollArea) {
  setWindowTitle("tabref");
  banner_->setObjectName("statusBanner");
  scorecard_->setObjectName("scorecard");

  auto* left = new QSplitter(Qt::Vertical);
  left->addWidget(camera_);
  left->addWidget(action_log_);
  left->setSizes({560, 300});

  // The scorecard as tall as its rows (it scrolls when they do not fit), the game's panel
  // right below it.
  auto* sheet = new QWidget;
  auto* sheet_layout = new QVBoxLayout(sheet);
  sheet_layout->setContentsMargins(0, 0, 0, 0);
  sheet_title_->setObjectName("sheetTitle");
  QFont title_font = sheet_title_->font();
  title_font.setPointSize(title_font.pointSize() + 3);
  title_font.setBold(true);
  sheet_title_->setFont(title_font);
  sheet_layout->addWidget(sheet_title_);
  sheet_layout->addWidget(scorecard_);
  panel_area_->setWidgetResizable(true);
  panel_area_->setFrameShape(QFrame::NoFrame);
  sheet_layout->addWidget(panel_area_, 1);
  auto* right = new QSplitter(Qt::Vertical);
  right->addWidget(sheet);
  auto* entry = new QWidget;
  auto* entry_layout = new QVBoxLayout(entry);
  entry_layout->setContentsMargins(0, 0, 0, 0);
  entry_layout->addWidget(question_bar_);
  entry_layout->addWidget(action_panel_, 1);
  right->addWidget(entry);
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
  connect(live_camera_, &LiveCamera::failed, this, &MainWindow::showProblem);
  auto* camera_status = new QLabel;
  statusBar()->addPermanentWidget(camera_status);
  connect(live_camera_, &LiveCamera::statusChanged, camera_status, &QLabel::setText);
  connect(action_panel_, &ActionPanel::actionEntered, this,
          [this](const rules::Json& body) { controller_.act(body); });
  action_panel_->showNoGame();
  action_log_->refresh({});
  scorecard_->clearSheet();
}

bool MainWindow::startUp(std::optional<std::int64_t> open) {
  if (open) return controller_.openGame(*open);
  offerUnfinishedGame();
  return true;
}

MainWindow::~MainWindow() {
  // The referee's last actions are recorded while the window can still show them.
  delete live_camera_;
  delete scoreboard_;
}

ScoreboardWindow* MainWindow::scoreboard() const { return scoreboard_; }

QString MainWindow::sheetTitle() const { return sheet_title_->text(); }

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
  edit->addAction(tr("&Undo last action"), QKeySequence::Undo, this, [this] {
    if (controller_.undo()) {
      statusBar()->showMessage(tr("Action taken back; Ctrl+Shift+Z puts it back"), kProblemShownMs);
    }
  });
  QAction* redo = edit->addAction(tr("&Redo undone action"), &controller_, &GameController::redo);
  // Ctrl+Shift+Z everywhere (the undo message names it), Ctrl+Y as on Windows.
  redo->setShortcuts(
      {QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_Z), QKeySequence(Qt::CTRL | Qt::Key_Y)});
  redo->setEnabled(false);
  for (auto signal : {&GameController::stateChanged, &GameController::gameOpened}) {
    connect(&controller_, signal, redo, [this, redo] { redo->setEnabled(controller_.canRedo()); });
  }
  edit->addAction(tr("&Correct selected action…"), QKeySequence(Qt::CTRL | Qt::Key_E), action_log_,
                  &ActionLogView::correctSelected);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addAction(tr("Full-screen &scoreboard"), QKeySequence(Qt::Key_F11), this,
                  &MainWindow::toggleScoreboard);
  view->addAction(tr("Game &history…"), QKeySequence(Qt::CTRL | Qt::Key_H), this,
                  &MainWindow::showHistory);
  view->addAction(tr("Player s&tatistics…"), QKeySequence(Qt::CTRL | Qt::Key_T), this,
                  &MainWindow::showStatistics);

  QMenu* camera = menuBar()->addMenu(tr("&Camera"));
  camera->addAction(tr("&Calibrate camera…"), this, &MainWindow::calibrateCamera);
  camera->addAction(tr("&Connect…"), this, &MainWindow::connectCamera);
  QAction* disconnect_camera =
      camera->addAction(tr("&Disconnect"), live_camera_, &LiveCamera::disconnectSource);
  disconnect_camera->setEnabled(false);
  connect(live_camera_, &LiveCamera::connectedChanged, disconnect_camera, &QAction::setEnabled);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&Keyboard shortcuts"), QKeySequence::HelpContents, this,
                  &MainWindow::showKeys);
}

void MainWindow::calibrateCamera() {
  CalibrationWizard wizard(controller_.store(), this);
  wizard.exec();
}

void MainWindow::connectCamera() {
  const QString why_not = live_camera_->whyNotRefereed();
  if (!why_not.isEmpty()) {
    showProblem(why_not);
    return;
  }
  SourceDialog dialog(live_camera_->source(), live_camera_->cameraName(), this);
  if (dialog.exec() == QDialog::Accepted)
    live_camera_->connectSource(dialog.sourceName(), dialog.cameraName());
}

void MainWindow::showKeys() {
  QMessageBox::information(
      this, tr("Keyboard shortcuts"),
      tr("<table cellpadding='3'>"
         "<tr><td><b>1</b> … <b>9</b></td><td>enter one of the first nine actions offered</td></tr>"
         "<tr><td><b>Tab</b>, letters, digits</td><td>move through an entry form; type a card "
         "(A, 2 … 10, J, Q, K) or a number</td></tr>"
         "<tr><td><b>Enter</b> / <b>Esc</b></td><td>record the form / go back</td></tr>"
         "<tr><td><b>Ctrl+Z</b> / <b>Ctrl+Shift+Z</b></td><td>undo the last action / put it "
         "back</td></tr>"
         "<tr><td><b>Ctrl+E</b></td><td>correct the action selected in the log</td></tr>"
         "<tr><td><b>F11</b></td><td>full-screen scoreboard (Esc leaves it)</td></tr>"
         "<tr><td><b>Ctrl+N</b> / <b>Ctrl+O</b></td><td>new game / open a stored game</td></tr>"
         "<tr><td><b>Ctrl+H</b> / <b>Ctrl+T</b></td><td>history / player statistics</td></tr>"
         "<tr><td><b>Ctrl+P</b> / <b>Ctrl+Shift+E</b></td><td>export the scorecard as PDF / "
         "CSV</td></tr></table>"));
}

void MainWindow::showNewGame() {
  delete panel_area_->takeWidget();
  game_panel_ = MakeGamePanel(controller_.state().game().setup().game).release();
  if (game_panel_) panel_area_->setWidget(game_panel_);
  setWindowTitle(
      tr("tabref — %1 #%2").arg(GameTitle(controller_.state())).arg(controller_.gameId()));
  refresh();
}

void MainWindow::refresh() {
  if (!controller_.hasGame()) return;
  const rules::State& state = controller_.state();
  const FieldChoices choices = ActionChoices(state);
  banner_->showState(state);
  scorecard_->showState(state);
  sheet_title_->setText(ToQString(scorecard_->table().title));
  if (game_panel_) game_panel_->showState(state);
  action_panel_->showActions(state, choices);
  action_log_->refresh(choices);
  if (scoreboard_) scoreboard_->showState(state);
}

void MainWindow::showProblem(const QString& problem) {
  last_problem_ = problem;
  statusBar()->showMessage(problem, kProblemShownMs);
}

KnownPlayers MainWindow::knownPlayers() {
  KnownPlayers known;
  try {
    for (const data::PlayerRecord& player : controller_.store().Players()) {
      known.names << ToQString(player.name);
    }
    // Newest first: the first game of each kind is its last table.
    for (const data::GameRecord& game : controller_.store().Games(/*unfinished_only=*/false)) {
      if (known.last_game.count(game.setup.game) > 0) continue;
      QStringList& players = known.last_game[game.setup.game];
      for (const std::string& name : game.setup.players) players << ToQString(name);
    }
  } catch (const std::exception& error) {
    showProblem(ToQString(error.what()));
  }
  return known;
}

void MainWindow::newGame() {
  NewGameDialog dialog(knownPlayers(), this);
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
  QMessageBox question(QMessageBox::Question, tr("Continue?"),
                       tr("%1 #%2 with %3 is not finished (%4 entries, started %5). Continue it?")
                           .arg(ToQString(rules::FindGameType(latest.setup.game).title))
                           .arg(latest.id)
                           .arg(ToQString(rules::JoinChoices(latest.setup.players, "and")))
                           .arg(latest.journal_entries)
                           .arg(ToQString(latest.created_at).left(16).replace('T', ' ')),
                       QMessageBox::Yes | QMessageBox::No, this);
  question.button(QMessageBox::Yes)->setText(tr("Continue #%1").arg(latest.id));
  question.button(QMessageBox::No)->setText(tr("Not now"));
  QPushButton* others = nullptr;
  if (unfinished.size() > 1) {
    others = question.addButton(tr("Other games in play (%1)…").arg(unfinished.size() - 1),
                                QMessageBox::ActionRole);
  }
  question.setDefaultButton(QMessageBox::Yes);
  question.exec();
  if (question.clickedButton() == question.button(QMessageBox::Yes)) {
    controller_.openGame(latest.id);
  } else if (others != nullptr && question.clickedButton() == others) {
    OpenGameDialog dialog(controller_.store(), this, /*unfinished_only=*/true);
    if (dialog.exec() == QDialog::Accepted && dialog.selectedGameId() != 0) {
      controller_.openGame(dialog.selectedGameId());
    }
  }
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
  const rules::ScoreTable table = PaperSheet(state);
  SheetPaintOptions options;
  options.corner = CornerLabel(state);
  options.footer = StatusText(state);
  QString started;
  try {
    started = ToQString(controller_.store().Game(controller_.gameId()).created_at).left(10);
  } catch (const std::exception& error) {
    showProblem(ToQString(error.what()));
  }
  options.subtitle = tr("%1, game #%2%3: %4")
                         .arg(ToQString(rules::FindGameType(state.game().setup().game).title))
                         .arg(controller_.gameId())
                         .arg(started.isEmpty() ? QString() : tr(" of %1").arg(started))
                         .arg(ToQString(rules::JoinChoices(state.game().setup().players, "and")));
  return reportExport(path, ExportScorecardPdf(table, MarksFor(state, table), options, path));
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
  // A second screen (a projector or a TV) gets the scoreboard; else this one.
  QScreen* target = screen();
  for (QScreen* other : QGuiApplication::screens()) {
    if (other != screen()) {
      target = other;
      break;
    }
  }
  scoreboard_->showFullScreenOn(target);
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
