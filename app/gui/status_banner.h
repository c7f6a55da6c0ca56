#pragma once

#include <QLabel>

#include "rules/core/state.h"

namespace tabref::gui {

// One line across the top that always says whose turn it is and what happens next, or
// who won once the game is over.
class StatusBanner : public QLabel {
  Q_OBJECT

 public:
  explicit StatusBanner(QWidget* parent = nullptr);

  void showState(const rules::State& state);
  void showNoGame();
  void setPointSize(int points);
};

// "Ann to act: ..." while playing, "Winner: Ann. ..." once the game is over.
QString StatusText(const rules::State& state);

}  // namespace tabref::gui
