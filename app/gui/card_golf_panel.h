#pragma once

#include "app/gui/game_panel.h"

class QVBoxLayout;

namespace tabref::gui {

// Czech Golf at the table: the discard pile and the deck, every player's 2x3 field and
// hand (known cards face up, the rest face down) and, once revealed, the score breakdown
// card by card (hover a card for its points).
class CardGolfPanel : public GamePanel {
  Q_OBJECT

 public:
  explicit CardGolfPanel(QWidget* parent = nullptr);

  void showState(const rules::State& state) override;

 private:
  QVBoxLayout* layout_;
};

}  // namespace tabref::gui
