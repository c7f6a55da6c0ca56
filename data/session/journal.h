#pragma once

#include <vector>

#include "data/store/records.h"
#include "rules/core/action.h"

namespace tabref::data {

// The game's action list that a journal describes: actions appended, undos dropping the
// last action, corrections replacing one. Throws StoreError for a journal that undoes or
// corrects an action that does not exist.
std::vector<rules::Action> EffectiveActions(const std::vector<JournalEntry>& journal);

}  // namespace tabref::data
