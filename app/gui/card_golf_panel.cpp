#include "app/gui/card_golf_panel.h"

#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include "app/gui/card_tile.h"
#include "app/gui/layout_util.h"
#include "app/gui/player_palette.h"
#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

constexpr int kFieldColumns = 3;

QString CardText(const rules::Json& card) {
  return card.is_string() ? ToQString(card.get<std::string>()) : QString();
}

// A card and, once the cards are revealed, what it scores beneath it ("+5"; hover for
// why: "queen in the field").
QWidget* ScoredCard(const rules::Json& card, const rules::Json& score, const char* part,
                    size_t index) {
  auto* holder = new QWidget;
  auto* layout = new QVBoxLayout(holder);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(1);
  const bool scored = score.contains(part) && index < score[part].size();
  const rules::Json entry = scored ? score[part][index] : rules::Json::object();
  const int points = entry.value("points", 0);
  const QString reason = ToQString(entry.value("reason", std::string()));
  auto* tile = new CardTile(
      CardText(card), scored ? QObject::tr("%1 points: %2").arg(points).arg(reason) : QString());
  layout->addWidget(tile, 0, Qt::AlignHCenter);
  if (scored) {
    auto* note = new QLabel(points > 0 ? QString("+%1").arg(points) : QString::fromUtf8("\u00B7"));
    note->setObjectName("cardPoints");
    note->setAlignment(Qt::AlignHCenter);
    note->setToolTip(reason);
    note->setStyleSheet(points > 0 ? "color: #009E73; font-weight: bold;" : "color: #999999;");
    layout->addWidget(note);
  }
  return holder;
}

QWidget* PlayerCardsBox(const rules::Json& player, int seat) {
  const bool revealed = player.contains("revealed");
  const rules::Json& field = revealed ? player["revealed"]["field"] : player["known_field"];
  const rules::Json& hand = revealed ? player["revealed"]["hand"] : player["known_hand"];
  const rules::Json score = player.value("score", rules::Json::object());

  auto* box = new QGroupBox(ToQString(player.value("name", std::string())));
  box->setStyleSheet(QString("QGroupBox { font-weight: bold; font-size: 15px; color: %1; }")
                         .arg(PlayerColour(seat).name()));
  auto* grid = new QGridLayout;
  grid->setSpacing(4);
  for (size_t slot = 0; slot < field.size(); ++slot) {
    const int index = static_cast<int>(slot);
    grid->addWidget(ScoredCard(field[slot], score, "field", slot), index / kFieldColumns,
                    index % kFieldColumns);
  }
  grid->setColumnStretch(kFieldColumns, 1);
  auto* hand_row = new QHBoxLayout;
  hand_row->setSpacing(4);
  const size_t hand_size = revealed ? hand.size() : player.value("hand_size", hand.size());
  for (size_t card = 0; card < hand_size; ++card) {
    hand_row->addWidget(
        ScoredCard(card < hand.size() ? hand[card] : rules::Json(), score, "hand", card));
  }
  hand_row->addStretch();

  auto* layout = new QVBoxLayout(box);
  layout->addWidget(new QLabel(QObject::tr("Field")));
  layout->addLayout(grid);
  layout->addWidget(new QLabel(QObject::tr("Hand")));
  layout->addLayout(hand_row);
  if (!score.empty()) {
    auto* breakdown =
        new QLabel(QObject::tr("Field %1 + hand faces %2 + lowest card %3 = <b>%4</b>")
                       .arg(score.value("field_points", 0))
                       .arg(score.value("hand_face_points", 0))
                       .arg(score.value("hand_lowest_rank", 0))
                       .arg(score.value("total", 0)));
    breakdown->setObjectName("scoreBreakdown");
    layout->addWidget(breakdown);
  }
  return box;
}

}  // namespace

CardGolfPanel::CardGolfPanel(QWidget* parent) : GamePanel(parent), layout_(new QVBoxLayout(this)) {
  layout_->setContentsMargins(4, 4, 4, 4);
}

void CardGolfPanel::showState(const rules::State& state) {
  ClearLayout(layout_);
  const rules::Json details = state.Scorecard().details;
  const rules::Json& pile = details["discard_pile"];
  auto* table = new QLabel(tr("Discard pile: <b>%1</b> &nbsp; Draw deck: %2 left")
                               .arg(pile.empty() ? tr("empty") : CardText(pile.back()))
                               .arg(details.value("deck_left", 0)));
  table->setObjectName("cardGolfTable");
  QFont larger = table->font();
  larger.setPointSize(larger.pointSize() + 2);
  table->setFont(larger);
  layout_->addWidget(table);
  auto* players = new QHBoxLayout;
  for (size_t seat = 0; seat < details["players"].size(); ++seat) {
    players->addWidget(PlayerCardsBox(details["players"][seat], static_cast<int>(seat)));
  }
  layout_->addLayout(players);
  layout_->addStretch();
}

}  // namespace tabref::gui
