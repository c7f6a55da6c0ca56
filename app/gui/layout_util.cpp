#include "app/gui/layout_util.h"

#include <QLayout>
#include <QWidget>

namespace tabref::gui {

void ClearLayout(QLayout* layout) {
  while (QLayoutItem* item = layout->takeAt(0)) {
    if (QWidget* widget = item->widget()) {
      delete widget;
    } else if (QLayout* child = item->layout()) {
      ClearLayout(child);
    }
    delete item;
  }
}

}  // namespace tabref::gui
