#include "data/session/journal.h"

#include "data/store/store_error.h"

namespace tabref::data {

std::vector<rules::Action> EffectiveActions(const std::vector<JournalEntry>& journal) {
  std::vector<rules::Action> actions;
  for (const auto& entry : journal) {
    switch (entry.kind) {
      case EntryKind::kAction:
        actions.push_back(entry.action);
        break;
      case EntryKind::kUndo:
        if (actions.empty()) {
          throw StoreError("journal entry " + std::to_string(entry.sequence) +
                           " undoes an action that does not exist");
        }
        actions.pop_back();
        break;
      case EntryKind::kCorrection:
        if (entry.corrects < 1 || entry.corrects > static_cast<int>(actions.size())) {
          throw StoreError("journal entry " + std::to_string(entry.sequence) + " corrects action " +
                           std::to_string(entry.corrects) + ", which does not exist");
        }
        actions[static_cast<size_t>(entry.corrects - 1)] = entry.action;
        break;
    }
  }
  return actions;
}

}  // namespace tabref::data
