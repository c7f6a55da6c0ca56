#include "app/gui/scoreboard_rows.h"

#include <QObject>
#include <algorithm>

#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

struct Section {
  int first;  // its first row
  int end;    // one past its last row (the last is a total row, unless the sheet ends)
};

std::vector<Section> Sections(const rules::ScoreTable& table) {
  std::vector<Section> sections;
  int first = 0;
  const int rows = static_cast<int>(table.rows.size());
  for (int row = 0; row < rows; ++row) {
    if (table.rows[static_cast<size_t>(row)].is_total) {
      sections.push_back({first, row + 1});
      first = row + 1;
    }
  }
  if (first < rows) sections.push_back({first, rows});
  return sections;
}

bool HasEntries(const rules::ScoreTable::Row& row) {
  return !row.is_total && std::any_of(row.cells.begin(), row.cells.end(),
                                      [](const std::string& cell) { return !cell.empty(); });
}

// The section in play: the one holding the current row, else the last with an entry.
int LiveSection(const rules::ScoreTable& table, const std::vector<Section>& sections,
                const SheetMarks& marks) {
  int live = static_cast<int>(sections.size()) - 1;
  for (int index = static_cast<int>(sections.size()) - 1; index >= 0; --index) {
    const Section& section = sections[static_cast<size_t>(index)];
    if (marks.current_row >= section.first && marks.current_row < section.end) return index;
  }
  for (int index = static_cast<int>(sections.size()) - 1; index >= 0; --index) {
    const Section& section = sections[static_cast<size_t>(index)];
    for (int row = section.first; row < section.end; ++row) {
      if (HasEntries(table.rows[static_cast<size_t>(row)])) return index;
    }
  }
  return live;
}

}  // namespace

FittedSheet FitRows(const rules::ScoreTable& table, const SheetMarks& marks, int max_rows) {
  if (static_cast<int>(table.rows.size()) <= max_rows) return {table, marks};
  const std::vector<Section> sections = Sections(table);
  const int live = LiveSection(table, sections, marks);

  // Which rows stay: total rows, and the live section's rows.
  std::vector<bool> kept(table.rows.size(), false);
  int kept_count = 0;
  for (size_t row = 0; row < table.rows.size(); ++row) {
    const Section& section = sections[static_cast<size_t>(live)];
    const int index = static_cast<int>(row);
    kept[row] = table.rows[row].is_total || (index >= section.first && index < section.end);
    kept_count += kept[row] ? 1 : 0;
  }
  // Still too many: the live section's oldest rows go, and one row says so.
  int hidden = 0;
  int hidden_at = -1;
  for (size_t row = 0; row < table.rows.size() && kept_count > max_rows; ++row) {
    if (!kept[row] || table.rows[row].is_total) continue;
    if (hidden_at < 0) {
      hidden_at = static_cast<int>(row);
      ++kept_count;  // the row that says how many are hidden
    }
    kept[row] = false;
    ++hidden;
    --kept_count;
  }

  FittedSheet fitted;
  fitted.table = table;
  fitted.table.rows.clear();
  fitted.marks = marks;
  fitted.marks.cells.clear();
  fitted.marks.current_row = -1;
  std::vector<int> moved_to(table.rows.size(), -1);
  for (size_t row = 0; row < table.rows.size(); ++row) {
    if (static_cast<int>(row) == hidden_at) {
      fitted.table.rows.push_back(
          {ToStdString(QObject::tr("… %1 earlier rows").arg(hidden)), {}, false});
    }
    if (!kept[row]) continue;
    moved_to[row] = static_cast<int>(fitted.table.rows.size());
    fitted.table.rows.push_back(table.rows[row]);
  }
  for (const SheetMarks::Cell& cell : marks.cells) {
    const int row = moved_to[static_cast<size_t>(cell.row)];
    if (row >= 0) fitted.marks.cells.push_back({row, cell.column, cell.kind});
  }
  if (marks.current_row >= 0)
    fitted.marks.current_row = moved_to[static_cast<size_t>(marks.current_row)];
  return fitted;
}

}  // namespace tabref::gui
