#pragma once

#include <QMetaType>
#include <memory>

#include "rules/core/state.h"

namespace tabref::gui {

// A game state copied for another thread: nobody changes it once shared.
using SharedState = std::shared_ptr<const rules::State>;

}  // namespace tabref::gui

Q_DECLARE_METATYPE(tabref::gui::SharedState)
