#pragma once

#include <QWidget>
#include <memory>
#include <string>

#include "rules/core/state.h"

namespace tabref::gui {

// What a game shows beside its scorecard when the paper game needs more than the sheet:
// Czech Golf's cards and score breakdown, Table Fencing's trick, bocce's round. Panels read
// the engine's Scorecard().details, so they follow every action, undo and correction.
class GamePanel : public QWidget {
  Q_OBJECT

 public:
  using QWidget::QWidget;

  virtual void showState(const rules::State& state) = 0;
};

// The panel of game `game`, or nullptr when its scorecard says it all (Ppolf, Ice Boule).
std::unique_ptr<GamePanel> MakeGamePanel(const std::string& game);

}  // namespace tabref::gui
