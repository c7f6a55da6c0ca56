#pragma once

#include <QString>

#include "app/gui/scorecard_painter.h"
#include "rules/core/score_table.h"

namespace tabref::gui {

// Both write to a temporary file beside `path` and rename it into place, so a failed
// export never leaves half a file. They return an empty string, or the reason they failed.
QString ExportScorecardCsv(const rules::ScoreTable& table, const QString& path);
// One A4 page drawn like the paper sheet (PaintScorecard): portrait for a tall sheet such
// as Ppolf's 18 holes, landscape otherwise.
QString ExportScorecardPdf(const rules::ScoreTable& table, const SheetMarks& marks,
                           const SheetPaintOptions& options, const QString& path);

}  // namespace tabref::gui
