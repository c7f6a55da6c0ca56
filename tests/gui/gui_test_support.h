#pragma once

#include <gtest/gtest.h>

#include <QPushButton>
#include <QString>
#include <QTemporaryDir>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "app/gui/main_window.h"
#include "app/gui/new_game_dialog.h"
#include "data/store/sqlite_game_store.h"
#include "rules/core/json.h"

namespace tabref::gui::testing {

// A game store in a fresh temporary directory, removed after the test.
class TempStore {
 public:
  TempStore();
  std::string path() const;
  QString directory() const { return directory_.path(); }
  // A new connection, as a restarted program would open it.
  std::unique_ptr<data::SqliteGameStore> Open() const;

 private:
  QTemporaryDir directory_;
};

// The button of the legal action whose label contains `label`, or nullptr.
QPushButton* ActionButton(MainWindow& window, const QString& label);
// Clicks the action button whose label contains `label`; fails the test when there is none.
void ClickAction(MainWindow& window, const QString& label);
// Clicks the entry form's Enter button.
void EnterForm(MainWindow& window);
// Sets the drop-down at JSON pointer `pointer` of the open entry form.
void ChooseInForm(MainWindow& window, const QString& pointer, const QString& value);

// Runs `step` once, from the event loop: call it just before opening a modal dialog, and
// `step` runs inside the dialog's loop, where QApplication::activeModalWidget() is the dialog.
void WhenModalOpens(QObject& context, const std::function<void()>& step);

// Fills in a new game dialog: the game, the players' names typed into their fields,
// then `configure` for anything else, then OK.
void FillNewGameDialog(NewGameDialog& dialog, const std::string& game,
                       const std::vector<QString>& players,
                       const std::function<void(NewGameDialog&)>& configure = {});
// Starts a game through the dialog, as Ctrl+N does.
void StartGameThroughDialog(MainWindow& window, const std::string& game,
                            const std::vector<QString>& players,
                            const std::function<void(NewGameDialog&)>& configure = {});

// The text of scorecard cell (row, column) as the view shows it: row 0 and column 0 are
// the names and the labels, so the ScoreTable's row r, column c is at (r + 1, c + 1).
QString ScorecardCell(MainWindow& window, int row, int column);

// Applies the legal action whose label contains `label`; fails the test when there is none.
void ApplyByLabel(rules::State& state, const std::string& label);

// A finished game log of `game`: data/samples/<game>.json when it is there, else a seeded
// random playout to the end.
rules::Json SampleLog(const std::string& game);

// The registered games' names, and a test name made of one ("card-golf" -> card_golf).
std::vector<std::string> GameNames();
std::string GameTestName(const ::testing::TestParamInfo<std::string>& game);

// Where tests write files worth looking at (screenshots).
QString OutputDirectory();

}  // namespace tabref::gui::testing
