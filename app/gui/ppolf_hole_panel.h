#pragma once

#include "app/gui/game_panel.h"

class QLabel;

namespace tabref::gui {

// The Ppolf hole in play, which the paper sheet only shows once it is finished: the hole
// and its tee, and for each player the flicks so far on this hole (penalties included),
// whether they are still in play, putting out or holed, and how far their coin lies from
// the hole when the camera measured it.
class PpolfHolePanel : public GamePanel {
  Q_OBJECT

 public:
  explicit PpolfHolePanel(QWidget* parent = nullptr);

  void showState(const rules::State& state) override;
  QString text() const;

 private:
  QLabel* hole_;
  QLabel* players_;
};

}  // namespace tabref::gui
