#include "app/gui/screenshot.h"

#include <QCoreApplication>
#include <QObject>
#include <QPixmap>
#include <QSaveFile>

namespace tabref::gui {

QString SaveScreenshot(QWidget& widget, const QString& path) {
  // Widgets added or retired by the last entry are shown or deleted by posted events.
  QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  QCoreApplication::processEvents();
  QSaveFile file(path);
  if (!file.open(QIODevice::WriteOnly) || !widget.grab().save(&file, "PNG") || !file.commit()) {
    return QObject::tr("cannot write %1: %2").arg(path, file.errorString());
  }
  return {};
}

}  // namespace tabref::gui
