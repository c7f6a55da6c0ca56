#pragma once

#include <QWidget>

#include "app/gui/scoreboard_rows.h"
#include "rules/core/state.h"

class QScreen;

namespace tabref::gui {

class StatusBanner;

// The paper sheet drawn to fill the widget (PaintScorecard), for the scoreboard.
class SheetWidget : public QWidget {
  Q_OBJECT

 public:
  explicit SheetWidget(QWidget* parent = nullptr);

  void showSheet(const FittedSheet& sheet, const QString& corner);
  const FittedSheet& sheet() const { return sheet_; }
  // The height of one row as drawn at the widget's current size.
  double rowHeight() const;

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  FittedSheet sheet_;
  QString corner_;
};

// Whose turn it is or who won, what happens next and the scorecard, in type large enough
// to read across the room, for a second screen or a projector. Long sheets (Ppolf's 18
// holes) shrink to their totals and the part in play so that the type stays large.
// Escape or F11 leaves it.
class ScoreboardWindow : public QWidget {
  Q_OBJECT

 public:
  // The sheet keeps at most this many rows, so that on a 1080p screen a row is at least a
  // twenty-fourth of the height.
  static constexpr int kMaxRows = 16;

  explicit ScoreboardWindow(QWidget* parent = nullptr);

  void showState(const rules::State& state);
  // Full screen on `screen` (a projector when there is one).
  void showFullScreenOn(QScreen* screen);
  StatusBanner& banner() { return *banner_; }
  SheetWidget& sheet() { return *sheet_; }

 private:
  StatusBanner* banner_;
  SheetWidget* sheet_;
};

}  // namespace tabref::gui
