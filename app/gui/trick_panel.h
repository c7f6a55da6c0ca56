#pragma once

#include "app/gui/game_panel.h"

class QHBoxLayout;
class QLabel;

namespace tabref::gui {

// Table Fencing's trick as the engine rules it: who has control, each player's drawn card
// (the two in a trump war and the parrier marked), and, once decided, in large type who
// won, how many dice to roll and the multiplier; then the last trick's build, the golf
// balls, the silly hats and the penalties waiting to be paid.
class TrickPanel : public GamePanel {
  Q_OBJECT

 public:
  explicit TrickPanel(QWidget* parent = nullptr);

  void showState(const rules::State& state) override;
  QString verdict() const;
  QString lastTrick() const;
  QString penalties() const;

 private:
  void showCards(const rules::Json& trick, const std::vector<std::string>& players);

  QLabel* heading_;
  QHBoxLayout* cards_;
  QLabel* verdict_;
  QLabel* last_trick_;
  QLabel* table_;
  QLabel* penalties_;
};

}  // namespace tabref::gui
