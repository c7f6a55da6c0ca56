#pragma once

#include <QString>
#include <QWidget>

namespace tabref::gui {

// Renders `widget` as it would appear on screen (shown or not) into a PNG, written to a
// temporary name and renamed. Returns an empty string, or the reason it failed.
QString SaveScreenshot(QWidget& widget, const QString& path);

}  // namespace tabref::gui
