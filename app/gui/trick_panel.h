#pragma once

#include "app/gui/game_panel.h"

class QLabel;

namespace tabref::gui {

// Table Fencing's trick as the engine rules it: who has control, the cards drawn, any
// trump war and parrier, and once decided who won, how many dice to roll and the
// multiplier; plus the golf balls and penalties waiting to be paid.
class TrickPanel : public GamePanel {
  Q_OBJECT

 public:
  explicit TrickPanel(QWidget* parent = nullptr);

  void showState(const rules::State& state) override;
  QString verdict() const;

 private:
  QLabel* heading_;
  QLabel* draw_;
  QLabel* verdict_;
  QLabel* table_;
};

}  // namespace tabref::gui
