// What a caller watching the table tells the detector (DetectionHints): coin candidates where
// nothing changed since they were turned down are turned down again without a fit, and never
// where the caller saw a piece come to rest.
#include <gtest/gtest.h>

#include <algorithm>

#include "vision/detect/piece_detector.h"
#include "vision/eval/truth_pieces.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"

namespace tabref::vision {
namespace {

bool CoinNear(const Detection& detection, rules::Vec2 at) {
  return std::any_of(detection.pieces.begin(), detection.pieces.end(), [&](const ObservedPiece& p) {
    return p.kind == ObservedKind::kCoin && rules::Distance(p.position_mm, at) < 2;
  });
}

TEST(DetectionHints, CoinCandidatesAtUnchangedMissesAreTurnedDownUnlessAPieceCameToRestThere) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  sim::DetectionSceneOptions scene_options;
  scene_options.seed = 7;  // six coin candidates turned down at their fit
  scene_options.hand_chance = 0;
  const sim::DetectionScene scene = sim::MakeDetectionScene(set, scene_options);
  PieceDetector detector(set);
  detector.SetCalibration(TruthCalibration(scene.camera, scene.layout));
  const Detection first = detector.Detect(scene.image);

  // Every candidate the fit turned down, told as unchanged: the same pieces, no fit repeated.
  DetectionHints misses;
  for (const RejectedCandidate& rejected : first.rejected) {
    if (rejected.kind == ObservedKind::kCoin && rejected.stage == "fit")
      misses.unchanged_coin_misses_mm.push_back(rejected.table_mm);
  }
  ASSERT_FALSE(misses.unchanged_coin_misses_mm.empty());
  const Detection again = detector.Detect(scene.image, misses);
  ASSERT_EQ(again.pieces.size(), first.pieces.size());
  for (size_t i = 0; i < first.pieces.size(); ++i)
    EXPECT_EQ(again.pieces[i].position_mm, first.pieces[i].position_mm);
  const auto skipped =
      std::count_if(again.rejected.begin(), again.rejected.end(), [](const RejectedCandidate& r) {
        return r.stage == "fit" && r.reason == kUnchangedCoinMissReason;
      });
  EXPECT_EQ(skipped, static_cast<long>(misses.unchanged_coin_misses_mm.size()));

  // Told (wrongly) that a coin's place is such a miss, the detector does not look there ...
  const auto coin = std::find_if(
      first.pieces.begin(), first.pieces.end(),
      [](const ObservedPiece& p) { return p.kind == ObservedKind::kCoin && !p.on_top_of; });
  ASSERT_NE(coin, first.pieces.end());
  DetectionHints wrong;
  wrong.unchanged_coin_misses_mm = {coin->position_mm};
  EXPECT_FALSE(CoinNear(detector.Detect(scene.image, wrong), coin->position_mm));
  // ... unless a piece was seen coming to rest there.
  wrong.expected_mm = {coin->position_mm};
  EXPECT_TRUE(CoinNear(detector.Detect(scene.image, wrong), coin->position_mm));
}

}  // namespace
}  // namespace tabref::vision
