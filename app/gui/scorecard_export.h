#pragma once

#include <QString>

#include "rules/core/score_table.h"

namespace tabref::gui {

// Both write to a temporary file beside `path` and rename it into place, so a failed
// export never leaves half a file. They return an empty string, or the reason they failed.
QString ExportScorecardCsv(const rules::ScoreTable& table, const QString& path);
// An A4 landscape page laid out like the paper sheet, with `footer` (the result) below.
QString ExportScorecardPdf(const rules::ScoreTable& table, const QString& footer,
                           const QString& path);

}  // namespace tabref::gui
