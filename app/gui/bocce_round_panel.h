#pragma once

#include "app/gui/game_panel.h"

class QLabel;

namespace tabref::gui {

// The bocce round in play: which end, who leads, each side's bowls and running total,
// the distances to the jack, and the bust rule, highlighted in the round it bites.
class BocceRoundPanel : public GamePanel {
  Q_OBJECT

 public:
  explicit BocceRoundPanel(QWidget* parent = nullptr);

  void showState(const rules::State& state) override;
  QString bustNotice() const;

 private:
  QLabel* round_;
  QLabel* sides_;
  QLabel* bust_;
};

}  // namespace tabref::gui
