#include "app/gui/score_chart.h"

#include <QChart>
#include <QLineSeries>
#include <QValueAxis>
#include <algorithm>
#include <cmath>

#include "app/gui/player_palette.h"
#include "app/gui/score_progression.h"

namespace tabref::gui {
namespace {

constexpr int kTargetTicks = 8;

// A whole-number tick interval of 1, 2 or 5 times a power of ten giving at most about
// kTargetTicks ticks over `span`: scores and action counts are whole numbers.
double TickInterval(double span) {
  const double rough = std::max(1.0, span / kTargetTicks);
  const double power = std::pow(10.0, std::floor(std::log10(rough)));
  for (double step : {1.0, 2.0, 5.0, 10.0}) {
    if (step * power >= rough) return step * power;
  }
  return 10.0 * power;
}

QValueAxis* WholeNumberAxis(const QString& title, double low, double high) {
  auto* axis = new QValueAxis;
  axis->setTitleText(title);
  axis->setLabelFormat("%d");
  const double interval = TickInterval(high - low);
  const double first = std::floor(low / interval) * interval;
  const double last = std::ceil(high / interval) * interval;
  axis->setRange(first, std::max(last, first + interval));
  axis->setTickType(QValueAxis::TicksDynamic);
  axis->setTickAnchor(0.0);
  axis->setTickInterval(interval);
  return axis;
}

}  // namespace

ScoreChart::ScoreChart(QWidget* parent) : QChartView(parent) {
  setRenderHint(QPainter::Antialiasing);
  setMinimumHeight(220);
  setChart(new QChart);
}

void ScoreChart::showGame(const rules::State& state) {
  auto* chart = new QChart;
  chart->setTitle(tr("Score over the game"));
  chart->legend()->setAlignment(Qt::AlignRight);

  double most_actions = 1.0;
  double low = 0.0;
  double high = 1.0;
  const std::vector<ScoreSeries> progression = ScoreProgression(state);
  std::vector<QLineSeries*> lines;
  for (size_t column = 0; column < progression.size(); ++column) {
    auto* line = new QLineSeries;
    line->setName(progression[column].name);
    QPen pen(PlayerColour(static_cast<int>(column)));
    pen.setWidthF(2.5);
    line->setPen(pen);
    // Steps: a total holds until the action that changes it.
    const std::vector<QPointF>& points = progression[column].points;
    for (size_t i = 0; i < points.size(); ++i) {
      if (i > 0 && points[i].y() != points[i - 1].y())
        line->append(points[i].x(), points[i - 1].y());
      line->append(points[i]);
      most_actions = std::max(most_actions, points[i].x());
      low = std::min(low, points[i].y());
      high = std::max(high, points[i].y());
    }
    chart->addSeries(line);
    lines.push_back(line);
  }
  QValueAxis* actions_axis = WholeNumberAxis(tr("actions entered"), 0.0, most_actions);
  QValueAxis* score_axis = WholeNumberAxis(tr("total"), low, high);
  chart->addAxis(actions_axis, Qt::AlignBottom);
  chart->addAxis(score_axis, Qt::AlignLeft);
  for (QLineSeries* line : lines) {
    line->attachAxis(actions_axis);
    line->attachAxis(score_axis);
  }
  QChart* previous = this->chart();
  setChart(chart);
  delete previous;
}

int ScoreChart::seriesCount() const { return static_cast<int>(chart()->series().size()); }

}  // namespace tabref::gui
