#include "app/gui/scoreboard_window.h"

#include <QKeySequence>
#include <QShortcut>
#include <QVBoxLayout>

#include "app/gui/scorecard_view.h"
#include "app/gui/status_banner.h"

namespace tabref::gui {
namespace {

constexpr int kBannerPoints = 28;
constexpr int kScorecardPoints = 32;

}  // namespace

ScoreboardWindow::ScoreboardWindow(QWidget* parent)
    : QWidget(parent, Qt::Window), banner_(new StatusBanner), scorecard_(new ScorecardView) {
  setWindowTitle(tr("tabref scoreboard"));
  banner_->setPointSize(kBannerPoints);
  scorecard_->setPointSize(kScorecardPoints);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(banner_);
  layout->addWidget(scorecard_, 1);
  for (const QKeySequence& key : {QKeySequence(Qt::Key_Escape), QKeySequence(Qt::Key_F11)}) {
    connect(new QShortcut(key, this), &QShortcut::activated, this, &QWidget::close);
  }
}

void ScoreboardWindow::showState(const rules::State& state) {
  banner_->showState(state);
  scorecard_->showTable(state.Scorecard());
}

}  // namespace tabref::gui
