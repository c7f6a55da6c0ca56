#pragma once

#include <QMainWindow>
#include <QPointer>
#include <optional>

#include "app/gui/game_controller.h"
#include "app/gui/new_game_dialog.h"

class QAction;
class QLabel;
class QScrollArea;
class QSplitter;

namespace tabref::gui {

class ActionLogView;
class ActionPanel;
class CameraView;
class GamePanel;
class LiveCamera;
class QuestionBar;
class ScoreboardWindow;
class ScorecardView;
class StatusBanner;

// The referee's window. The status banner runs across the top; the camera view fills the
// centre with the action log below it; the scorecard, the game's own panel and manual
// entry stand on the right. Every entry goes through the GameController, so the store
// holds it before the window shows it.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(data::GameStore& store, QWidget* parent = nullptr);
  ~MainWindow() override;

  // What the program does once the window is up: open game `open`, or else offer the
  // newest unfinished game. False (with lastProblem()) when `open` cannot be opened.
  bool startUp(std::optional<std::int64_t> open);

  GameController& controller() { return controller_; }
  CameraView& cameraView() { return *camera_; }
  StatusBanner& banner() { return *banner_; }
  ScorecardView& scorecard() { return *scorecard_; }
  QString sheetTitle() const;
  ActionPanel& actionPanel() { return *action_panel_; }
  ActionLogView& actionLog() { return *action_log_; }
  LiveCamera& liveCamera() { return *live_camera_; }
  QuestionBar& questionBar() { return *question_bar_; }
  // The current game's panel, or nullptr.
  GamePanel* gamePanel() { return game_panel_; }
  // The full-screen scoreboard while it is shown, or nullptr.
  ScoreboardWindow* scoreboard() const;
  // The last refusal or failure shown to the user.
  QString lastProblem() const { return last_problem_; }

 public slots:
  void newGame();
  void openStoredGame();
  // Asks whether to continue the newest unfinished game, when there is one.
  void offerUnfinishedGame();
  // Ask for a file name, then export.
  void exportPdf();
  void exportCsv();
  bool exportPdfTo(const QString& path);
  bool exportCsvTo(const QString& path);
  void toggleScoreboard();
  void showHistory();
  void showStatistics();
  void calibrateCamera();
  void showKeys();
  // Camera → Connect…: picks the source and starts the live referee on the game in play.
  void connectCamera();

 private:
  void buildMenus();
  void showNewGame();
  void refresh();
  void showProblem(const QString& problem);
  QString exportPath(const QString& filter, const QString& suffix);
  KnownPlayers knownPlayers();
  bool reportExport(const QString& path, const QString& problem);

  GameController controller_;
  StatusBanner* banner_;
  CameraView* camera_;
  ScorecardView* scorecard_;
  ActionPanel* action_panel_;
  ActionLogView* action_log_;
  QuestionBar* question_bar_;  // the live referee's questions, above the manual entry
  LiveCamera* live_camera_;
  QLabel* sheet_title_;              // the sheet's title: the game and what wins it
  QScrollArea* panel_area_;          // below the scorecard: the game's panel
  GamePanel* game_panel_ = nullptr;  // owned by panel_area_
  QPointer<ScoreboardWindow> scoreboard_;
  QString last_problem_;
};

}  // namespace tabref::gui
