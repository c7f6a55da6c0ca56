#include "app/gui/status_banner.h"

#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

#include "app/gui/qt_text.h"
#include "rules/core/field_reader.h"

namespace tabref::gui {
namespace {

constexpr int kHeadlinePoints = 18;
const char* const kPlaying = "#0072B2";
const char* const kWon = "#009E73";
const char* const kIdle = "#555555";

// "Suns (Ann and Cid)" when the winners are exactly one team, else the names.
QString WinnerNames(const rules::State& state) {
  std::vector<int> winners = state.Winners();
  std::sort(winners.begin(), winners.end());
  const std::string names = rules::JoinChoices(state.Names(winners), "and");
  for (const rules::Team& team : state.game().setup().teams) {
    std::vector<int> members = team.members;
    std::sort(members.begin(), members.end());
    if (members == winners) return QString("%1 (%2)").arg(ToQString(team.name), ToQString(names));
  }
  return ToQString(names);
}

}  // namespace

QString StatusHeadline(const rules::State& state) {
  if (state.IsTerminal()) {
    return state.Winners().empty() ? QObject::tr("Game over")
                                   : QObject::tr("Winner: %1").arg(WinnerNames(state));
  }
  const std::vector<std::string> actors = state.Names(state.Actors());
  if (actors.empty()) return QObject::tr("Next");
  return QObject::tr("%1 to play").arg(ToQString(rules::JoinChoices(actors, "and")));
}

QString StatusText(const rules::State& state) {
  return QString("%1. %2").arg(StatusHeadline(state), ToQString(state.StatusLine()));
}

StatusBanner::StatusBanner(QWidget* parent)
    : QFrame(parent), headline_(new QLabel(this)), detail_(new QLabel(this)) {
  setObjectName("statusBanner");
  setAutoFillBackground(true);
  headline_->setObjectName("statusHeadline");
  detail_->setObjectName("statusDetail");
  for (QLabel* label : {headline_, detail_}) {
    label->setWordWrap(true);
    label->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(12, 6, 12, 8);
  layout->setSpacing(2);
  layout->addWidget(headline_);
  layout->addWidget(detail_);
  setHeadlinePointSize(kHeadlinePoints);
  showNoGame();
}

void StatusBanner::paint(const QString& background) {
  setStyleSheet(QString("QFrame#statusBanner { background: %1; }"
                        "QLabel { color: white; background: transparent; }")
                    .arg(background));
}

void StatusBanner::showState(const rules::State& state) {
  headline_->setText(StatusHeadline(state));
  detail_->setText(ToQString(state.StatusLine()));
  paint(state.IsTerminal() ? kWon : kPlaying);
}

void StatusBanner::showNoGame() {
  headline_->setText(tr("No game in play"));
  detail_->setText(tr("Start one with Ctrl+N or open a stored game with Ctrl+O."));
  paint(kIdle);
}

void StatusBanner::setHeadlinePointSize(int points) {
  QFont large = font();
  large.setPointSize(points);
  large.setBold(true);
  headline_->setFont(large);
  QFont small = font();
  small.setPointSize(std::max(9, points * 6 / 10));
  detail_->setFont(small);
}

QString StatusBanner::headline() const { return headline_->text(); }
QString StatusBanner::detail() const { return detail_->text(); }
QString StatusBanner::text() const { return headline() + ". " + detail(); }

}  // namespace tabref::gui
