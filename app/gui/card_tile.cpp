#include "app/gui/card_tile.h"

namespace tabref::gui {

CardTile::CardTile(const QString& rank, const QString& note, QWidget* parent)
    : QLabel(rank.isEmpty() ? QString() : rank, parent) {
  setAlignment(Qt::AlignCenter);
  setFixedSize(34, 46);
  setToolTip(note);
  setStyleSheet(rank.isEmpty()
                    ? "background: #0072B2; border: 2px solid white; border-radius: 4px;"
                    : "background: white; color: black; font-weight: bold; font-size: 14px;"
                      "border: 1px solid #555; border-radius: 4px;");
}

}  // namespace tabref::gui
