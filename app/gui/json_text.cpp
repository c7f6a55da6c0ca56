#include "app/gui/json_text.h"

#include "app/gui/player_palette.h"
#include "app/gui/qt_text.h"

namespace tabref::gui {

QString JsonText(const rules::Json& object, const char* key) {
  return object.is_object() && object.contains(key) && object[key].is_string()
             ? ToQString(object[key].get<std::string>())
             : QString();
}

QString ColouredName(const QString& text, int column) {
  return QString("<b style='color:%1'>%2</b>")
      .arg(PlayerColour(column).name(), text.toHtmlEscaped());
}

}  // namespace tabref::gui
