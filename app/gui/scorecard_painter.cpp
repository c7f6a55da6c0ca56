#include "app/gui/scorecard_painter.h"

#include <QFontMetricsF>
#include <algorithm>

#include "app/gui/player_palette.h"
#include "app/gui/qt_text.h"
#include "app/gui/sheet_style.h"

namespace tabref::gui {
namespace {

constexpr double kTitleShare = 0.055;    // of the height, for the title line
constexpr double kSubtitleScale = 0.55;  // of the title line, for the subtitle
constexpr double kFooterRows = 2.5;      // rows kept free below the grid for the footer
constexpr double kTextShare = 0.5;       // of a row's height, for its text
constexpr double kMaxLabelShare = 0.42;  // of the width, for the row labels
constexpr double kMinLabelShare = 0.14;
constexpr double kSmallestShrink = 0.55;  // a long cell's text shrinks to this at most

struct Layout {
  double title_height = 0;
  double subtitle_height = 0;
  double grid_top = 0;
  double row_height = 0;
};

Layout LayOut(const QRectF& area, const rules::ScoreTable& table,
              const SheetPaintOptions& options) {
  Layout layout;
  layout.title_height = options.title ? area.height() * kTitleShare : 0.0;
  layout.subtitle_height =
      options.subtitle.isEmpty() ? 0.0 : area.height() * kTitleShare * kSubtitleScale;
  layout.grid_top = area.top() + layout.title_height + layout.subtitle_height +
                    (options.title ? area.height() * kTitleShare * 0.3 : 0.0);
  const double rows = static_cast<double>(table.rows.size()) + 1.0;
  const double footer_rows = options.footer.isEmpty() ? 0.0 : kFooterRows;
  layout.row_height = std::min((area.bottom() - layout.grid_top) / (rows + footer_rows),
                               area.height() * options.max_row_share);
  return layout;
}

QFont PixelFont(const QFont& base, double pixels, bool bold) {
  QFont font = base;
  font.setPixelSize(std::max(4, static_cast<int>(pixels)));
  font.setBold(bold);
  return font;
}

// Draws `text` centred in `box`, shrinking the font (down to kSmallestShrink) when it is
// too wide, and eliding it beyond that.
void DrawFitted(QPainter& painter, const QRectF& box, const QString& text, const QFont& font,
                Qt::Alignment alignment) {
  QFont fitted = font;
  const double padding = box.height() * 0.2;
  const double room = box.width() - 2 * padding;
  double width = QFontMetricsF(fitted, painter.device()).horizontalAdvance(text);
  if (width > room && width > 0) {
    const double shrink = std::max(kSmallestShrink, room / width);
    fitted.setPixelSize(std::max(4, static_cast<int>(font.pixelSize() * shrink)));
    width = QFontMetricsF(fitted, painter.device()).horizontalAdvance(text);
  }
  painter.setFont(fitted);
  const QString shown =
      QFontMetricsF(fitted, painter.device()).elidedText(text, Qt::ElideRight, std::max(0.0, room));
  painter.drawText(box.adjusted(padding, 0, -padding, 0), alignment, shown);
}

double LabelWidth(QPainter& painter, const QRectF& area, const rules::ScoreTable& table,
                  const QString& corner, const QFont& bold) {
  const QFontMetricsF metrics(bold, painter.device());
  double widest = metrics.horizontalAdvance(corner);
  for (const rules::ScoreTable::Row& row : table.rows) {
    widest =
        std::max(widest, metrics.horizontalAdvance(sheet::kCurrentMark + ToQString(row.label)));
  }
  const double padded = widest + 2.0 * metrics.height();
  return std::clamp(padded, area.width() * kMinLabelShare, area.width() * kMaxLabelShare);
}

}  // namespace

double SheetRowHeight(const QRectF& area, const rules::ScoreTable& table,
                      const SheetPaintOptions& options) {
  return LayOut(area, table, options).row_height;
}

void PaintScorecard(QPainter& painter, const QRectF& area, const rules::ScoreTable& table,
                    const SheetMarks& marks, const SheetPaintOptions& options) {
  painter.save();
  painter.setRenderHint(QPainter::Antialiasing);
  const Layout layout = LayOut(area, table, options);
  painter.setPen(Qt::black);
  if (options.title) {
    painter.setFont(PixelFont(painter.font(), layout.title_height * 0.7, true));
    painter.drawText(QRectF(area.left(), area.top(), area.width(), layout.title_height),
                     Qt::AlignLeft | Qt::AlignVCenter, ToQString(table.title));
  }
  if (!options.subtitle.isEmpty()) {
    painter.setFont(PixelFont(painter.font(), layout.subtitle_height * 0.7, false));
    painter.drawText(
        QRectF(area.left(), area.top() + layout.title_height, area.width(), layout.subtitle_height),
        Qt::AlignLeft | Qt::AlignVCenter, options.subtitle);
  }

  const double row_height = layout.row_height;
  const QFont cell_font = PixelFont(painter.font(), row_height * kTextShare, false);
  const QFont bold_font = PixelFont(painter.font(), row_height * kTextShare, true);
  const int columns = std::max<int>(1, static_cast<int>(table.columns.size()));
  const double label_width = LabelWidth(painter, area, table, options.corner, bold_font);
  const double cell_width = (area.width() - label_width) / columns;
  const auto box = [&](int row, int column) {
    const double x = column < 0 ? area.left() : area.left() + label_width + column * cell_width;
    return QRectF(x, layout.grid_top + row * row_height, column < 0 ? label_width : cell_width,
                  row_height);
  };
  const QPen rule(sheet::kRule, std::max(1.0, row_height * 0.025));
  const auto frame = [&](const QRectF& rect, const QColor& fill) {
    painter.fillRect(rect, fill);
    painter.setPen(rule);
    painter.drawRect(rect);
  };

  // The header: the corner's word, then the players or sides in their colours.
  frame(box(0, -1), sheet::kPaper);
  painter.setPen(Qt::black);
  DrawFitted(painter, box(0, -1), options.corner, bold_font, Qt::AlignLeft | Qt::AlignVCenter);
  for (int column = 0; column < static_cast<int>(table.columns.size()); ++column) {
    frame(box(0, column), PlayerColour(column));
    painter.setPen(Qt::white);
    const QString name = ToQString(table.columns[static_cast<size_t>(column)]);
    DrawFitted(painter, box(0, column), marks.IsWinner(column) ? sheet::kWinnerMark + name : name,
               bold_font, Qt::AlignCenter);
  }

  const int last_total_row = LastTotalRow(table);
  for (int row = 0; row < static_cast<int>(table.rows.size()); ++row) {
    const rules::ScoreTable::Row& source = table.rows[static_cast<size_t>(row)];
    const bool current = row == marks.current_row;
    const QColor band =
        current ? sheet::kCurrentRow : (source.is_total ? sheet::kTotalBand : sheet::kPaper);
    const QFont& font = source.is_total || current ? bold_font : cell_font;
    frame(box(row + 1, -1), band);
    painter.setPen(Qt::black);
    const QString label = ToQString(source.label);
    DrawFitted(painter, box(row + 1, -1), current ? sheet::kCurrentMark + label : label, font,
               Qt::AlignLeft | Qt::AlignVCenter);
    for (int column = 0; column < static_cast<int>(table.columns.size()); ++column) {
      const SheetMarks::Cell* mark = marks.Find(row, column);
      QColor fill = band;
      if (row == last_total_row && marks.IsWinner(column)) fill = sheet::kWinner;
      if (mark != nullptr)
        fill = mark->kind == SheetMarks::Kind::kBust ? sheet::kBust : sheet::kWon;
      frame(box(row + 1, column), fill);
      const size_t index = static_cast<size_t>(column);
      if (index >= source.cells.size()) continue;
      const bool bust = mark != nullptr && mark->kind == SheetMarks::Kind::kBust;
      painter.setPen(bust ? Qt::white : Qt::black);
      DrawFitted(painter, box(row + 1, column), ToQString(source.cells[index]),
                 mark != nullptr ? bold_font : font, Qt::AlignCenter);
    }
  }
  // The winner's final total circled, as a player would on paper.
  for (int column = 0; column < static_cast<int>(table.columns.size()); ++column) {
    if (!marks.IsWinner(column) || last_total_row < 0) continue;
    const QRectF cell = box(last_total_row + 1, column);
    painter.setPen(QPen(sheet::kRule.darker(150), std::max(1.5, row_height * 0.07)));
    painter.setBrush(Qt::NoBrush);
    painter.drawEllipse(cell.adjusted(cell.width() * 0.2, row_height * 0.08, -cell.width() * 0.2,
                                      -row_height * 0.08));
  }

  if (!options.footer.isEmpty()) {
    painter.setPen(Qt::black);
    painter.setFont(cell_font);
    const double top =
        layout.grid_top + (static_cast<double>(table.rows.size()) + 1.5) * row_height;
    painter.drawText(QRectF(area.left(), top, area.width(), area.bottom() - top),
                     Qt::AlignLeft | Qt::AlignTop | Qt::TextWordWrap, options.footer);
  }
  painter.restore();
}

}  // namespace tabref::gui
