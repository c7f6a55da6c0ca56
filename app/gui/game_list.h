#pragma once

#include <QTableWidget>
#include <cstdint>
#include <vector>

#include "data/store/game_store.h"
#include "data/store/records.h"

namespace tabref::gui {

// The game's display name ("Tabletop Bocce"); the name itself when it is not registered.
QString GameTitle(const std::string& game);

// Stored games, newest first: number, game, players, when started and how it stands.
class GameList : public QTableWidget {
  Q_OBJECT

 public:
  explicit GameList(QWidget* parent = nullptr);

  void showGames(const std::vector<data::GameRecord>& games);
  // The store's games (or only those in play); the store's one-line error when it fails,
  // else an empty string.
  QString showStoredGames(data::GameStore& store, bool unfinished_only);
  // The id of the selected game, or 0.
  std::int64_t selectedGameId() const;
  void selectGame(std::int64_t id);
};

}  // namespace tabref::gui
