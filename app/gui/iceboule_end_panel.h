#pragma once

#include "app/gui/game_panel.h"

class QLabel;

namespace tabref::gui {

// The Ice Boule end in play, which the sheet only shows once it is scored: who started
// it, the target's size, each player's chosen size and projectiles left, and who holds
// the leading piece.
class IceBouleEndPanel : public GamePanel {
  Q_OBJECT

 public:
  explicit IceBouleEndPanel(QWidget* parent = nullptr);

  void showState(const rules::State& state) override;
  QString text() const;

 private:
  QLabel* end_;
  QLabel* players_;
};

}  // namespace tabref::gui
