// Gaps between observed pieces and the pieces' JSON of DESIGN.md's `tabref detect`.
#include <gtest/gtest.h>

#include <cmath>

#include "vision/observation/observation_json.h"
#include "vision/observation/piece_gaps.h"

namespace tabref::vision {
namespace {

ObservedPiece Coin(rules::Vec2 centre, double sigma) {
  ObservedPiece coin;
  coin.position_mm = centre;
  coin.sigma_mm = sigma;
  coin.footprint = rules::Circle{centre, 9.525};
  return coin;
}

TEST(PieceGaps, MeasuresFootprintToFootprintWithTheCombinedSigma) {
  const auto gaps =
      MeasureGaps({Coin({0, 0}, 0.3), Coin({20.05, 0}, 0.4), Coin({200, 0}, 0.1)}, 60);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_EQ(gaps[0].first, 0);
  EXPECT_EQ(gaps[0].second, 1);
  EXPECT_NEAR(gaps[0].gap_mm, 1.0, 1e-9);
  EXPECT_NEAR(gaps[0].sigma_mm, 0.5, 1e-9);
  EXPECT_TRUE(gaps[0].touching);  // 1 mm is within two sigma of touching
}

// The table frame's calibration moves both pieces alike: its share of their sigmas is no
// uncertainty of the gap between them.
TEST(PieceGaps, LeaveTheCalibrationsShareOfTheSigmasOut) {
  ObservedPiece a = Coin({0, 0}, 0.5);
  ObservedPiece b = Coin({20.05, 0}, 0.5);
  a.calibration_sigma_mm = 0.4;
  b.calibration_sigma_mm = 0.4;
  EXPECT_NEAR(RelativeSigma(a), 0.3, 1e-9);
  const auto gaps = MeasureGaps({a, b}, 60);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_NEAR(gaps[0].sigma_mm, std::hypot(0.3, 0.3), 1e-9);
  EXPECT_FALSE(gaps[0].touching);  // 1 mm is beyond two sigma (0.85 mm) of touching
}

TEST(PieceGaps, ClearGapIsNotTouchingAndACarriedPieceIsNotPaired) {
  auto gaps = MeasureGaps({Coin({0, 0}, 0.1), Coin({20.05, 0}, 0.1)}, 60);
  ASSERT_EQ(gaps.size(), 1u);
  EXPECT_FALSE(gaps[0].touching);
  ObservedPiece carried = Coin({0, 0}, 0.1);
  carried.on_top_of = 0;
  EXPECT_TRUE(MeasureGaps({Coin({0, 0}, 0.1), carried}, 60).empty());
}

TEST(ObservationJson, CoinHasTheContractsFieldsAndNullForWhatCannotBeSeen) {
  ObservedPiece coin = Coin({412.3, 188.0}, 0.3);
  coin.side = "suit";
  coin.suit = "suns";
  const auto json = PieceToJson(coin);
  EXPECT_EQ(json["kind"], "coin");
  EXPECT_EQ(json["side"], "suit");
  EXPECT_EQ(json["suit"], "suns");
  EXPECT_TRUE(json["rank"].is_null());
  EXPECT_TRUE(json["on_top_of"].is_null());
  EXPECT_EQ(json["x_mm"].dump(), "412.3");
  EXPECT_EQ(json["y_mm"].dump(), "188.0");
  EXPECT_EQ(json["footprint_mm"].size(), 36u);
  EXPECT_EQ(json.begin().key(), "kind");
}

TEST(ObservationJson, PyramidUsesColorSizePoseAndOnTopOf) {
  ObservedPiece pyramid;
  pyramid.kind = ObservedKind::kPyramid;
  pyramid.colour = "red";
  pyramid.size = "large";
  pyramid.pose = "upright";
  pyramid.on_top_of = 2;
  pyramid.footprint = rules::Square({10, 10}, 25.4, 0);
  const auto json = PieceToJson(pyramid);
  EXPECT_EQ(json["color"], "red");
  EXPECT_EQ(json["size"], "large");
  EXPECT_EQ(json["pose"], "upright");
  EXPECT_EQ(json["on_top_of"], 2);
  EXPECT_FALSE(json.contains("suit"));
  EXPECT_EQ(json["footprint_mm"].size(), 4u);
}

}  // namespace
}  // namespace tabref::vision
