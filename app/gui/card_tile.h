#pragma once

#include <QLabel>

namespace tabref::gui {

// A playing card as the table sees it: its rank on a white card, or a face-down back
// when it is not known yet. `note` (a scoring reason) becomes the tooltip.
class CardTile : public QLabel {
  Q_OBJECT

 public:
  explicit CardTile(const QString& rank, const QString& note = {}, QWidget* parent = nullptr);
};

}  // namespace tabref::gui
