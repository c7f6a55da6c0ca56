#pragma once

#include <QDialog>
#include <cstdint>

#include "data/store/game_store.h"

namespace tabref::gui {

class GameList;

// Picks a stored game to open or continue; unfinished games can be shown alone.
class OpenGameDialog : public QDialog {
  Q_OBJECT

 public:
  explicit OpenGameDialog(data::GameStore& store, QWidget* parent = nullptr,
                          bool unfinished_only = false);

  GameList& games() { return *games_; }
  std::int64_t selectedGameId() const;

 private:
  data::GameStore* store_;
  GameList* games_;
};

}  // namespace tabref::gui
