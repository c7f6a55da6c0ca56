#include "rules/ppolf/scorecard.h"

#include <cstdlib>

#include "rules/ppolf/course.h"

namespace tabref::rules::ppolf {
namespace {

std::string Cell(const std::optional<int>& value) {
  return value ? std::to_string(*value) : std::string();
}

ScoreTable::Row SumRow(const std::string& label, const ScoreSheet& sheet, int first, int last) {
  ScoreTable::Row row{label, {}, true};
  for (const auto& holes : sheet) row.cells.push_back(Cell(SumOfHoles(holes, first, last)));
  return row;
}

void AddSuitRows(ScoreTable& table, const ScoreSheet& sheet, int suit, const Options& options) {
  const int first = suit * kHolesPerSuit;
  for (int hole = first; hole < first + kHolesPerSuit; ++hole) {
    ScoreTable::Row row{
        hole == first ? HoleTitle(hole, options) : RankName(hole % kHolesPerSuit), {}, false};
    for (const auto& holes : sheet) row.cells.push_back(Cell(holes[static_cast<size_t>(hole)]));
    table.rows.push_back(row);
  }
  table.rows.push_back(
      SumRow(SuitTitle(suit, options) + " Total", sheet, first, first + kHolesPerSuit));
}

void AddParRows(ScoreTable& table, const ScoreSheet& sheet, const Options& options) {
  table.rows.push_back({"Par", {std::to_string(options.par)}, true});
  const auto& holes = sheet.front();
  const bool played = holes.back().has_value();
  const std::optional<int> total = SumOfHoles(holes, 0, kHoleCount);
  table.rows.push_back(
      {"Against Par", {played ? AgainstPar(*total, options.par) : std::string()}, true});
}

}  // namespace

std::optional<int> SumOfHoles(const std::vector<std::optional<int>>& holes, int first, int last) {
  std::optional<int> sum;
  for (int hole = first; hole < last; ++hole) {
    if (const auto& flicks = holes[static_cast<size_t>(hole)]) sum = sum.value_or(0) + *flicks;
  }
  return sum;
}

std::string AgainstPar(int total, int par) {
  if (total == par) return "E";
  return (total > par ? "+" : "-") + std::to_string(std::abs(total - par));
}

ScoreTable PaperScorecard(const std::vector<std::string>& players, const ScoreSheet& sheet,
                          const Options& options) {
  ScoreTable table;
  table.title = "Ppolf Scorecard";
  table.columns = players;
  for (int suit = 0; suit < kSuitCount; ++suit) AddSuitRows(table, sheet, suit, options);
  table.rows.push_back(SumRow("Game Total", sheet, 0, kHoleCount));
  if (players.size() == 1) AddParRows(table, sheet, options);
  return table;
}

}  // namespace tabref::rules::ppolf
