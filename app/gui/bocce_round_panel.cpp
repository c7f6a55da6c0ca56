#include "app/gui/bocce_round_panel.h"

#include <QLabel>
#include <QStringList>
#include <QVBoxLayout>
#include <algorithm>
#include <vector>

#include "app/gui/json_text.h"
#include "app/gui/sheet_style.h"

namespace tabref::gui {
namespace {

constexpr int kBowlsPerSide = 4;

// "needs exactly 3" / "needs 3" / "has won".
QString Needs(const rules::Json& details, int total) {
  const int target = details.value("target", 0);
  if (total >= target) return QObject::tr("has won");
  return details.value("bust_rule", false) ? QObject::tr("needs exactly %1").arg(target - total)
                                           : QObject::tr("needs %1").arg(target - total);
}

// "●●○○": bowls flicked so far in this round.
QString Bowls(int flicked) {
  QString bowls;
  for (int bowl = 0; bowl < kBowlsPerSide; ++bowl) {
    bowls += bowl < flicked ? QString::fromUtf8("\u25CF") : QString::fromUtf8("\u25CB");
  }
  return bowls;
}

QString SideLine(const rules::Json& details, size_t side) {
  const rules::Json& entry = details["sides"][side];
  const int total = entry.value("total", 0);
  QString line = QObject::tr("%1 <b>%2</b> points, %3 &nbsp; bowls %4")
                     .arg(ColouredName(JsonText(entry, "name"), static_cast<int>(side)))
                     .arg(total)
                     .arg(Needs(details, total), Bowls(entry.value("bowls_flicked", 0)));
  const rules::Json& distances = details["distances_to_jack"];
  if (distances.is_array() && side < distances.size() && !distances[side].empty()) {
    std::vector<double> sorted;
    for (const auto& distance : distances[side]) sorted.push_back(distance.get<double>());
    std::sort(sorted.begin(), sorted.end());
    QStringList millimetres;
    for (double distance : sorted) millimetres << QString::number(distance, 'f', 1);
    line += QObject::tr("<br>&nbsp;&nbsp;to the jack: %1 mm").arg(millimetres.join(", "));
  }
  return line;
}

}  // namespace

BocceRoundPanel::BocceRoundPanel(QWidget* parent)
    : GamePanel(parent),
      round_(new QLabel(this)),
      sides_(new QLabel(this)),
      bust_(new QLabel(this)) {
  bust_->setObjectName("bustNotice");
  for (QLabel* label : {round_, sides_, bust_}) {
    label->setWordWrap(true);
    label->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Minimum);
  }
  QFont larger = font();
  larger.setPointSize(larger.pointSize() + 2);
  for (QLabel* label : {round_, sides_}) label->setFont(larger);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(round_);
  layout->addWidget(sides_);
  layout->addWidget(bust_);
  layout->addStretch();
}

QString BocceRoundPanel::bustNotice() const { return bust_->text(); }

void BocceRoundPanel::showState(const rules::State& state) {
  const rules::Json details = state.Scorecard().details;
  const QString leader = JsonText(details, "leader");
  round_->setText(state.IsTerminal()
                      ? tr("<b>Game over</b> after %1 rounds").arg(details.value("round", 0))
                      : tr("<b>Round %1</b> from the %2 end%3")
                            .arg(details.value("round", 0))
                            .arg(JsonText(details, "end"))
                            .arg(leader.isEmpty() ? QString() : tr(", %1 lead").arg(leader)));
  QStringList sides;
  for (size_t side = 0; side < details["sides"].size(); ++side) sides << SideLine(details, side);
  sides_->setText(sides.join("<br>"));

  const int target = details.value("target", 0);
  if (!details.value("bust_rule", false)) {
    bust_just_bit_ = false;
    bust_->setText(tr("Bust rule off: the first side to reach %1 wins.").arg(target));
    bust_->setStyleSheet("color: #555555;");
    return;
  }
  // The last round that scored, and the last bust of the game.
  const rules::Json& rounds = details["rounds"];
  int last_scored = -1;
  int last_bust = -1;
  for (size_t index = 0; index < rounds.size(); ++index) {
    if (rounds[index].value("void", false)) continue;
    last_scored = static_cast<int>(index);
    if (rounds[index].value("bust", false)) last_bust = static_cast<int>(index);
  }
  bust_just_bit_ = last_bust >= 0 && last_bust == last_scored;
  if (last_bust < 0) {
    bust_->setText(tr("Bust rule: a side must reach exactly %1. A round that would take it past "
                      "%1 is subtracted instead.")
                       .arg(target));
    bust_->setStyleSheet("color: #555555;");
    return;
  }
  const rules::Json& bust = rounds[static_cast<size_t>(last_bust)];
  const QString side = JsonText(bust["outcome"], "side");
  const int points = bust["outcome"].value("points", 0);
  const auto columns = state.Scorecard().columns;
  const auto found = std::find(columns.begin(), columns.end(), side.toStdString());
  const size_t column = static_cast<size_t>(found - columns.begin());
  const int after = column < bust["totals"].size() ? bust["totals"][column].get<int>() : 0;
  const int before = after + points;
  bust_->setText(tr("<b>BUST</b> in round %1: %2 had %3 and scored %4; %5 would pass %6, so "
                    "the %4 points were subtracted: down to %7.")
                     .arg(bust.value("round", 0))
                     .arg(side)
                     .arg(before)
                     .arg(points)
                     .arg(before + points)
                     .arg(target)
                     .arg(after));
  bust_->setStyleSheet(bust_just_bit_
                           ? QString("background: %1; color: white; padding: 6px; font-size: 15px;")
                                 .arg(sheet::kBust.name())
                           : QString("color: %1;").arg(sheet::kBust.name()));
}

}  // namespace tabref::gui
