#include "app/gui/history_dialog.h"

#include <QDialogButtonBox>
#include <QLabel>
#include <QSplitter>
#include <QVBoxLayout>

#include "app/gui/game_list.h"
#include "app/gui/qt_text.h"
#include "app/gui/score_chart.h"
#include "app/gui/scorecard_view.h"
#include "app/gui/status_banner.h"
#include "data/session/game_session.h"

namespace tabref::gui {

HistoryDialog::HistoryDialog(data::GameStore& store, QWidget* parent)
    : QDialog(parent),
      store_(&store),
      games_(new GameList),
      scorecard_(new ScorecardView),
      chart_(new ScoreChart),
      status_(new QLabel) {
  setWindowTitle(tr("Game history"));
  resize(1200, 760);
  status_->setWordWrap(true);
  QFont larger = status_->font();
  larger.setPointSize(larger.pointSize() + 2);
  larger.setBold(true);
  status_->setFont(larger);
  auto* details = new QWidget;
  auto* details_layout = new QVBoxLayout(details);
  details_layout->setContentsMargins(0, 0, 0, 0);
  details_layout->addWidget(status_);
  details_layout->addWidget(scorecard_, 1);
  details_layout->addWidget(chart_, 1);
  auto* splitter = new QSplitter(Qt::Horizontal);
  splitter->addWidget(games_);
  splitter->addWidget(details);
  splitter->setStretchFactor(1, 2);
  splitter->setSizes({460, 640});
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(splitter);
  layout->addWidget(buttons);
  connect(games_, &GameList::itemSelectionChanged, this, &HistoryDialog::showSelectedGame);
  const QString problem = games_->showStoredGames(*store_, /*unfinished_only=*/false);
  status_->setText(problem);
  showSelectedGame();
}

void HistoryDialog::showSelectedGame() {
  const std::int64_t id = games_->selectedGameId();
  if (id == 0) return;
  try {
    const data::GameSession game = data::GameSession::Open(*store_, id);
    status_->setText(StatusText(game.state()));
    scorecard_->showState(game.state());
    chart_->showGame(game.state());
  } catch (const std::exception& error) {
    status_->setText(ToQString(error.what()));
  }
}

}  // namespace tabref::gui
