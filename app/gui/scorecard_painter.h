#pragma once

#include <QPainter>
#include <QRectF>

#include "rules/core/score_table.h"

namespace tabref::gui {

// Draws the scorecard as the paper sheet: the title, a ruled grid with the players or
// sides in their colours across the top, the row labels down the left and the total rows
// bold on a shaded band. Fits the rows into `area`, shrinking them when there are many.
void PaintScorecard(QPainter& painter, const QRectF& area, const rules::ScoreTable& table,
                    const QString& footer);

}  // namespace tabref::gui
