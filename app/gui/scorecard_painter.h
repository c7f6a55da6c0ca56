#pragma once

#include <QPainter>
#include <QRectF>
#include <QString>

#include "app/gui/scorecard_marks.h"
#include "rules/core/score_table.h"

namespace tabref::gui {

struct SheetPaintOptions {
  bool title = true;            // the sheet's title above the grid
  QString subtitle;             // one line under the title (game number, date, players)
  QString corner;               // the top-left box: "Players" or "Sides", as on the paper sheet
  QString footer;               // below the grid: the result or what happens next
  double max_row_share = 0.05;  // the tallest row as a share of the area's height
};

// Draws the scorecard as the paper sheet: the title, a ruled grid with the players or
// sides in their colours across the top, the row labels down the left and the total rows
// bold on a shaded band; the winner starred with their totals highlighted and circled,
// bust boxes in orange, won boxes in green and the row in play in blue. Everything is
// sized from `area`, so the same drawing serves an A4 page and a projector.
void PaintScorecard(QPainter& painter, const QRectF& area, const rules::ScoreTable& table,
                    const SheetMarks& marks, const SheetPaintOptions& options);

// The height of one grid row that PaintScorecard uses for `table` in `area`.
double SheetRowHeight(const QRectF& area, const rules::ScoreTable& table,
                      const SheetPaintOptions& options);

}  // namespace tabref::gui
