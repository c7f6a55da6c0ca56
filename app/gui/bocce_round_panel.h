#pragma once

#include "app/gui/game_panel.h"

class QLabel;

namespace tabref::gui {

// The bocce round in play: which end, who leads, each side's total and what it still
// needs, its bowls and their distances to the jack; and the bust rule: a reminder while it
// has not bitten, the last bust spelt out once it has (in orange in the round it bit).
class BocceRoundPanel : public GamePanel {
  Q_OBJECT

 public:
  explicit BocceRoundPanel(QWidget* parent = nullptr);

  void showState(const rules::State& state) override;
  QString bustNotice() const;
  // Whether the bust notice is highlighted: the round just scored was a bust.
  bool bustJustBit() const { return bust_just_bit_; }

 private:
  QLabel* round_;
  QLabel* sides_;
  QLabel* bust_;
  bool bust_just_bit_ = false;
};

}  // namespace tabref::gui
