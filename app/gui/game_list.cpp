#include "app/gui/game_list.h"

#include <QHeaderView>
#include <QStringList>

#include "app/gui/qt_text.h"
#include "rules/core/field_reader.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

QString Standing(const data::GameRecord& game) {
  if (!game.finished_at) return QObject::tr("in play (%1 entries)").arg(game.journal_entries);
  std::vector<std::string> winners;
  if (game.result.contains("winners"))
    winners = game.result["winners"].get<std::vector<std::string>>();
  return QObject::tr("won by %1").arg(ToQString(rules::JoinChoices(winners, "and")));
}

}  // namespace

QString GameTitle(const std::string& game) {
  for (const rules::GameType& type : rules::RegisteredGames()) {
    if (type.name == game) return ToQString(type.title);
  }
  return ToQString(game);
}

GameList::GameList(QWidget* parent) : QTableWidget(0, 5, parent) {
  setHorizontalHeaderLabels({tr("#"), tr("Game"), tr("Players"), tr("Started"), tr("Standing")});
  verticalHeader()->hide();
  setEditTriggers(QAbstractItemView::NoEditTriggers);
  setSelectionBehavior(QAbstractItemView::SelectRows);
  setSelectionMode(QAbstractItemView::SingleSelection);
  horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  horizontalHeader()->setStretchLastSection(true);
}

void GameList::showGames(const std::vector<data::GameRecord>& games) {
  setRowCount(static_cast<int>(games.size()));
  for (int row = 0; row < rowCount(); ++row) {
    const data::GameRecord& game = games[static_cast<size_t>(row)];
    QStringList players;
    for (const std::string& name : game.setup.players) players << ToQString(name);
    auto* id = new QTableWidgetItem(QString::number(game.id));
    id->setData(Qt::UserRole, QVariant::fromValue<qint64>(game.id));
    setItem(row, 0, id);
    setItem(row, 1, new QTableWidgetItem(GameTitle(game.setup.game)));
    setItem(row, 2, new QTableWidgetItem(players.join(", ")));
    setItem(row, 3, new QTableWidgetItem(ToQString(game.created_at).left(16).replace('T', ' ')));
    setItem(row, 4, new QTableWidgetItem(Standing(game)));
  }
  if (rowCount() > 0) selectRow(0);
}

QString GameList::showStoredGames(data::GameStore& store, bool unfinished_only) {
  try {
    showGames(store.Games(unfinished_only));
  } catch (const std::exception& error) {
    showGames({});
    return ToQString(error.what());
  }
  return {};
}

std::int64_t GameList::selectedGameId() const {
  const QList<QTableWidgetItem*> selected = selectedItems();
  if (selected.isEmpty()) return 0;
  return item(selected.front()->row(), 0)->data(Qt::UserRole).value<qint64>();
}

void GameList::selectGame(std::int64_t id) {
  for (int row = 0; row < rowCount(); ++row) {
    if (item(row, 0)->data(Qt::UserRole).value<qint64>() == id) selectRow(row);
  }
}

}  // namespace tabref::gui
