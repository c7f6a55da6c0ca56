#pragma once

#include <QWidget>
#include <memory>
#include <string>

#include "rules/core/state.h"

namespace tabref::gui {

// What a game shows below its scorecard: what is happening now, which the paper sheet
// only records once it is over. Czech Golf's cards and score breakdown, Table Fencing's
// trick, bocce's round and bust rule, Ppolf's hole, Ice Boule's end. Panels read the
// engine's Scorecard().details, so they follow every action, undo and correction.
class GamePanel : public QWidget {
  Q_OBJECT

 public:
  using QWidget::QWidget;

  virtual void showState(const rules::State& state) = 0;
};

// The panel of game `game`, or nullptr for a game without one.
std::unique_ptr<GamePanel> MakeGamePanel(const std::string& game);

}  // namespace tabref::gui
