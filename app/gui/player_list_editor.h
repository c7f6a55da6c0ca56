#pragma once

#include <QStringList>
#include <QWidget>
#include <vector>

#include "rules/core/game_setup.h"

class QComboBox;
class QCompleter;
class QLineEdit;
class QVBoxLayout;
class QPushButton;

namespace tabref::gui {

// The players of a new game in seat order, each name completed from the players the
// store knows, and, for games played by sides, which of the two teams each one joins.
class PlayerListEditor : public QWidget {
  Q_OBJECT

 public:
  PlayerListEditor(const QStringList& known_players, QWidget* parent = nullptr);

  // Keeps the names typed so far; adds or removes rows to fit [min, max].
  void setLimits(int min_players, int max_players, bool with_teams);
  void setPlayerCount(int count);
  // Fills in the names in seat order (as many rows as fit the limits).
  void setNames(const QStringList& names);
  int playerCount() const { return static_cast<int>(rows_.size()); }
  QLineEdit* nameEdit(int seat) const { return rows_[static_cast<size_t>(seat)].name; }
  QComboBox* teamChoice(int seat) const { return rows_[static_cast<size_t>(seat)].team; }
  QLineEdit* teamNameEdit(int team) const { return team_names_[static_cast<size_t>(team)]; }

  std::vector<std::string> players() const;
  // Empty when the game is not played by sides.
  std::vector<rules::Team> teams() const;

 signals:
  // A name was edited (when its field is left), or a player was added or removed.
  void namesChanged();

 private:
  struct Row {
    QWidget* widget;
    QLineEdit* name;
    QComboBox* team;
  };

  void addRow();
  void removeRow();
  void updateTeamChoices();
  void updateButtons();

  QCompleter* completer_;
  QWidget* team_box_;
  std::vector<QLineEdit*> team_names_;
  QVBoxLayout* rows_layout_;
  QPushButton* add_;
  QPushButton* remove_;
  std::vector<Row> rows_;
  int min_players_ = 1;
  int max_players_ = 1;
  bool with_teams_ = false;
};

}  // namespace tabref::gui
