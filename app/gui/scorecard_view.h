#pragma once

#include <QTableWidget>

#include "rules/core/score_table.h"

namespace tabref::gui {

// A game's ScoreTable laid out like the paper sheet: the players or sides across the top
// in their colours, one row per hole, round or end, and bold total rows on a darker band.
// The names and labels are cells, not headers, so that they print and scale like the rest.
class ScorecardView : public QTableWidget {
  Q_OBJECT

 public:
  explicit ScorecardView(QWidget* parent = nullptr);

  void showTable(const rules::ScoreTable& table);
  const rules::ScoreTable& table() const { return table_; }
  // Scales the text, for the scoreboard seen from across the room.
  void setPointSize(int points);

 private:
  rules::ScoreTable table_;
};

}  // namespace tabref::gui
