#pragma once

#include <QDialog>

#include "data/store/game_store.h"

class QTableWidget;

namespace tabref::gui {

// Each player's record across the store: games played, won and in play per game, and
// the game's own figures (Ppolf strokes per hole, bocce points, Ice Boule ends won).
class StatsDialog : public QDialog {
  Q_OBJECT

 public:
  explicit StatsDialog(data::GameStore& store, QWidget* parent = nullptr);

  QTableWidget& table() { return *table_; }

 private:
  QTableWidget* table_;
};

}  // namespace tabref::gui
