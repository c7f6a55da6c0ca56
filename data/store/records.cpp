#include "data/store/records.h"

#include "data/store/store_error.h"

namespace tabref::data {

std::string_view ToString(EntryKind kind) {
  switch (kind) {
    case EntryKind::kAction:
      return "action";
    case EntryKind::kUndo:
      return "undo";
    case EntryKind::kCorrection:
      return "correction";
  }
  return "action";
}

EntryKind EntryKindFromString(std::string_view text) {
  if (text == "action") return EntryKind::kAction;
  if (text == "undo") return EntryKind::kUndo;
  if (text == "correction") return EntryKind::kCorrection;
  throw StoreError("unknown journal entry kind '" + std::string(text) + "' in the database");
}

}  // namespace tabref::data
