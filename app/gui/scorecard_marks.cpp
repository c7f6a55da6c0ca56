#include "app/gui/scorecard_marks.h"

#include <QObject>
#include <algorithm>
#include <string>

namespace tabref::gui {
namespace {

constexpr int kPpolfHolesPerSuit = 6;
constexpr int kTableFencingRowsPerBumper = 3;  // builds, slides, score

int ColumnOf(const rules::ScoreTable& table, const rules::Json& name) {
  if (!name.is_string()) return -1;
  const auto found = std::find(table.columns.begin(), table.columns.end(), name.get<std::string>());
  return found == table.columns.end() ? -1 : static_cast<int>(found - table.columns.begin());
}

std::vector<bool> WinnerColumns(const rules::State& state, const rules::ScoreTable& table) {
  std::vector<bool> winners(table.columns.size(), false);
  if (!state.IsTerminal()) return winners;
  std::vector<std::string> names = state.Names(state.Winners());
  // A game played by sides has the sides as its columns: a side wins with its players.
  for (const rules::Team& team : state.game().setup().teams) {
    const bool all_won = std::all_of(team.members.begin(), team.members.end(), [&](int seat) {
      const std::vector<int> seats = state.Winners();
      return std::find(seats.begin(), seats.end(), seat) != seats.end();
    });
    if (all_won) names.push_back(team.name);
  }
  for (size_t column = 0; column < table.columns.size(); ++column) {
    winners[column] = std::find(names.begin(), names.end(), table.columns[column]) != names.end();
  }
  return winners;
}

// Bocce's sheet has one row per round, in the order of details.rounds.
void MarkBusts(const rules::ScoreTable& table, SheetMarks& marks) {
  const rules::Json& rounds = table.details.value("rounds", rules::Json::array());
  for (size_t row = 0; row < rounds.size() && row < table.rows.size(); ++row) {
    if (!rounds[row].value("bust", false)) continue;
    const int column = ColumnOf(table, rounds[row]["outcome"].value("side", rules::Json()));
    if (column >= 0)
      marks.cells.push_back({static_cast<int>(row), column, SheetMarks::Kind::kBust});
  }
}

// Table Fencing's sheet has builds, slides and score rows per bumper.
void MarkBumperWinners(const rules::ScoreTable& table, SheetMarks& marks) {
  const rules::Json& bumpers = table.details.value("bumpers", rules::Json::array());
  for (size_t bumper = 0; bumper < bumpers.size(); ++bumper) {
    const int column = ColumnOf(table, bumpers[bumper].value("winner", rules::Json()));
    const int row = static_cast<int>(bumper) * kTableFencingRowsPerBumper + 2;
    if (column >= 0 && row < static_cast<int>(table.rows.size())) {
      marks.cells.push_back({row, column, SheetMarks::Kind::kWon});
    }
  }
}

// Ppolf's sheet has six holes per suit, each suit followed by its total row.
int PpolfHoleRow(const rules::ScoreTable& table) {
  const rules::Json& hole = table.details.value("hole_number", rules::Json());
  if (!hole.is_number_integer()) return -1;
  const int index = hole.get<int>() - 1;
  const int row = index + index / kPpolfHolesPerSuit;
  return row >= 0 && row < static_cast<int>(table.rows.size()) ? row : -1;
}

}  // namespace

bool SheetMarks::IsWinner(int column) const {
  return column >= 0 && column < static_cast<int>(winner_columns.size()) &&
         winner_columns[static_cast<size_t>(column)];
}

const SheetMarks::Cell* SheetMarks::Find(int row, int column) const {
  for (const Cell& cell : cells) {
    if (cell.row == row && cell.column == column) return &cell;
  }
  return nullptr;
}

SheetMarks MarksFor(const rules::State& state, const rules::ScoreTable& table) {
  SheetMarks marks;
  marks.winner_columns = WinnerColumns(state, table);
  const std::string& game = state.game().setup().game;
  if (game == "bocce") MarkBusts(table, marks);
  if (game == "table-fencing") MarkBumperWinners(table, marks);
  if (game == "ppolf" && !state.IsTerminal()) marks.current_row = PpolfHoleRow(table);
  return marks;
}

int LastTotalRow(const rules::ScoreTable& table) {
  for (int row = static_cast<int>(table.rows.size()) - 1; row >= 0; --row) {
    if (table.rows[static_cast<size_t>(row)].is_total) return row;
  }
  return -1;
}

QString CornerLabel(const rules::State& state) {
  return state.game().setup().teams.empty() ? QObject::tr("Players") : QObject::tr("Sides");
}

}  // namespace tabref::gui
