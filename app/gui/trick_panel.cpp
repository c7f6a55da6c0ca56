#include "app/gui/trick_panel.h"

#include <QLabel>
#include <QStringList>
#include <QVBoxLayout>

#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

QString Text(const rules::Json& object, const char* key) {
  return object.contains(key) && object[key].is_string() ? ToQString(object[key].get<std::string>())
                                                         : QString();
}

QString DrawText(const rules::Json& draw) {
  QStringList cards;
  for (const auto& [name, card] : draw.items()) {
    cards << QString("%1 <b>%2</b>")
                 .arg(ToQString(name).toHtmlEscaped(), card.is_string()
                                                           ? ToQString(card.get<std::string>())
                                                           : ToQString(card.dump()));
  }
  return cards.join(", ");
}

}  // namespace

TrickPanel::TrickPanel(QWidget* parent)
    : GamePanel(parent),
      heading_(new QLabel(this)),
      draw_(new QLabel(this)),
      verdict_(new QLabel(this)),
      table_(new QLabel(this)) {
  verdict_->setObjectName("trickVerdict");
  verdict_->setStyleSheet("font-size: 16px; font-weight: bold; color: #D55E00;");
  for (QLabel* label : {heading_, draw_, verdict_, table_}) label->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(heading_);
  layout->addWidget(draw_);
  layout->addWidget(verdict_);
  layout->addWidget(table_);
  layout->addStretch();
}

QString TrickPanel::verdict() const { return verdict_->text(); }

void TrickPanel::showState(const rules::State& state) {
  const rules::Json details = state.Scorecard().details;
  const rules::Json& trick = details["trick"];
  heading_->setText(
      tr("<b>Bumper %1, trick %2</b> &nbsp; control: %3 &nbsp; start: %4")
          .arg(details.value("bumper", 0))
          .arg(trick.value("number", 0))
          .arg(Text(details, "control").toHtmlEscaped(), Text(details, "start").toHtmlEscaped()));
  const rules::Json& draw = trick["last_draw"];
  draw_->setText(draw.empty() ? tr("No cards drawn yet in this trick.")
                              : tr("Drawn: %1").arg(DrawText(draw)));
  if (trick.value("trump_level", 0) > 0 && trick["war"].size() == 2) {
    draw_->setText(draw_->text() + tr("<br>Trump war: %1 vs %2, %3 parries")
                                       .arg(ToQString(trick["war"][0].get<std::string>()),
                                            ToQString(trick["war"][1].get<std::string>()),
                                            Text(trick, "parrier")));
  }
  if (state.IsTerminal()) {
    verdict_->clear();
  } else if (trick.contains("dice_to_roll")) {
    const int dice = trick["dice_to_roll"].get<int>();
    verdict_->setText(tr("%1 wins by %2: roll %3 %4 × %5")
                          .arg(Text(trick, "winner"), Text(trick, "won_by"))
                          .arg(dice)
                          .arg(dice == 1 ? tr("die") : tr("dice"))
                          .arg(trick.value("multiplier", 1)));
  } else {
    verdict_->setText(ToQString(state.StatusLine()));
  }
  QStringList owed;
  for (const auto& penalty : details["owed_penalties"]) {
    owed << tr("%1 (%2)").arg(Text(penalty, "player"), Text(penalty, "reason"));
  }
  table_->setText(owed.isEmpty() ? QString() : tr("Penalties owed: %1").arg(owed.join(", ")));
}

}  // namespace tabref::gui
