#pragma once

#include <QPointF>
#include <QString>
#include <vector>

#include "rules/core/state.h"

namespace tabref::gui {

// One player's or side's total over the game: (actions played, total after them).
struct ScoreSeries {
  QString name;
  std::vector<QPointF> points;
};

// The scorecard's last total row after each action, found by replaying the history from
// the start. Cells without a number yet (an unrevealed hand) leave a gap in the series.
std::vector<ScoreSeries> ScoreProgression(const rules::State& state);

// The number a scorecard cell starts with: "12" -> 12, "-3 (won by build)" -> -3; false
// for an empty or wordy cell.
bool LeadingNumber(const std::string& cell, double& number);

}  // namespace tabref::gui
