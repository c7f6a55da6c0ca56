// Coins lying on tiles against the synthetic table's ground truth: an ivory coin on an ivory
// tile shows its rim only where its wall does (the far side has no edge), and each must still
// be found with its identity, on its tile, to a fraction of a millimetre.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "vision/detect/piece_detector.h"
#include "vision/eval/truth_pieces.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"

namespace tabref::vision {
namespace {

struct StackedScene {
  sim::DetectionScene scene;
  std::vector<TruthPiece> truth;
  Detection detection;
};

// A 1080p scene, camera tilted 30 degrees, three coins on tiles and a block of touching tiles,
// detected with the calibration a perfect marker fit gives.
StackedScene DetectStacked(const PieceSet& set, std::uint64_t seed) {
  sim::DetectionSceneOptions options;
  options.seed = seed;
  options.width = 1920;
  options.height = 1080;
  options.tilt_deg = 30;
  options.coins_on_tiles = 3;
  options.tile_blocks = 1;
  options.hand_chance = 0;
  StackedScene result;
  result.scene = sim::MakeDetectionScene(set, options);
  result.truth = TruthPieces(result.scene, set);
  PieceDetector detector(set);
  detector.SetCalibration(TruthCalibration(result.scene.camera, result.scene.layout));
  result.detection = detector.Detect(result.scene.image);
  return result;
}

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
  const StackedScene result = DetectStacked(set, GetParam());
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
