// A detector told to leave a kind of piece alone (DetectionOptions::coins_enabled,
// TileOptions::enabled, PyramidOptions::enabled: the live referee's games) reports none of
// it and the other kinds as before.
#include <gtest/gtest.h>

#include <algorithm>

#include "vision/detect/piece_detector.h"
#include "vision/eval/truth_pieces.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"

namespace tabref::vision {
namespace {

int Count(const Detection& detection, ObservedKind kind) {
  return static_cast<int>(std::count_if(detection.pieces.begin(), detection.pieces.end(),
                                        [&](const ObservedPiece& p) { return p.kind == kind; }));
}

TEST(FinderSelection, AKindLeftAloneIsNotReportedAndTheOthersAreAsBefore) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  sim::DetectionSceneOptions scene_options;
  scene_options.seed = 3;
  scene_options.hand_chance = 0;
  const sim::DetectionScene scene = sim::MakeDetectionScene(set, scene_options);
  const auto detect = [&](const DetectionOptions& options) {
    PieceDetector detector(set, options);
    detector.SetCalibration(TruthCalibration(scene.camera, scene.layout));
    return detector.Detect(scene.image);
  };
  const Detection all = detect({});
  ASSERT_GT(Count(all, ObservedKind::kCoin), 0);
  ASSERT_GT(Count(all, ObservedKind::kTile), 0);
  ASSERT_GT(Count(all, ObservedKind::kPyramid), 0);

  DetectionOptions no_coins;
  no_coins.coins_enabled = false;
  const Detection without_coins = detect(no_coins);
  EXPECT_EQ(Count(without_coins, ObservedKind::kCoin), 0);
  EXPECT_EQ(Count(without_coins, ObservedKind::kTile), Count(all, ObservedKind::kTile));
  EXPECT_EQ(Count(without_coins, ObservedKind::kPyramid), Count(all, ObservedKind::kPyramid));

  DetectionOptions no_tiles;
  no_tiles.tiles.enabled = false;
  const Detection without_tiles = detect(no_tiles);
  EXPECT_EQ(Count(without_tiles, ObservedKind::kTile), 0);
  EXPECT_GT(Count(without_tiles, ObservedKind::kCoin), 0);
  EXPECT_EQ(Count(without_tiles, ObservedKind::kPyramid), Count(all, ObservedKind::kPyramid));

  DetectionOptions no_pyramids;
  no_pyramids.pyramids.enabled = false;
  const Detection without_pyramids = detect(no_pyramids);
  EXPECT_EQ(Count(without_pyramids, ObservedKind::kPyramid), 0);
  EXPECT_EQ(Count(without_pyramids, ObservedKind::kTile), Count(all, ObservedKind::kTile));
  // A pyramid's top can pass for a coin: without the pyramids none is dropped for one.
  EXPECT_GE(Count(without_pyramids, ObservedKind::kCoin), Count(all, ObservedKind::kCoin));
}

}  // namespace
}  // namespace tabref::vision
