#include "app/gui/score_chart.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>

#include "app/gui/player_palette.h"
#include "app/gui/score_progression.h"

namespace tabref::gui {

ScoreChart::ScoreChart(QWidget* parent) : QChartView(parent) {
  setRenderHint(QPainter::Antialiasing);
  setMinimumHeight(220);
  setChart(new QChart);
}

void ScoreChart::showGame(const rules::State& state) {
  auto* chart = new QChart;
  chart->setTitle(tr("Score over the game"));
  auto* actions_axis = new QValueAxis;
  actions_axis->setTitleText(tr("actions"));
  actions_axis->setLabelFormat("%d");
  auto* score_axis = new QValueAxis;
  score_axis->setTitleText(tr("total"));
  score_axis->setLabelFormat("%g");
  chart->addAxis(actions_axis, Qt::AlignBottom);
  chart->addAxis(score_axis, Qt::AlignLeft);

  double most_actions = 1.0;
  double low = 0.0;
  double high = 1.0;
  const std::vector<ScoreSeries> progression = ScoreProgression(state);
  for (size_t column = 0; column < progression.size(); ++column) {
    auto* line = new QLineSeries;
    line->setName(progression[column].name);
    line->setColor(PlayerColour(static_cast<int>(column)));
    for (const QPointF& point : progression[column].points) {
      line->append(point);
      most_actions = std::max(most_actions, point.x());
      low = std::min(low, point.y());
      high = std::max(high, point.y());
    }
    chart->addSeries(line);
    line->attachAxis(actions_axis);
    line->attachAxis(score_axis);
  }
  actions_axis->setRange(0.0, most_actions);
  score_axis->setRange(low, high);
  score_axis->applyNiceNumbers();
  QChart* previous = this->chart();
  setChart(chart);
  delete previous;
}

int ScoreChart::seriesCount() const { return static_cast<int>(chart()->series().size()); }

}  // namespace tabref::gui
