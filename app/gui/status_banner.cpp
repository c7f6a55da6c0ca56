#include "app/gui/status_banner.h"

#include "app/gui/qt_text.h"
#include "rules/core/field_reader.h"

namespace tabref::gui {

QString StatusText(const rules::State& state) {
  QString status = ToQString(state.StatusLine());
  if (state.IsTerminal()) {
    return QObject::tr("Winner: %1. %2")
        .arg(ToQString(rules::JoinChoices(state.Names(state.Winners()), "and")), status);
  }
  const std::vector<std::string> actors = state.Names(state.Actors());
  if (actors.empty()) return status;
  return QObject::tr("%1 to act. %2").arg(ToQString(rules::JoinChoices(actors, "and")), status);
}

StatusBanner::StatusBanner(QWidget* parent) : QLabel(parent) {
  setWordWrap(true);
  setMargin(8);
  setAutoFillBackground(true);
  setTextInteractionFlags(Qt::TextSelectableByMouse);
  showNoGame();
}

void StatusBanner::showState(const rules::State& state) {
  setText(StatusText(state));
  setStyleSheet(state.IsTerminal() ? "background: #009E73; color: white; font-weight: bold;"
                                   : "background: #0072B2; color: white; font-weight: bold;");
}

void StatusBanner::showNoGame() {
  setText(tr("No game yet: start one with Ctrl+N or open a stored game with Ctrl+O."));
  setStyleSheet("background: #555555; color: white; font-weight: bold;");
}

void StatusBanner::setPointSize(int points) {
  QFont scaled = font();
  scaled.setPointSize(points);
  setFont(scaled);
}

}  // namespace tabref::gui
