#pragma once

#include <QFrame>
#include <QString>

#include "rules/core/state.h"

class QLabel;

namespace tabref::gui {

// Across the top, always visible: in large type whose turn it is ("Ann to play") or who
// won, and below it what happens next in the engine's own words. Blue while playing,
// green once the game is won.
class StatusBanner : public QFrame {
  Q_OBJECT

 public:
  explicit StatusBanner(QWidget* parent = nullptr);

  void showState(const rules::State& state);
  void showNoGame();
  // The headline's size in points; the detail line is a little more than half of it.
  void setHeadlinePointSize(int points);

  QString headline() const;
  QString detail() const;
  // Both lines as one: "Ann to play. Round 2: ...".
  QString text() const;

 private:
  void paint(const QString& background);

  QLabel* headline_;
  QLabel* detail_;
};

// "Ann to play", "Ann and Bob to play", "Winner: Ann", "Winner: Suns (Ann and Cid)".
QString StatusHeadline(const rules::State& state);
// The headline and the engine's status line in one line: "Winner: Ann. Ann wins with 44
// flicks".
QString StatusText(const rules::State& state);

}  // namespace tabref::gui
