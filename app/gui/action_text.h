#pragma once

#include <QString>

#include "rules/core/action.h"

namespace tabref::gui {

// One readable line for an action in the log: "draw_to_field: slot 3, replaced K".
QString ActionText(const rules::Action& action);
// "manual", "vision" or "correction".
QString SourceText(rules::ActionSource source);

}  // namespace tabref::gui
