#include "vision/track/change_blob.h"

#include <gtest/gtest.h>

#include <vector>

namespace tabref::vision {
namespace {

// Held-out Ppolf seed 105: a coin slowing down by the hole broke into two parts of change (its
// art and its rim), a third of its area each; the nearer part alone, taken for the coin, put it
// 7.5 mm ahead of where it was and made a kink by the hole. Such parts join each other.
TEST(JoinSmallPartsTest, ThePartsOfAPieceJoinEachOther) {
  const std::vector<ChangeBlob> parts = {{{100, 50}, 29, {1}}, {{94, 50}, 30, {2}}};
  const std::vector<ChangeBlob> joined = JoinSmallParts(parts, 25, 50, 11);
  ASSERT_EQ(joined.size(), 2u);
  for (const ChangeBlob& blob : joined) {
    EXPECT_NEAR(blob.at.x, (100 * 29 + 94 * 30) / 59.0, 1e-9);
    EXPECT_EQ(blob.area, 59);
    EXPECT_EQ(blob.labels.size(), 2u);
  }
  // Parts at least the size given stand alone, as does one with no neighbour in reach.
  const std::vector<ChangeBlob> alone = JoinSmallParts(parts, 25, 25, 11);
  EXPECT_EQ(alone[0].at.x, 100);
  EXPECT_EQ(alone[0].area, 29);
  const std::vector<ChangeBlob> apart = JoinSmallParts(parts, 25, 50, 5);
  EXPECT_EQ(apart[1].at.x, 94);
  EXPECT_EQ(apart[1].labels, std::vector<int>{2});
}

// Two coins side by side, one whole, one split: the split coin's shares join each other, not
// the whole coin's blob beside them (its place would be pulled toward the other coin); a
// fragment joins whatever lies in reach.
TEST(JoinSmallPartsTest, AShareOfAPieceDoesNotJoinAnotherPiecesWholeBlob) {
  const std::vector<ChangeBlob> parts = {
      {{100, 50}, 30, {1}}, {{90, 50}, 90, {2}}, {{95, 56}, 10, {3}}};
  const std::vector<ChangeBlob> joined = JoinSmallParts(parts, 25, 50, 12);
  EXPECT_EQ(joined[0].labels, (std::vector<int>{1, 3}));
  EXPECT_EQ(joined[1].labels, std::vector<int>{2});
  EXPECT_EQ(joined[2].labels, (std::vector<int>{3, 1, 2}));
}

}  // namespace
}  // namespace tabref::vision
