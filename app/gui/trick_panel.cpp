#include "app/gui/trick_panel.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QStringList>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/card_tile.h"
#include "app/gui/json_text.h"
#include "app/gui/layout_util.h"
#include "app/gui/qt_text.h"
#include "app/gui/sheet_style.h"

namespace tabref::gui {
namespace {

QString TrumpName(int level) {
  switch (level) {
    case 0:
      return QObject::tr("high card");
    case 1:
      return QObject::tr("trump war");
    case 2:
      return QObject::tr("double trump");
    case 3:
      return QObject::tr("triple trump");
    default:
      return QObject::tr("%1-fold trump").arg(level);
  }
}

QString HowWon(const rules::Json& trick) {
  const QString how = JsonText(trick, "won_by");
  if (how == "trump") return TrumpName(trick.value("trump_level", 1));
  if (how == "parry") return QObject::tr("a parry");
  return QObject::tr("the high card");
}

QString Dice(int dice) {
  return dice == 1 ? QObject::tr("1 die") : QObject::tr("%1 dice").arg(dice);
}

QString NameText(const rules::Json& name) {
  return name.is_string() ? ToQString(name.get<std::string>()) : QString();
}

bool Contains(const rules::Json& list, const std::string& name) {
  return list.is_array() && std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

TrickPanel::TrickPanel(QWidget* parent)
    : GamePanel(parent),
      heading_(new QLabel(this)),
      cards_(new QHBoxLayout),
      verdict_(new QLabel(this)),
      last_trick_(new QLabel(this)),
      table_(new QLabel(this)),
      penalties_(new QLabel(this)) {
  verdict_->setObjectName("trickVerdict");
  verdict_->setStyleSheet(
      QString("font-size: 20px; font-weight: bold; color: %1;").arg(sheet::kBust.name()));
  last_trick_->setObjectName("lastTrick");
  penalties_->setObjectName("penaltiesOwed");
  penalties_->setStyleSheet(QString("color: %1; font-weight: bold;").arg(sheet::kBust.name()));
  for (QLabel* label : {heading_, verdict_, last_trick_, table_, penalties_}) {
    label->setWordWrap(true);
  }
  QFont larger = font();
  larger.setPointSize(larger.pointSize() + 2);
  heading_->setFont(larger);
  cards_->setSpacing(12);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(heading_);
  layout->addLayout(cards_);
  layout->addWidget(verdict_);
  layout->addWidget(last_trick_);
  layout->addWidget(table_);
  layout->addWidget(penalties_);
  layout->addStretch();
}

QString TrickPanel::verdict() const { return verdict_->text(); }
QString TrickPanel::lastTrick() const { return last_trick_->text(); }
QString TrickPanel::penalties() const { return penalties_->text(); }

void TrickPanel::showCards(const rules::Json& trick, const std::vector<std::string>& players) {
  ClearLayout(cards_);
  const rules::Json& draw = trick["last_draw"];
  if (draw.empty()) {
    cards_->addWidget(new QLabel(tr("No cards drawn yet in this trick.")));
    cards_->addStretch();
    return;
  }
  for (size_t seat = 0; seat < players.size(); ++seat) {
    const std::string& name = players[seat];
    if (!draw.contains(name)) continue;
    const rules::Json& card = draw[name];
    QString role;
    if (Contains(trick["war"], name)) role = tr("in the war");
    if (JsonText(trick, "parrier").toStdString() == name && trick.value("trump_level", 0) > 0) {
      role = tr("parries");
    }
    if (JsonText(trick, "winner").toStdString() == name) role = tr("wins");
    auto* column = new QVBoxLayout;
    auto* label = new QLabel(ColouredName(ToQString(name), static_cast<int>(seat)));
    label->setAlignment(Qt::AlignCenter);
    auto* tile = new CardTile(card.is_string() ? ToQString(card.get<std::string>())
                                               : ToQString(card.dump()));
    auto* caption = new QLabel(role);
    caption->setAlignment(Qt::AlignCenter);
    column->addWidget(label);
    column->addWidget(tile, 0, Qt::AlignCenter);
    column->addWidget(caption);
    auto* holder = new QWidget;
    holder->setLayout(column);
    cards_->addWidget(holder);
  }
  cards_->addStretch();
}

void TrickPanel::showState(const rules::State& state) {
  const rules::Json details = state.Scorecard().details;
  const rules::Json& trick = details["trick"];
  const std::vector<std::string>& players = state.game().setup().players;
  heading_->setText(
      tr("<b>Bumper %1, trick %2</b> &nbsp; control: %3 &nbsp; Start: %4%5")
          .arg(details.value("bumper", 0))
          .arg(trick.value("number", 0))
          .arg(JsonText(details, "control").toHtmlEscaped(),
               JsonText(details, "start").toHtmlEscaped(),
               trick.value("hats_on", false) ? tr(" &nbsp; <b>silly hats on</b>") : QString()));
  showCards(trick, players);

  if (state.IsTerminal()) {
    verdict_->setText(tr("%1 is the new champion").arg(JsonText(details, "champion")));
  } else if (trick.contains("dice_to_roll")) {
    verdict_->setText(
        tr("%1 wins by %2: roll %3 × %4")
            .arg(JsonText(trick, "winner"), HowWon(trick), Dice(trick["dice_to_roll"].get<int>()))
            .arg(trick.value("multiplier", 1)));
  } else if (JsonText(trick, "phase") == "silly hats") {
    verdict_->setText(tr("Silly hats! The last to don one takes a penalty; then draw again"));
  } else if (trick.value("trump_level", 0) > 0 && trick["war"].size() == 2) {
    verdict_->setText(tr("%1: %2 against %3, %4 parries")
                          .arg(TrumpName(trick.value("trump_level", 1)), NameText(trick["war"][0]),
                               NameText(trick["war"][1]), JsonText(trick, "parrier")));
  } else if (!details["owed_penalties"].empty()) {
    verdict_->setText(
        tr("First %1 pays a penalty").arg(JsonText(details["owed_penalties"][0], "player")));
  } else if (JsonText(details["golf_balls"], "yellow").isEmpty() &&
             JsonText(details["golf_balls"], "purple").isEmpty()) {
    verdict_->setText(tr("Everyone rolls the green die for the golf balls"));
  } else {
    verdict_->setText(tr("%1 calls Thrust").arg(JsonText(details, "control")));
  }

  const rules::Json& last = details.value("last_trick", rules::Json());
  last_trick_->setText(
      last.is_object() && !last.empty()
          ? tr("Last trick (%1): %2 won by %3 and built %4")
                    .arg(last.value("trick", 0))
                    .arg(JsonText(last, "winner"), HowWon(last))
                    .arg(last.value("build", 0)) +
                (last.value("golf_balls_scored", false) ? tr("; the golf balls scored") : QString())
          : QString());

  const rules::Json& balls = details["golf_balls"];
  QString golf =
      tr("Golf balls: yellow %1, purple %2")
          .arg(JsonText(balls, "yellow").isEmpty() ? tr("nobody") : JsonText(balls, "yellow"),
               JsonText(balls, "purple").isEmpty() ? tr("nobody") : JsonText(balls, "purple"));
  if (balls.value("yellow_in_penalty_box", false)) {
    golf += tr(" (yellow in the penalty box until trick %1)")
                .arg(balls.value("yellow_out_until_trick", 0));
  }
  table_->setText(golf);

  QStringList owed;
  for (const auto& penalty : details["owed_penalties"]) {
    owed << tr("%1 (%2)").arg(JsonText(penalty, "player"), JsonText(penalty, "reason"));
  }
  penalties_->setText(
      owed.isEmpty() ? QString()
                     : tr("Penalty owed: %1: eat a chocolate or slide 1").arg(owed.join(", ")));
  penalties_->setVisible(!owed.isEmpty());
}

}  // namespace tabref::gui
