// The coin detector against the synthetic table's ground truth: busy tables (touching coins,
// coins on the marker paper, tiles, pyramids, a die, a pen and a card), two resolutions.
#include <gtest/gtest.h>

#include <algorithm>

#include "vision/detect/piece_detector.h"
#include "vision/eval/detection_score.h"
#include "vision/eval/truth_pieces.h"
#include "vision/sim/detection_scene.h"

namespace tabref::vision {
namespace {

struct SceneRun {
  DetectionScore score;
  Detection detection;
};

SceneRun DetectScene(const PieceSet& set, sim::DetectionSceneOptions options,
                     const DetectionOptions& detection_options = {}) {
  options.hand_chance = 0;
  const sim::DetectionScene scene = MakeDetectionScene(set, options);
  PieceDetector detector(set, detection_options);
  detector.SetCalibration(TruthCalibration(scene.camera, scene.layout));
  SceneRun run;
  run.detection = detector.Detect(scene.image);
  run.score = ScoreDetection(TruthPieces(scene, set), run.detection);
  return run;
}

double Share(int part, int whole) { return whole == 0 ? 0 : static_cast<double>(part) / whole; }

class CoinDetection : public testing::Test {
 protected:
  struct Compared {
    KindScore without;  // with a step turned off
    KindScore with;     // by default
  };
  // The coins of the evaluation set's scene `seed` found with `off` and by default.
  Compared CoinsWithAndWithout(std::uint64_t seed, const DetectionOptions& off) const {
    sim::DetectionSceneOptions options;
    options.seed = seed;
    return {DetectScene(set_, options, off).score.kinds[ObservedKind::kCoin],
            DetectScene(set_, options).score.kinds[ObservedKind::kCoin]};
  }

  const PieceSet set_ = LoadPieceSet(DefaultPieceSetFile());
};

TEST_F(CoinDetection, FindsNamesAndMeasuresCoinsOnBusyTables) {
  DetectionScore total;
  for (std::uint64_t seed : {11u, 12u, 13u}) {
    sim::DetectionSceneOptions options;
    options.seed = seed;
    total.Add(DetectScene(set_, options).score);
  }
  const KindScore& coins = total.kinds[ObservedKind::kCoin];
  ASSERT_GE(coins.truths, 30);
  EXPECT_GE(coins.Recall(), 0.92);
  EXPECT_GE(coins.Precision(), 0.97);
  EXPECT_EQ(coins.distractor_hits, 0);
  EXPECT_GE(Share(coins.identity_correct, coins.classified), 0.95);
  EXPECT_LE(Percentile(coins.position_errors_mm, 0.5), 0.25);
  EXPECT_LE(Percentile(coins.position_errors_mm, 0.95), 0.8);
  const auto within_two_sigma =
      std::count_if(coins.normalised_errors.begin(), coins.normalised_errors.end(),
                    [](double normalised) { return normalised <= 2; });
  EXPECT_GE(
      Share(static_cast<int>(within_two_sigma), static_cast<int>(coins.normalised_errors.size())),
      0.85);
}

// Pale coins on a pale laminate filmed at a slant (seed 67 of the evaluation set): their faces
// melt into the table, the votes come from the near side's wall and put the candidates 2.5-4
// mm off; the second, wider alignment finds their rims.
TEST_F(CoinDetection, FindsPaleCoinsOnAPaleTableWithTheWiderSecondAlignment) {
  DetectionOptions one_reach;
  one_reach.coin_second_reach_mm = 0;
  const auto [without, with] = CoinsWithAndWithout(67, one_reach);
  EXPECT_GE(with.found, without.found + 2);
  EXPECT_EQ(with.false_positives, 0);
  // One of them, a faint ace, reads as a 4 (the face classifier's usual confusion, as in the
  // evaluation set's confusions).
  EXPECT_LE(with.classified - with.identity_correct, 1);
  EXPECT_LE(Percentile(with.position_errors_mm, 1.0), 0.6);
}

// Pale laminate, a far slanted camera (seed 14 of the evaluation set): the first alignment,
// from candidates 3.5-4.3 mm off, settled on circles that half met the rim and half the
// wall's foot or the face's art, accepted on half the rays; their faces then read as
// nothing. A fit accepted on little is fitted again with the wider alignment too.
TEST_F(CoinDetection, RefitsACoinAcceptedOnLittleWithTheWiderAlignment) {
  DetectionOptions no_recheck;
  no_recheck.coin_recheck_support = 0;
  const auto [without, with] = CoinsWithAndWithout(14, no_recheck);
  EXPECT_GE(with.found, without.found + 2);
  EXPECT_EQ(with.false_positives, 0);
  EXPECT_EQ(with.classified, with.identity_correct);
  EXPECT_LE(Percentile(with.position_errors_mm, 1.0), 0.6);
}

// Ppolf seed 5: a far coin, 14 pixels across, came to rest where the tracker followed it, and
// its face matched no template well enough. Told where pieces came to rest, the detector
// reports a coin whose rim fits there with no identity: where it is, not what.
TEST_F(CoinDetection, ReportsACoinWhoseFaceItCannotReadWhereItWasExpected) {
  sim::DetectionSceneOptions options;
  options.seed = 12;
  options.hand_chance = 0;
  const sim::DetectionScene scene = MakeDetectionScene(set_, options);
  DetectionOptions unreadable;
  unreadable.coin_face.min_match = 1.1;  // no face reads
  PieceDetector detector(set_, unreadable);
  detector.SetCalibration(TruthCalibration(scene.camera, scene.layout));
  const auto coin_near = [](const Detection& detection, rules::Vec2 at) {
    const auto found =
        std::find_if(detection.pieces.begin(), detection.pieces.end(), [&](const auto& piece) {
          return piece.kind == ObservedKind::kCoin && rules::Distance(piece.position_mm, at) < 1;
        });
    return found == detection.pieces.end() ? nullptr : &*found;
  };
  const Detection unexpected = detector.Detect(scene.image);
  std::vector<rules::Vec2> unread;  // all but the blank faces, which need no template
  for (const TruthPiece& truth : TruthPieces(scene, set_)) {
    if (truth.piece.kind == ObservedKind::kCoin && !truth.piece.on_top_of &&
        coin_near(unexpected, truth.piece.position_mm) == nullptr)
      unread.push_back(truth.piece.position_mm);
  }
  ASSERT_GE(unread.size(), 6u);
  const Detection expected = detector.Detect(scene.image, DetectionHints::Expecting(unread));
  int found = 0;
  for (const rules::Vec2& at : unread) {
    const ObservedPiece* piece = coin_near(expected, at);
    if (piece == nullptr) continue;
    ++found;
    EXPECT_FALSE(piece->side || piece->suit || piece->rank);
    EXPECT_EQ(piece->confidence, 0);
  }
  EXPECT_GE(found, static_cast<int>(unread.size()) - 1);
  EXPECT_EQ(expected.pieces.size(), unexpected.pieces.size() + static_cast<size_t>(found));
}

TEST_F(CoinDetection, WorksAt720p) {
  sim::DetectionSceneOptions options;
  options.seed = 21;
  options.width = 1280;
  options.height = 720;
  options.tilt_deg = 10;
  const KindScore coins = DetectScene(set_, options).score.kinds[ObservedKind::kCoin];
  ASSERT_GE(coins.truths, 10);
  EXPECT_GE(coins.Recall(), 0.85);
  EXPECT_EQ(coins.false_positives, 0);
  EXPECT_LE(Percentile(coins.position_errors_mm, 0.5), 0.4);
}

TEST_F(CoinDetection, ReportsNoCoinOnATableOfDiceCardsAndPens) {
  sim::DetectionSceneOptions options;
  options.seed = 31;
  options.coins = 0;
  options.touching_coins = 0;
  options.coins_on_paper = 0;
  options.tiles = 0;
  options.pyramids = 0;
  const SceneRun run = DetectScene(set_, options);
  EXPECT_TRUE(run.detection.pieces.empty()) << run.detection.pieces.size() << " pieces reported";
}

TEST_F(CoinDetection, TimesEveryStageAndKeepsRejections) {
  sim::DetectionSceneOptions options;
  options.seed = 12;
  const SceneRun run = DetectScene(set_, options);
  std::vector<std::string> stages;
  for (const StageTiming& timing : run.detection.timings) stages.push_back(timing.stage);
  for (const char* stage : {"preprocess", "candidates", "fit", "classify", "dedupe", "refine"}) {
    EXPECT_NE(std::find(stages.begin(), stages.end(), stage), stages.end()) << stage;
  }
  for (const RejectedCandidate& rejected : run.detection.rejected) {
    EXPECT_FALSE(rejected.stage.empty());
    EXPECT_FALSE(rejected.reason.empty());
  }
}

}  // namespace
}  // namespace tabref::vision
