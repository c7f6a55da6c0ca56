// The tile face classifier on rendered tiles: its quick first look against its full read, and
// faces half in shadow.
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

// Detection benchmark seed 55: a tile half in an arm's shadow, white-balanced as a whole, read as
// no tile (its shaded plain face looked inked). Balanced cell by cell, it reads as itself. (A
// null face, its art a small suit sign, reads too badly in such a shadow to be matched again.)
TEST(TileFaceTest, AFaceHalfInShadowIsReadAsItself) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  const testing::DetectedScene result = testing::DetectTileScene(set, 12, 25, 0, 1);
  const calibration::TableMapping mapping(
      TruthCalibration(result.scene.camera, result.scene.layout));
  TileFaceOptions whole;
  whole.local_face_cells = 0;
  const TileFaceClassifier faces(set);
  const TileFaceClassifier balanced_as_a_whole(set, whole);
  int tiles = 0;
  int lost_as_a_whole = 0;
  for (const TruthPiece& truth : result.truth) {
    if (truth.piece.kind != ObservedKind::kTile || !truth.Expected() || truth.piece.rank == "null")
      continue;
    ++tiles;
    SCOPED_TRACE(truth.description);
    const cv::Point2d centre(truth.piece.position_mm.x, truth.piece.position_mm.y);
    // The shadow's edge runs through the tile's centre, slanted across its art.
    const cv::Point2d at = mapping.TableToImage(
        std::vector<cv::Vec3d>{{centre.x, centre.y, set.tile_thickness_mm}})[0];
    const cv::Point2d edge(std::cos(0.4), std::sin(0.4));
    cv::Mat shaded = result.scene.image.clone();
    for (int y = 0; y < shaded.rows; ++y) {
      for (int x = 0; x < shaded.cols; ++x) {
        const cv::Point2d from(x - at.x, y - at.y);
        if (from.dot(from) < 200.0 * 200.0 && from.x * edge.y - from.y * edge.x > 0)
          shaded.at<cv::Vec3b>(y, x) *= 0.55;
      }
    }
    const double angle = std::fmod(truth.piece.angle_deg * CV_PI / 180 + 4 * CV_PI, 0.5 * CV_PI);
    const TileFace read =
        faces.Classify(shaded, mapping, centre, angle, set.tile_side_mm, set.tile_thickness_mm);
    ASSERT_TRUE(read.recognised);
    EXPECT_EQ(read.side, truth.piece.side);
    EXPECT_EQ(read.suit, truth.piece.suit);
    EXPECT_EQ(read.rank, truth.piece.rank);
    lost_as_a_whole +=
        !balanced_as_a_whole
             .Classify(shaded, mapping, centre, angle, set.tile_side_mm, set.tile_thickness_mm)
             .recognised;
  }
  EXPECT_GE(tiles, 3);
  EXPECT_GE(lost_as_a_whole, 1);
}

}  // namespace
}  // namespace tabref::vision
