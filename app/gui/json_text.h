#pragma once

#include <QString>

#include "rules/core/json.h"

namespace tabref::gui {

// The string at `key` of a JSON object, or an empty string when it is missing or not a
// string (the engines' details use null for "nobody yet").
QString JsonText(const rules::Json& object, const char* key);

// `text` in the colour of player or side `column`, bold and escaped for a rich-text label.
QString ColouredName(const QString& text, int column);

}  // namespace tabref::gui
