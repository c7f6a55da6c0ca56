#include "vision/track/change_blob.h"

#include <gtest/gtest.h>

#include <vector>

namespace tabref::vision {
namespace {

// Held-out Ppolf seed 105: a coin slowing down by the hole broke into two parts of change (its
// art and its rim), a third of its area each; the nearer part alone, taken for the coin, put it
// 7.5 mm ahead of where it was and made a kink by the hole. Parts under the size given join.
TEST(JoinSmallPartsTest, PartsSmallerThanTheSizeGivenCountWithTheirNeighbours) {
  const std::vector<ChangeBlob> parts = {{{100, 50}, 29, {1}}, {{94, 50}, 30, {2}}};
  const std::vector<ChangeBlob> joined = JoinSmallParts(parts, 50, 11);
  ASSERT_EQ(joined.size(), 2u);
  for (const ChangeBlob& blob : joined) {
    EXPECT_NEAR(blob.at.x, (100 * 29 + 94 * 30) / 59.0, 1e-9);
    EXPECT_EQ(blob.area, 59);
    EXPECT_EQ(blob.labels.size(), 2u);
  }
  // Each part at least the size given stands alone, as does one with no neighbour in reach.
  const std::vector<ChangeBlob> alone = JoinSmallParts(parts, 25, 11);
  EXPECT_EQ(alone[0].at.x, 100);
  EXPECT_EQ(alone[0].area, 29);
  const std::vector<ChangeBlob> apart = JoinSmallParts(parts, 50, 5);
  EXPECT_EQ(apart[1].at.x, 94);
  EXPECT_EQ(apart[1].labels, std::vector<int>{2});
}

}  // namespace
}  // namespace tabref::vision
