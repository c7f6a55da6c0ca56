#pragma once

#include "rules/core/score_table.h"
#include "rules/core/state.h"

namespace tabref::gui {

// The sheet as it goes on paper (the PDF) and on the scoreboard: the engine's scorecard,
// plus what the window shows in a game panel but a sheet on its own would lose: Czech
// Golf's revealed field and hand ("K Q J A 10 5") above the score breakdown.
rules::ScoreTable PaperSheet(const rules::State& state);

}  // namespace tabref::gui
