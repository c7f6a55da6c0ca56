#pragma once

#include <QChartView>

#include "rules/core/state.h"

namespace tabref::gui {

// A line per player or side: the total after each action of the game.
class ScoreChart : public QChartView {
  Q_OBJECT

 public:
  explicit ScoreChart(QWidget* parent = nullptr);

  void showGame(const rules::State& state);
  // The number of lines drawn.
  int seriesCount() const;
};

}  // namespace tabref::gui
