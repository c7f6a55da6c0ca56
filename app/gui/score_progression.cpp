#include "app/gui/score_progression.h"

#include <QRegularExpression>

#include "app/gui/qt_text.h"
#include "app/gui/scorecard_marks.h"

namespace tabref::gui {
namespace {

void AddTotals(const rules::ScoreTable& table, double actions, std::vector<ScoreSeries>& series) {
  const int last = LastTotalRow(table);
  if (last < 0) return;
  const rules::ScoreTable::Row* totals = &table.rows[static_cast<size_t>(last)];
  for (size_t column = 0; column < series.size() && column < totals->cells.size(); ++column) {
    double total = 0.0;
    if (LeadingNumber(totals->cells[column], total)) {
      series[column].points.emplace_back(actions, total);
    }
  }
}

}  // namespace

bool LeadingNumber(const std::string& cell, double& number) {
  static const QRegularExpression kLeadingNumber(R"(^\s*([-+]?\d+(\.\d+)?))");
  const QRegularExpressionMatch match = kLeadingNumber.match(ToQString(cell));
  if (!match.hasMatch()) return false;
  number = match.captured(1).toDouble();
  return true;
}

std::vector<ScoreSeries> ScoreProgression(const rules::State& state) {
  std::unique_ptr<rules::State> replay = state.game().NewInitialState();
  std::vector<ScoreSeries> series;
  for (const std::string& column : replay->Scorecard().columns) {
    series.push_back({ToQString(column), {}});
  }
  AddTotals(replay->Scorecard(), 0.0, series);
  double actions = 0.0;
  for (const rules::Action& action : state.History()) {
    replay->Apply(action);
    AddTotals(replay->Scorecard(), ++actions, series);
  }
  return series;
}

}  // namespace tabref::gui
