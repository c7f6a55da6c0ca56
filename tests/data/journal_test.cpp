#include "data/session/journal.h"

#include <gtest/gtest.h>

#include "data/store/store_error.h"

namespace tabref::data {
namespace {

JournalEntry Entry(EntryKind kind, int n, int corrects = 0) {
  JournalEntry entry;
  entry.sequence = n;
  entry.kind = kind;
  entry.action.body = {{"type", "t"}, {"n", n}};
  entry.corrects = corrects;
  return entry;
}

TEST(Journal, FoldsActionsUndosAndCorrections) {
  const auto actions = EffectiveActions({Entry(EntryKind::kAction, 1), Entry(EntryKind::kAction, 2),
                                         Entry(EntryKind::kUndo, 3), Entry(EntryKind::kAction, 4),
                                         Entry(EntryKind::kCorrection, 5, 1)});
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(actions[0].body["n"], 5);
  EXPECT_EQ(actions[1].body["n"], 4);
}

TEST(Journal, RefusesUndoOrCorrectionOfMissingActions) {
  EXPECT_THROW(EffectiveActions({Entry(EntryKind::kUndo, 1)}), StoreError);
  EXPECT_THROW(
      EffectiveActions({Entry(EntryKind::kAction, 1), Entry(EntryKind::kCorrection, 2, 2)}),
      StoreError);
}

}  // namespace
}  // namespace tabref::data
