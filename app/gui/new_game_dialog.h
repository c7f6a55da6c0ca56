#pragma once

#include <QDialog>
#include <QStringList>

#include "rules/core/game_setup.h"

class QComboBox;
class QLabel;
class QVBoxLayout;

namespace tabref::gui {

class JsonForm;
class PlayerListEditor;

// Sets up a new game: the game, its players (completed from the known players) and
// teams, and every option of the game with an editor of its type. The setup is checked
// by the rules before the dialog closes, so what it returns can be started.
class NewGameDialog : public QDialog {
  Q_OBJECT

 public:
  explicit NewGameDialog(const QStringList& known_players, QWidget* parent = nullptr);

  // Selects a game by its registry name ("bocce").
  void selectGame(const std::string& name);
  PlayerListEditor& players() { return *players_; }
  JsonForm& options() { return *options_; }
  rules::GameSetup setup() const;

 public slots:
  void accept() override;

 private:
  void showGame(int index);

  QComboBox* game_;
  QLabel* description_;
  PlayerListEditor* players_;
  QVBoxLayout* options_area_;
  JsonForm* options_ = nullptr;
  QLabel* problem_;
};

}  // namespace tabref::gui
