#include "app/gui/ppolf_hole_panel.h"

#include <QLabel>
#include <QVBoxLayout>

#include "app/gui/json_text.h"

namespace tabref::gui {
namespace {

constexpr int kHoles = 18;

QString PlayerRow(const rules::Json& player, int seat, const QString& putting_out) {
  const QString name = JsonText(player, "name");
  QString state = JsonText(player, "state");
  if (name == putting_out) state = QObject::tr("<b>putting out</b>");
  const int penalties = player.value("penalties", 0);
  const rules::Json& gap = player.value("gap_mm", rules::Json());
  return QString(
             "<tr><td>%1</td><td align='center'><b>%2</b>%3</td><td>%4</td><td "
             "align='right'>%5</td><td align='right'>%6</td></tr>")
      .arg(ColouredName(name, seat))
      .arg(player.value("count", 0))
      .arg(penalties > 0 ? QObject::tr(" (%1 penalty)").arg(penalties) : QString())
      .arg(state)
      .arg(gap.is_number() ? QObject::tr("%1 mm").arg(gap.get<double>(), 0, 'f', 0) : QString())
      .arg(player.value("game_total", 0));
}

}  // namespace

PpolfHolePanel::PpolfHolePanel(QWidget* parent)
    : GamePanel(parent), hole_(new QLabel(this)), players_(new QLabel(this)) {
  hole_->setObjectName("ppolfHole");
  QFont larger = font();
  larger.setPointSize(larger.pointSize() + 2);
  hole_->setFont(larger);
  hole_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(hole_);
  layout->addWidget(players_);
  layout->addStretch();
}

QString PpolfHolePanel::text() const { return hole_->text() + "\n" + players_->text(); }

void PpolfHolePanel::showState(const rules::State& state) {
  const rules::Json details = state.Scorecard().details;
  if (state.IsTerminal() || !details.value("hole_number", rules::Json()).is_number()) {
    hole_->setText(state.IsTerminal() ? tr("<b>All 18 holes played.</b>") : QString());
    players_->clear();
    return;
  }
  const QString tee = JsonText(details, "tee");
  hole_->setText(
      tr("<b>Hole %1 of %2: %3</b>, %4")
          .arg(details.value("hole_number", 0))
          .arg(kHoles)
          .arg(JsonText(details, "hole"),
               details.value("round", 0) == 0
                   ? tr("teeing off from %1").arg(tee.isEmpty() ? tr("the black ace") : tee)
                   : tr("round %1").arg(details.value("round", 0))));
  QString rows =
      tr("<table cellspacing='0' cellpadding='3'><tr><th align='left'>Player</th>"
         "<th>This hole</th><th align='left'>Lie</th><th align='right'>To the hole</th>"
         "<th align='right'>Total</th></tr>");
  const QString putting_out = JsonText(details, "putting_out");
  for (size_t seat = 0; seat < details["players"].size(); ++seat) {
    rows += PlayerRow(details["players"][seat], static_cast<int>(seat), putting_out);
  }
  players_->setText(rows + "</table>");
}

}  // namespace tabref::gui
