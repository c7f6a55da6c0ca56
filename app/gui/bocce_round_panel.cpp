#include "app/gui/bocce_round_panel.h"

#include <QLabel>
#include <QStringList>
#include <QVBoxLayout>

#include "app/gui/player_palette.h"
#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

QString Text(const rules::Json& object, const char* key) {
  return object.contains(key) && object[key].is_string() ? ToQString(object[key].get<std::string>())
                                                         : QString();
}

}  // namespace

BocceRoundPanel::BocceRoundPanel(QWidget* parent)
    : GamePanel(parent),
      round_(new QLabel(this)),
      sides_(new QLabel(this)),
      bust_(new QLabel(this)) {
  bust_->setObjectName("bustNotice");
  for (QLabel* label : {round_, sides_, bust_}) label->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(round_);
  layout->addWidget(sides_);
  layout->addWidget(bust_);
  layout->addStretch();
}

QString BocceRoundPanel::bustNotice() const { return bust_->text(); }

void BocceRoundPanel::showState(const rules::State& state) {
  const rules::Json details = state.Scorecard().details;
  const QString leader = Text(details, "leader");
  round_->setText(tr("<b>Round %1</b> from the %2 end%3")
                      .arg(details.value("round", 0))
                      .arg(Text(details, "end"))
                      .arg(leader.isEmpty() ? QString() : tr(", %1 lead").arg(leader)));

  QStringList sides;
  const rules::Json& distances = details["distances_to_jack"];
  for (size_t side = 0; side < details["sides"].size(); ++side) {
    const rules::Json& entry = details["sides"][side];
    QString line =
        QString("<span style='color:%1'><b>%2</b></span>: %3 points, %4 bowls flicked")
            .arg(PlayerColour(static_cast<int>(side)).name(), Text(entry, "name").toHtmlEscaped())
            .arg(entry.value("total", 0))
            .arg(entry.value("bowls_flicked", 0));
    if (distances.is_array() && side < distances.size() && !distances[side].empty()) {
      QStringList millimetres;
      for (const auto& distance : distances[side]) {
        millimetres << QString::number(distance.get<double>(), 'f', 1);
      }
      line += tr("; to the jack %1 mm").arg(millimetres.join(", "));
    }
    sides << line;
  }
  sides_->setText(sides.join("<br>"));

  if (!details.value("bust_rule", false)) {
    bust_->setText(
        tr("Bust rule off: the first side to reach %1 wins.").arg(details.value("target", 0)));
    bust_->setStyleSheet({});
    return;
  }
  const rules::Json& rounds = details["rounds"];
  const bool bit = !rounds.empty() && rounds.back().value("bust", false);
  bust_->setText(bit ? tr("BUST! %1 went past %2, so the round's points were subtracted.")
                           .arg(Text(rounds.back()["outcome"], "side"))
                           .arg(details.value("target", 0))
                     : tr("Bust rule: exactly %1 wins; a side that would pass %1 loses the "
                          "round's points instead.")
                           .arg(details.value("target", 0)));
  bust_->setStyleSheet(bit ? "background: #D55E00; color: white; font-weight: bold; padding: 4px;"
                           : "color: #555555;");
}

}  // namespace tabref::gui
