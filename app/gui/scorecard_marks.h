#pragma once

#include <QString>
#include <vector>

#include "rules/core/score_table.h"
#include "rules/core/state.h"

namespace tabref::gui {

// What a player would mark on the paper sheet beyond the numbers: the winner's column,
// a box where a rule bit (bocce's bust), a box that won something (a Table Fencing
// bumper) and the row being played now (Ppolf's hole). Read from the engine's details,
// so every view of the sheet (window, scoreboard, PDF) marks the same boxes.
struct SheetMarks {
  enum class Kind { kBust, kWon };
  struct Cell {
    int row;     // index into ScoreTable::rows
    int column;  // index into ScoreTable::columns
    Kind kind;
  };

  std::vector<bool> winner_columns;  // one per column
  std::vector<Cell> cells;
  int current_row = -1;  // -1: none

  bool IsWinner(int column) const;
  // The mark of a box, or nullptr.
  const Cell* Find(int row, int column) const;
};

SheetMarks MarksFor(const rules::State& state, const rules::ScoreTable& table);

// The index of the sheet's last total row (the game total, the result), or -1. The
// winner's box in it is the one highlighted.
int LastTotalRow(const rules::ScoreTable& table);

// The sheet's top-left box, as on paper: "Players", or "Sides" for a game of sides.
QString CornerLabel(const rules::State& state);

}  // namespace tabref::gui
