#include "app/gui/scoreboard_window.h"

#include <QKeySequence>
#include <QPainter>
#include <QScreen>
#include <QShortcut>
#include <QVBoxLayout>

#include "app/gui/paper_sheet.h"
#include "app/gui/scorecard_painter.h"
#include "app/gui/status_banner.h"

namespace tabref::gui {
namespace {

constexpr int kHeadlinePoints = 44;
constexpr double kMargin = 0.02;  // of the sheet's width, around it

SheetPaintOptions ScoreboardOptions(const QString& corner) {
  SheetPaintOptions options;
  options.corner = corner;
  // A short sheet (Czech Golf's four rows) grows, up to a sixth of the height a row.
  options.max_row_share = 1.0 / 6;
  return options;
}

}  // namespace

SheetWidget::SheetWidget(QWidget* parent) : QWidget(parent) {
  setObjectName("scoreboardSheet");
  setAttribute(Qt::WA_OpaquePaintEvent);
}

void SheetWidget::showSheet(const FittedSheet& sheet, const QString& corner) {
  sheet_ = sheet;
  corner_ = corner;
  update();
}

double SheetWidget::rowHeight() const {
  const double margin = width() * kMargin;
  return SheetRowHeight(QRectF(rect()).adjusted(margin, margin, -margin, -margin), sheet_.table,
                        ScoreboardOptions(corner_));
}

void SheetWidget::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), Qt::white);
  const double margin = width() * kMargin;
  PaintScorecard(painter, QRectF(rect()).adjusted(margin, margin, -margin, -margin), sheet_.table,
                 sheet_.marks, ScoreboardOptions(corner_));
}

ScoreboardWindow::ScoreboardWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), banner_(new StatusBanner), sheet_(new SheetWidget) {
  setWindowTitle(tr("tabref scoreboard"));
  banner_->setHeadlinePointSize(kHeadlinePoints);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(banner_);
  layout->addWidget(sheet_, 1);
  for (const QKeySequence& key : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::Key_F11)}) {
    connect(new QShortcut(key, this), &QShortcut::activated, this, &QWidget::close);
  }
}

void ScoreboardWindow::showState(const rules::State& state) {
  banner_->showState(state);
  const rules::ScoreTable table = PaperSheet(state);
  sheet_->showSheet(FitRows(table, MarksFor(state, table), kMaxRows), CornerLabel(state));
}

void ScoreboardWindow::showFullScreenOn(QScreen* screen) {
  if (screen != nullptr) {
    // Without a window manager (a projector kiosk) full screen means this geometry.
    setScreen(screen);
    setGeometry(screen->geometry());
  }
  showFullScreen();
}

}  // namespace tabref::gui
