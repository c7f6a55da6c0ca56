#pragma once

#include <QColor>

namespace tabref::gui {

// The colour of the player or side in scorecard column `column`: the colour-blind safe
// Okabe-Ito palette, the same everywhere (scorecards, charts, the PDF).
QColor PlayerColour(int column);

}  // namespace tabref::gui
