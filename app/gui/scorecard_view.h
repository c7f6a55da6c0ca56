#pragma once

#include <QTableWidget>

#include "app/gui/scorecard_marks.h"
#include "rules/core/score_table.h"
#include "rules/core/state.h"

namespace tabref::gui {

// A game's ScoreTable laid out like the paper sheet: the players or sides across the top
// in their colours, one row per hole, round or end, and bold total rows on a darker band.
// The marks show the winner (a star and highlighted totals), the boxes where a rule bit
// and the row being played. The names and labels are cells, not headers, so that they
// scale like the rest.
class ScorecardView : public QTableWidget {
  Q_OBJECT

 public:
  explicit ScorecardView(QWidget* parent = nullptr);

  // The state's sheet with its marks.
  void showState(const rules::State& state);
  void showTable(const rules::ScoreTable& table, const SheetMarks& marks = {},
                 const QString& corner = {});
  void clearSheet();
  const rules::ScoreTable& table() const { return table_; }
  const SheetMarks& marks() const { return marks_; }

 private:
  rules::ScoreTable table_;
  SheetMarks marks_;
};

}  // namespace tabref::gui
