#pragma once

#include <QWidget>

#include "rules/core/state.h"

namespace tabref::gui {

class ScorecardView;
class StatusBanner;

// The scorecard and the status in type large enough to read across the room, for a
// second screen or a projector. Escape or F11 leaves it.
class ScoreboardWindow : public QWidget {
  Q_OBJECT

 public:
  explicit ScoreboardWindow(QWidget* parent = nullptr);

  void showState(const rules::State& state);
  ScorecardView& scorecard() { return *scorecard_; }

 private:
  StatusBanner* banner_;
  ScorecardView* scorecard_;
};

}  // namespace tabref::gui
