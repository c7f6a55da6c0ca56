#include "app/gui/scorecard_view.h"

#include <QHeaderView>

#include "app/gui/player_palette.h"
#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

const QColor kPaper(0xFF, 0xFD, 0xF6);
const QColor kTotalBand(0xE8, 0xE4, 0xD8);
constexpr int kSheetPoints = 12;

}  // namespace

ScorecardView::ScorecardView(QWidget* parent) : QTableWidget(parent) {
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionMode(QAbstractItemView::NoSelection);
  setFocusPolicy(Qt::NoFocus);
  horizontalHeader()->hide();
  verticalHeader()->hide();
  horizontalHeader()->setMinimumSectionSize(60);
  verticalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Around the sheet, the window's colour: the sheet itself is the cells' paper.
  setStyleSheet(
      "QTableWidget { gridline-color: #8a8a8a; background: palette(window); border: none; }"
      "QTableWidget::item { padding: 3px 8px; }");
  setPointSize(kSheetPoints);
}

void ScorecardView::showTable(const rules::ScoreTable& table) {
  table_ = table;
  clear();
  const int players = static_cast<int>(table.columns.size());
  setColumnCount(players + 1);
  setRowCount(static_cast<int>(table.rows.size()) + 1);

  QFont bold = font();
  bold.setBold(true);
  auto* corner = new QTableWidgetItem;
  corner->setBackground(kPaper);
  setItem(0, 0, corner);
  for (int column = 0; column < players; ++column) {
    auto* name = new QTableWidgetItem(ToQString(table.columns[static_cast<size_t>(column)]));
    name->setBackground(PlayerColour(column));
    name->setForeground(Qt::white);
    name->setFont(bold);
    name->setTextAlignment(Qt::AlignCenter);
    setItem(0, column + 1, name);
  }
  for (size_t row = 0; row < table.rows.size(); ++row) {
    const rules::ScoreTable::Row& source = table.rows[row];
    const QColor background = source.is_total ? kTotalBand : kPaper;
    const QFont row_font = source.is_total ? bold : font();
    const int table_row = static_cast<int>(row) + 1;
    auto* label = new QTableWidgetItem(ToQString(source.label));
    label->setFont(row_font);
    label->setBackground(background);
    setItem(table_row, 0, label);
    for (int column = 0; column < players; ++column) {
      const size_t index = static_cast<size_t>(column);
      auto* cell =
          new QTableWidgetItem(index < source.cells.size() ? ToQString(source.cells[index]) : "");
      cell->setTextAlignment(Qt::AlignCenter);
      cell->setFont(row_font);
      cell->setBackground(background);
      setItem(table_row, column + 1, cell);
    }
  }
  horizontalHeader()->setSectionResizeMode(0, QHeaderView::ResizeToContents);
  for (int column = 1; column <= players; ++column) {
    horizontalHeader()->setSectionResizeMode(column, QHeaderView::Stretch);
  }
}

void ScorecardView::setPointSize(int points) {
  QFont scaled = font();
  scaled.setPointSize(points);
  setFont(scaled);
  showTable(table_);
}

}  // namespace tabref::gui
