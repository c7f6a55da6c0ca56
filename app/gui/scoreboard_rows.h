#pragma once

#include "app/gui/scorecard_marks.h"
#include "rules/core/score_table.h"

namespace tabref::gui {

// A sheet and its marks, as the scoreboard shows them.
struct FittedSheet {
  rules::ScoreTable table;
  SheetMarks marks;
};

// Shortens a sheet to at most `max_rows` rows so that the scoreboard can show it in large
// type: first every section (the rows up to a total row, such as Ppolf's suits) except
// the one in play shrinks to its total row; if that is not enough, the oldest rows of the
// section in play give way to one row saying how many are hidden. Total rows always stay.
// The marks move with their rows.
FittedSheet FitRows(const rules::ScoreTable& table, const SheetMarks& marks, int max_rows);

}  // namespace tabref::gui
