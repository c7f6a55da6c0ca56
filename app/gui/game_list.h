#pragma once

#include <QTableWidget>
#include <cstdint>
#include <vector>

#include "data/store/records.h"

namespace tabref::gui {

// Stored games, newest first: number, game, players, when started and how it stands.
class GameList : public QTableWidget {
  Q_OBJECT

 public:
  explicit GameList(QWidget* parent = nullptr);

  void showGames(const std::vector<data::GameRecord>& games);
  // The id of the selected game, or 0.
  std::int64_t selectedGameId() const;
  void selectGame(std::int64_t id);
};

}  // namespace tabref::gui
