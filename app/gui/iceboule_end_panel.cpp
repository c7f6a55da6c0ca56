#include "app/gui/iceboule_end_panel.h"

#include <QLabel>
#include <QVBoxLayout>
#include <algorithm>

#include "app/gui/json_text.h"
#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

// A stack of five pieces shoots four projectiles: the last piece is the centrifuge.
constexpr int kPiecesPerStack = 5;

QString OrDash(const QString& text) { return text.isEmpty() ? QString::fromUtf8("\u2013") : text; }

}  // namespace

IceBouleEndPanel::IceBouleEndPanel(QWidget* parent)
    : GamePanel(parent), end_(new QLabel(this)), players_(new QLabel(this)) {
  end_->setObjectName("iceBouleEnd");
  QFont larger = font();
  larger.setPointSize(larger.pointSize() + 2);
  end_->setFont(larger);
  end_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(4, 4, 4, 4);
  layout->addWidget(end_);
  layout->addWidget(players_);
  layout->addStretch();
}

QString IceBouleEndPanel::text() const { return end_->text() + "\n" + players_->text(); }

void IceBouleEndPanel::showState(const rules::State& state) {
  const rules::Json details = state.Scorecard().details;
  const rules::Json& end = details.value("current_end", rules::Json::object());
  if (state.IsTerminal()) {
    end_->setText(tr("<b>Game over</b> after %1 ends").arg(details["ends"].size()));
    players_->clear();
    return;
  }
  const QString leader = JsonText(end, "leader");
  end_->setText(
      tr("<b>End %1</b>, started by %2; target %3; first to %4 points wins")
          .arg(details.value("end", 0))
          .arg(OrDash(JsonText(end, "starting_player")), OrDash(JsonText(end, "target_size")))
          .arg(details.value("target_points", 0)) +
      (end.value("tie_for_lead", false)
           ? tr("<br><b>Tie for the lead</b>: the end is replayed if it stays so")
       : leader.isEmpty() ? QString()
                          : tr("<br>Leading piece: <b>%1</b>").arg(leader)));
  QString rows =
      tr("<table cellspacing='0' cellpadding='3'><tr><th align='left'>Player</th>"
         "<th align='left'>Size</th><th>Projectiles left</th></tr>");
  const std::vector<std::string>& players = state.game().setup().players;
  const rules::Json& sizes = end.value("sizes", rules::Json::object());
  const rules::Json& left = end.value("pieces_left", rules::Json::object());
  for (size_t seat = 0; seat < players.size(); ++seat) {
    const std::string& name = players[seat];
    const int pieces = left.contains(name) ? left[name].get<int>() : kPiecesPerStack;
    rows += QString("<tr><td>%1</td><td>%2</td><td align='center'>%3</td></tr>")
                .arg(ColouredName(ToQString(name), static_cast<int>(seat)),
                     OrDash(JsonText(sizes, name.c_str())))
                .arg(std::max(0, pieces - 1));
  }
  players_->setText(rows + "</table>");
}

}  // namespace tabref::gui
