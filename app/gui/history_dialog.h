#pragma once

#include <QDialog>

#include "data/store/game_store.h"

class QLabel;

namespace tabref::gui {

class GameList;
class ScoreChart;
class ScorecardView;

// Every stored game: pick one to see its scorecard and how the score went over the game.
class HistoryDialog : public QDialog {
  Q_OBJECT

 public:
  explicit HistoryDialog(data::GameStore& store, QWidget* parent = nullptr);

  GameList& games() { return *games_; }
  ScorecardView& scorecard() { return *scorecard_; }
  ScoreChart& chart() { return *chart_; }

 private:
  void showSelectedGame();

  data::GameStore* store_;
  GameList* games_;
  ScorecardView* scorecard_;
  ScoreChart* chart_;
  QLabel* status_;
};

}  // namespace tabref::gui
