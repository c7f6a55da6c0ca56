// What the synthetic table's truth expects the detector to see.
#include "vision/eval/truth_pieces.h"

#include <gtest/gtest.h>

#include <string>

#include "vision/eval/detection_score.h"
#include "vision/sim/piece_body.h"

namespace tabref::vision {
namespace {

// Upright pairs, the upper one nested on the lower one, as the scenes stack them.
class NestedPairs : public ::testing::Test {
 protected:
  void Nest(const sim::PieceLook& lower, const sim::PieceLook& upper, cv::Vec2d at) {
    const sim::Body lower_body = sim::MakeBody(lower, set_, at, 0.4);
    sim::Body upper_body = sim::MakeBody(upper, set_, at, 0.4);
    const int carrier = static_cast<int>(scene_.bodies.size());
    sim::NestOn(upper_body, upper, lower_body, lower, carrier, set_);
    scene_.looks.insert(scene_.looks.end(), {lower, upper});
    scene_.bodies.insert(scene_.bodies.end(), {lower_body, upper_body});
    scene_.hidden.insert(scene_.hidden.end(), {false, false});
  }

  const PieceSet set_ = LoadPieceSet(DefaultPieceSetFile());
  sim::DetectionScene scene_;
};

TEST_F(NestedPairs, ASmallerPyramidNestedFlushInOneOfItsColourIsNotExpected) {
  Nest(sim::PieceLook::Pyramid("green", "large"), sim::PieceLook::Pyramid("green", "small"),
       {100, 100});
  Nest(sim::PieceLook::Pyramid("green", "large"), sim::PieceLook::Pyramid("red", "small"),
       {300, 100});  // two colours
  Nest(sim::PieceLook::Pyramid("blue", "medium"), sim::PieceLook::Pyramid("blue", "medium"),
       {500, 100});  // a catapult
  const std::vector<TruthPiece> truth = TruthPieces(scene_, set_);
  ASSERT_EQ(truth.size(), 6u);
  // Only the upper one of the green pair: its faces continue the lower one's.
  for (size_t i = 0; i < truth.size(); ++i) {
    SCOPED_TRACE(truth[i].description);
    EXPECT_EQ(truth[i].indistinct, i == 1);
    EXPECT_EQ(truth[i].Expected(), i != 1);
  }

  // Not found, it is no miss; found, it counts as a visible one.
  Detection detection;
  ObservedPiece lower;
  lower.kind = ObservedKind::kPyramid;
  lower.position_mm = {100, 100};
  detection.pieces.push_back(lower);
  const KindScore missed = ScoreDetection(truth, detection).kinds[ObservedKind::kPyramid];
  EXPECT_EQ(missed.truths, 5);
  EXPECT_EQ(missed.found, 1);
  EXPECT_EQ(missed.indistinct_missed, 1);
  ObservedPiece upper = lower;
  upper.on_top_of = 0;
  detection.pieces.push_back(upper);
  const KindScore found = ScoreDetection(truth, detection).kinds[ObservedKind::kPyramid];
  EXPECT_EQ(found.truths, 6);
  EXPECT_EQ(found.found, 2);
  EXPECT_EQ(found.indistinct_missed, 0);
}

}  // namespace
}  // namespace tabref::vision
