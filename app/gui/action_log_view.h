#pragma once

#include <QWidget>

#include "app/gui/json_form.h"

class QPushButton;
class QTableWidget;

namespace tabref::gui {

class GameController;

// Every action of the game in order, with where it came from (manual, vision,
// correction). Undo takes back the last one; Correct replaces any earlier one after a
// confirmation, and the session journals it as a correction.
class ActionLogView : public QWidget {
  Q_OBJECT

 public:
  explicit ActionLogView(GameController& controller, QWidget* parent = nullptr);

  void refresh(const FieldChoices& choices);
  // The 1-based index of the selected action, or 0.
  int selectedAction() const;

 public slots:
  void correctSelected();

 private:
  GameController* controller_;
  FieldChoices choices_;
  QTableWidget* table_;
  QPushButton* undo_;
  QPushButton* correct_;
};

}  // namespace tabref::gui
