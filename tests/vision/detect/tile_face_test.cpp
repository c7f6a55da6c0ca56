// The tile face classifier's quick first look against its full read, on rendered tiles.
#include "vision/detect/tile_face.h"

#include <gtest/gtest.h>

#include <cmath>

#include "tests/vision/detect/detected_scene.h"

namespace tabref::vision {
namespace {

TEST(TileFaceTest, AFirstLookReadsEveryTileAsTheFullReadDoes) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  const testing::DetectedScene result = testing::DetectTileScene(set, 12, 25, 0, 1);
  const calibration::TableMapping mapping(
      TruthCalibration(result.scene.camera, result.scene.layout));
  const TileFaceClassifier faces(set);
  int tiles = 0;
  for (const TruthPiece& truth : result.truth) {
    if (truth.piece.kind != ObservedKind::kTile || truth.distractor || truth.hidden) continue;
    ++tiles;
    SCOPED_TRACE(truth.description);
    const cv::Point2d centre(truth.piece.position_mm.x, truth.piece.position_mm.y);
    const double angle = std::fmod(truth.piece.angle_deg * CV_PI / 180 + 4 * CV_PI, 0.5 * CV_PI);
    const TileFace read = faces.Classify(result.scene.image, mapping, centre, angle,
                                         set.tile_side_mm, set.tile_thickness_mm);
    const TileFace look = faces.Look(result.scene.image, mapping, centre, angle, set.tile_side_mm,
                                     set.tile_thickness_mm);
    ASSERT_TRUE(read.recognised);
    EXPECT_TRUE(look.recognised);
    EXPECT_EQ(look.side, read.side);
    EXPECT_EQ(look.suit, read.suit);
    EXPECT_EQ(look.rank, read.rank);
    EXPECT_EQ(look.quarter_turns, read.quarter_turns);
    EXPECT_NEAR(look.score, read.score, 0.05);
    EXPECT_NEAR(look.half_contrast, read.half_contrast, 0.02);
  }
  EXPECT_GE(tiles, 5);
}

}  // namespace
}  // namespace tabref::vision
