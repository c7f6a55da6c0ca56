#pragma once

#include <QDialog>
#include <QStringList>
#include <map>
#include <string>
#include <vector>

#include "rules/core/game_setup.h"

class QComboBox;
class QLabel;
class QPushButton;
class QVBoxLayout;
class QWidget;

namespace tabref::gui {

class JsonForm;
class PlayerListEditor;

// The players remembered by the store: every known name (for completion), and who sat
// down to the last game of each kind (to start the next one with the same table).
struct KnownPlayers {
  QStringList names;
  std::map<std::string, QStringList> last_game;  // by game name: players in seat order
};

// Sets up a new game: the game, its players (the last table of that game filled in,
// every name completed from the known players) and teams, and every option of the game
// with an editor of its type and a tooltip saying what it does; the rules the players
// choose come first, the table's measurements (court, tile and coin sizes) fold away. The
// setup is checked by the rules before the dialog closes, so what it returns can be
// started.
class NewGameDialog : public QDialog {
  Q_OBJECT

 public:
  explicit NewGameDialog(const KnownPlayers& known, QWidget* parent = nullptr);

  // Selects a game by its registry name ("bocce").
  void selectGame(const std::string& name);
  PlayerListEditor& players() { return *players_; }
  // The rules' options (target, bust rule, par, ...).
  JsonForm& options() { return *options_; }
  // The table's options (court, sizes, tolerances), or nullptr when the game has none.
  JsonForm* tableOptions() { return table_options_; }
  rules::GameSetup setup() const;

 public slots:
  void accept() override;

 private:
  void showGame(int index);
  // Rebuilds the option forms, keeping their values, when the choices depend on the names.
  void showOptions(const rules::Json& values);

  KnownPlayers known_;
  std::vector<std::string> prefilled_;  // the names filled in from a last game
  QComboBox* game_;
  QLabel* description_;
  QLabel* remembered_;
  PlayerListEditor* players_;
  QVBoxLayout* options_area_;
  QPushButton* table_toggle_;
  QWidget* table_box_;
  QVBoxLayout* table_area_;
  JsonForm* options_ = nullptr;
  JsonForm* table_options_ = nullptr;
  QLabel* problem_;
};

}  // namespace tabref::gui
