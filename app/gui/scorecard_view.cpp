#include "app/gui/scorecard_view.h"

#include <QHeaderView>
#include <algorithm>

#include "app/gui/player_palette.h"
#include "app/gui/qt_text.h"
#include "app/gui/sheet_style.h"

namespace tabref::gui {
namespace {

constexpr int kSheetPoints = 12;

QTableWidgetItem* Item(const QString& text, const QFont& font, const QColor& background,
                       Qt::Alignment alignment = Qt::AlignCenter) {
  auto* item = new QTableWidgetItem(text);
  item->setFont(font);
  item->setBackground(background);
  item->setForeground(Qt::black);
  item->setTextAlignment(alignment);
  return item;
}

}  // namespace

ScorecardView::ScorecardView(QWidget* parent) : QTableWidget(parent) {
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
  setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
  horizontalHeader()->hide();
  verticalHeader()->hide();
  horizontalHeader()->setMinimumSectionSize(60);
  verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Around the sheet, the window's colour: the sheet itself is the cells' paper.
  setStyleSheet(
      "QTableWidget { gridline-color: #8a8a8a; background: palette(window); border: none; }"
      "QTableWidget::item { padding: 0px 8px; }");
  QFont sheet_font = font();
  sheet_font.setPointSize(kSheetPoints);
  setFont(sheet_font);
}

void ScorecardView::clearSheet() {
  table_ = {};
  marks_ = {};
  clear();
  setRowCount(0);
  setColumnCount(0);
  setMaximumHeight(QWIDGETSIZE_MAX);
}

void ScorecardView::showState(const rules::State& state) {
  const rules::ScoreTable table = state.Scorecard();
  showTable(table, MarksFor(state, table), CornerLabel(state));
}

void ScorecardView::showTable(const rules::ScoreTable& table, const SheetMarks& marks,
                              const QString& corner) {
  table_ = table;
  marks_ = marks;
  clear();
  const int players = static_cast<int>(table.columns.size());
  setColumnCount(players + 1);
  setRowCount(static_cast<int>(table.rows.size()) + 1);

  QFont bold = font();
  bold.setBold(true);
  setItem(0, 0, Item(corner, bold, sheet::kPaper, Qt::AlignLeft | Qt::AlignVCenter));
  for (int column = 0; column < players; ++column) {
    const QString name = ToQString(table.columns[static_cast<size_t>(column)]);
    auto* header =
        Item(marks.IsWinner(column) ? sheet::kWinnerMark + name : name, bold, PlayerColour(column));
    header->setForeground(Qt::white);
    if (marks.IsWinner(column)) header->setToolTip(tr("Winner"));
    setItem(0, column + 1, header);
  }
  const int final_total = LastTotalRow(table);
  for (size_t row = 0; row < table.rows.size(); ++row) {
    const rules::ScoreTable::Row& source = table.rows[row];
    const int table_row = static_cast<int>(row) + 1;
    const bool current = static_cast<int>(row) == marks.current_row;
    const QColor background =
        current ? sheet::kCurrentRow : (source.is_total ? sheet::kTotalBand : sheet::kPaper);
    const QFont row_font = source.is_total || current ? bold : font();
    const QString label = ToQString(source.label);
    setItem(table_row, 0,
            Item(current ? sheet::kCurrentMark + label : label, row_font, background,
                 Qt::AlignLeft | Qt::AlignVCenter));
    for (int column = 0; column < players; ++column) {
      const size_t index = static_cast<size_t>(column);
      auto* cell = Item(index < source.cells.size() ? ToQString(source.cells[index]) : QString(),
                        row_font, background);
      if (static_cast<int>(row) == final_total && marks.IsWinner(column)) {
        cell->setBackground(sheet::kWinner);
      }
      if (const SheetMarks::Cell* mark = marks.Find(static_cast<int>(row), column)) {
        if (mark->kind == SheetMarks::Kind::kBust) {
          cell->setBackground(sheet::kBust);
          cell->setForeground(Qt::white);
          cell->setFont(bold);
          cell->setToolTip(tr("Bust: past the target, so the round's points were subtracted"));
        } else {
          cell->setBackground(sheet::kWon);
          cell->setFont(bold);
        }
      }
      setItem(table_row, column + 1, cell);
    }
  }
  horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  for (int column = 1; column <= players; ++column) {
    horizontalHeader()->setSectionResizeMode(column, QHeaderView::Stretch);
  }
  // No taller than the sheet, so that what stands below it follows right after.
  resizeRowsToContents();
  setMaximumHeight(verticalHeader()->length() + 2 * frameWidth() + 2);
  // When the sheet must scroll: the row in play, or at the end the totals and the winner.
  if (marks.current_row >= 0) {
    scrollToItem(item(marks.current_row + 1, 0));
  } else if (std::any_of(marks.winner_columns.begin(), marks.winner_columns.end(),
                         [](bool won) { return won; })) {
    scrollToBottom();
  }
}

}  // namespace tabref::gui
