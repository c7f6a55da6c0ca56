#pragma once

#include <QString>
#include <string>

namespace tabref::gui {

// The engines and the store speak UTF-8 std::string; Qt speaks QString.
inline QString ToQString(const std::string& text) { return QString::fromStdString(text); }
inline std::string ToStdString(const QString& text) { return text.toStdString(); }

}  // namespace tabref::gui
