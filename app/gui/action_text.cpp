#include "app/gui/action_text.h"

#include <QStringList>
#include <algorithm>

#include "app/gui/qt_text.h"

namespace tabref::gui {
namespace {

QString ValueText(const rules::Json& value) {
  if (value.is_string()) return ToQString(value.get<std::string>());
  if (value.is_array() && std::all_of(value.begin(), value.end(),
                                      [](const rules::Json& item) { return item.is_string(); })) {
    QStringList items;
    for (const auto& item : value) items << ToQString(item.get<std::string>());
    return items.join(' ');
  }
  return ToQString(value.dump());
}

}  // namespace

QString ActionText(const rules::Action& action) {
  QStringList fields;
  for (const auto& [key, value] : action.body.items()) {
    if (key == "type") continue;
    fields << QString("%1 %2").arg(ToQString(key).replace('_', ' '), ValueText(value));
  }
  const QString type = ToQString(action.Type()).replace('_', ' ');
  return fields.isEmpty() ? type : type + ": " + fields.join(", ");
}

QString SourceText(rules::ActionSource source) { return ToQString(std::string(ToString(source))); }

}  // namespace tabref::gui
