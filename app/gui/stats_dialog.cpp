#include "app/gui/stats_dialog.h"

#include <QDialogButtonBox>
#include <QHeaderView>
#include <QLabel>
#include <QStringList>
#include <QTableWidget>
#include <QVBoxLayout>
#include <optional>

#include "app/gui/game_list.h"
#include "app/gui/qt_text.h"
#include "data/stats/player_stats.h"

namespace tabref::gui {
namespace {

// The figures that only one game keeps, for that game's row.
QString GameFigures(const data::PlayerStats& stats, const std::string& game) {
  if (game == "ppolf" && stats.ppolf_holes > 0) {
    return QObject::tr("%1 strokes over %2 holes (%3 per hole)")
        .arg(stats.ppolf_strokes)
        .arg(stats.ppolf_holes)
        .arg(static_cast<double>(stats.ppolf_strokes) / stats.ppolf_holes, 0, 'f', 2);
  }
  if (game == "bocce" && stats.bocce_rounds > 0) {
    return QObject::tr("%1 points in %2 rounds").arg(stats.bocce_points).arg(stats.bocce_rounds);
  }
  if (game == "iceboule" && stats.iceboule_ends > 0) {
    return QObject::tr("won %1 of %2 ends").arg(stats.iceboule_ends_won).arg(stats.iceboule_ends);
  }
  return {};
}

}  // namespace

StatsDialog::StatsDialog(data::GameStore& store, QWidget* parent)
    : QDialog(parent), table_(new QTableWidget(0, 6, this)) {
  setWindowTitle(tr("Player statistics"));
  resize(860, 480);
  table_->setHorizontalHeaderLabels(
      {tr("Player"), tr("Game"), tr("Finished"), tr("Won"), tr("In play"), tr("Figures")});
  table_->verticalHeader()->hide();
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setStretchLastSection(true);
  auto* problem = new QLabel(this);
  problem->setWordWrap(true);

  try {
    for (const data::PlayerStats& stats : data::CollectPlayerStats(store, std::nullopt)) {
      for (const auto& [game, tally] : stats.games) {
        const int row = table_->rowCount();
        table_->insertRow(row);
        const QStringList cells = {ToQString(stats.player),        GameTitle(game),
                                   QString::number(tally.played),  QString::number(tally.won),
                                   QString::number(tally.in_play), GameFigures(stats, game)};
        for (int column = 0; column < cells.size(); ++column) {
          table_->setItem(row, column, new QTableWidgetItem(cells[column]));
        }
      }
    }
  } catch (const std::exception& error) {
    problem->setText(ToQString(error.what()));
  }
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(table_);
  layout->addWidget(problem);
  layout->addWidget(buttons);
}

}  // namespace tabref::gui
