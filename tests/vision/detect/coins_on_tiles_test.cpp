// Coins lying on tiles against the synthetic table's ground truth: an ivory coin on an ivory
// tile shows its rim only where its wall does (the far side has no edge), and each must still
// be found with its identity, on its tile, to a fraction of a millimetre.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/vision/detect/detected_scene.h"

namespace tabref::vision {
namespace {

const ObservedPiece* NearestCoin(const Detection& detection, const rules::Vec2& at,
                                 double within_mm) {
  const ObservedPiece* nearest = nullptr;
  for (const ObservedPiece& piece : detection.pieces) {
    const double d = rules::Distance(piece.position_mm, at);
    if (piece.kind == ObservedKind::kCoin && d < within_mm) {
      nearest = &piece;
      within_mm = d;
    }
  }
  return nearest;
}

// Seeds whose scenes put coins on ivory tiles with only the near half of the rim showing
// (before the far side was allowed to stay unseen, each lost one such coin).
class CoinsOnTilesTest : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(CoinsOnTilesTest, FoundWithIdentityOnTheirTileWithinHalfAMillimetre) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  // Camera tilted 30 degrees, three coins on tiles and a block of touching tiles.
  const testing::DetectedScene result = testing::DetectTileScene(set, GetParam(), 30, 3, 1);
  int stacked = 0;
  for (const TruthPiece& truth : result.truth) {
    if (truth.piece.kind != ObservedKind::kCoin || !truth.piece.on_top_of || truth.hidden) continue;
    ++stacked;
    SCOPED_TRACE(truth.description + " at (" + std::to_string(truth.piece.position_mm.x) + ", " +
                 std::to_string(truth.piece.position_mm.y) + ")");
    const ObservedPiece* seen = NearestCoin(result.detection, truth.piece.position_mm, 6);
    ASSERT_NE(seen, nullptr) << "not found";
    EXPECT_LT(rules::Distance(seen->position_mm, truth.piece.position_mm), 0.5);
    EXPECT_EQ(seen->side, truth.piece.side);
    EXPECT_EQ(seen->suit, truth.piece.suit);
    EXPECT_EQ(seen->rank, truth.piece.rank);
    ASSERT_TRUE(seen->on_top_of.has_value()) << "not reported on its tile";
    const ObservedPiece& carrier =
        result.detection.pieces.at(static_cast<size_t>(*seen->on_top_of));
    EXPECT_EQ(carrier.kind, ObservedKind::kTile);
  }
  EXPECT_EQ(stacked, 3);
  // Nothing printed on the tiles (art, the back's cross, value pips) passes for a coin.
  for (const ObservedPiece& seen : result.detection.pieces) {
    if (seen.kind != ObservedKind::kCoin) continue;
    bool real = false;
    for (const TruthPiece& truth : result.truth) {
      real = real || (truth.piece.kind == ObservedKind::kCoin && !truth.distractor &&
                      rules::Distance(seen.position_mm, truth.piece.position_mm) < 3);
    }
    EXPECT_TRUE(real) << "a coin reported at (" << seen.position_mm.x << ", " << seen.position_mm.y
                      << ") where none lies";
  }
}

INSTANTIATE_TEST_SUITE_P(IvoryOnIvory, CoinsOnTilesTest, ::testing::Values(5u, 6u, 12u, 18u));

}  // namespace
}  // namespace tabref::vision
