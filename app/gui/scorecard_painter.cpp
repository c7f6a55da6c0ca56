#include "app/gui/scorecard_painter.h"

#include <algorithm>

#include "app/gui/player_palette.h"
#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

const QColor kTotalBand(0xE8, 0xE4, 0xD8);
const QColor kRule(0x55, 0x55, 0x55);
constexpr double kLabelShare = 0.34;    // of the width, for the row labels
constexpr double kMaxRowHeight = 0.05;  // of the height, so short sheets do not look bloated

}  // namespace

void PaintScorecard(QPainter& painter, const QRectF& area, const rules::ScoreTable& table,
                    const QString& footer) {
  painter.save();
  const double title_height = area.height() * 0.06;
  QFont title_font = painter.font();
  title_font.setBold(true);
  title_font.setPixelSize(static_cast<int>(title_height * 0.6));
  painter.setFont(title_font);
  painter.setPen(Qt::black);
  painter.drawText(QRectF(area.left(), area.top(), area.width(), title_height),
                   Qt::AlignLeft | Qt::AlignVCenter, ToQString(table.title));

  const int rows = static_cast<int>(table.rows.size()) + 1;
  const int players = std::max<int>(1, static_cast<int>(table.columns.size()));
  const double grid_top = area.top() + title_height * 1.3;
  const double row_height =
      std::min((area.bottom() - grid_top - title_height) / rows, area.height() * kMaxRowHeight);
  const double label_width = area.width() * kLabelShare;
  const double cell_width = (area.width() - label_width) / players;

  QFont cell_font = painter.font();
  cell_font.setPixelSize(std::max(6, static_cast<int>(row_height * 0.45)));
  QFont bold_font = cell_font;
  bold_font.setBold(true);
  cell_font.setBold(false);

  const auto cell_rect = [&](int row, int column) {
    const double x = column < 0 ? area.left() : area.left() + label_width + column * cell_width;
    return QRectF(x, grid_top + row * row_height, column < 0 ? label_width : cell_width,
                  row_height);
  };
  const QPen rule(kRule, std::max(1.0, row_height * 0.02));

  painter.setFont(bold_font);
  for (int column = 0; column < static_cast<int>(table.columns.size()); ++column) {
    const QRectF box = cell_rect(0, column);
    painter.fillRect(box, PlayerColour(column));
    painter.setPen(Qt::white);
    painter.drawText(box, Qt::AlignCenter, ToQString(table.columns[static_cast<size_t>(column)]));
    painter.setPen(rule);
    painter.drawRect(box);
  }
  for (int row = 1; row < rows; ++row) {
    const rules::ScoreTable::Row& source = table.rows[static_cast<size_t>(row - 1)];
    painter.setFont(source.is_total ? bold_font : cell_font);
    const QRectF label = cell_rect(row, -1);
    if (source.is_total) painter.fillRect(label, kTotalBand);
    painter.setPen(rule);
    painter.drawRect(label);
    painter.setPen(Qt::black);
    painter.drawText(label.adjusted(row_height * 0.2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                     ToQString(source.label));
    for (int column = 0; column < static_cast<int>(table.columns.size()); ++column) {
      const QRectF box = cell_rect(row, column);
      if (source.is_total) painter.fillRect(box, kTotalBand);
      painter.setPen(rule);
      painter.drawRect(box);
      painter.setPen(Qt::black);
      const size_t index = static_cast<size_t>(column);
      if (index < source.cells.size()) {
        painter.drawText(box, Qt::AlignCenter, ToQString(source.cells[index]));
      }
    }
  }
  painter.setFont(cell_font);
  painter.drawText(QRectF(area.left(), grid_top + rows * row_height + row_height * 0.5,
                          area.width(), row_height * 2),
                   Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, footer);
  painter.restore();
}

}  // namespace tabref::gui
