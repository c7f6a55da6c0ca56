#include "rules/core/geometry.h"

#include <gtest/gtest.h>

#include <numbers>

#include "rules/core/rule_error.h"

namespace tabref::rules {
namespace {

TEST(Geometry, GapBetweenDiscsIsCentreDistanceLessRadii) {
  const Circle a{{0, 0}, 9.525};
  const Circle b{{30, 40}, 9.525};
  EXPECT_NEAR(Gap(a, b), 50.0 - 19.05, 1e-9);
  EXPECT_DOUBLE_EQ(Gap(a, Circle{{10, 0}, 9.525}), 0.0);
}

TEST(Geometry, GapFromDiscToRotatedSquareMeasuresToTheNearestEdge) {
  const Polygon tile = Square({0, 0}, 50.8, 45.0);
  const double half_diagonal = 50.8 / std::sqrt(2.0);
  EXPECT_NEAR(Gap(Circle{{100, 0}, 5}, tile), 100 - half_diagonal - 5, 1e-9);
  EXPECT_DOUBLE_EQ(Gap(Circle{{0, 0}, 5}, tile), 0.0);
}

TEST(Geometry, SignedGapSaysHowDeepADiscReachesIntoTheOther) {
  const Polygon tile = Square({0, 0}, 50.8, 0);
  EXPECT_NEAR(SignedGap(Circle{{0, 40}, 10}, tile), 40 - 25.4 - 10, 1e-9);
  EXPECT_NEAR(SignedGap(tile, Circle{{0, 30}, 10}), 30 - 25.4 - 10, 1e-9);
  EXPECT_NEAR(SignedGap(Circle{{0, 20}, 10}, tile), -5.4 - 10, 1e-9);  // centre inside
  EXPECT_NEAR(SignedGap(Circle{{0, 0}, 5}, Circle{{6, 0}, 5}), -4, 1e-9);
  EXPECT_DOUBLE_EQ(SignedGap(tile, Square({10, 0}, 50.8, 0)), 0.0);
}

TEST(Geometry, GapBetweenPolygonsIsZeroWhenTheyOverlapOrTouch) {
  const Polygon a = Square({0, 0}, 10, 0);
  EXPECT_DOUBLE_EQ(Gap(a, Square({10, 0}, 10, 0)), 0.0);
  EXPECT_DOUBLE_EQ(Gap(a, Square({5, 5}, 10, 30)), 0.0);
  EXPECT_NEAR(Gap(a, Square({30, 0}, 10, 0)), 20.0, 1e-9);
  EXPECT_DOUBLE_EQ(Gap(a, Square({0, 0}, 2, 10)), 0.0);  // one inside the other
}

TEST(Geometry, AreaOfDiscsAndPolygonsEitherWayRound) {
  EXPECT_NEAR(Area(Circle{{3, 4}, 2}), 4 * std::numbers::pi, 1e-9);
  EXPECT_NEAR(Area(Square({5, 5}, 10, 30)), 100, 1e-9);
  EXPECT_NEAR(Area(Polygon{{{0, 0}, {0, 3}, {4, 0}}}), 6, 1e-9);  // clockwise
  EXPECT_NEAR(EquivalentRadius(Square({0, 0}, 10, 0)), 10 / std::sqrt(std::numbers::pi), 1e-9);
}

TEST(Geometry, LyingPyramidPointsItsApexAlongTheAngle) {
  const Polygon lying = LyingPyramid({0, 0}, 20, 30, 90.0);
  ASSERT_EQ(lying.vertices.size(), 3u);
  EXPECT_NEAR(lying.vertices[2].x, 0.0, 1e-9);
  EXPECT_NEAR(lying.vertices[2].y, 20.0, 1e-9);  // two thirds of the length ahead
  EXPECT_NEAR(Centroid(lying).y, 0.0, 1e-9);
}

TEST(Geometry, CompletelyOutsideCountsTouchingAsInside) {
  const Rect court{{0, 0}, {100, 300}};
  EXPECT_FALSE(CompletelyOutside(Circle{{105, 50}, 9.525}, court));
  EXPECT_FALSE(CompletelyOutside(Circle{{109.5, 50}, 9.525}, court));
  EXPECT_TRUE(CompletelyOutside(Circle{{110, 50}, 9.525}, court));
}

TEST(Geometry, PointsParseFromArraysAndObjects) {
  EXPECT_EQ(PointFromJson(Json::parse("[1.5, -2]")), (Vec2{1.5, -2}));
  EXPECT_EQ(PointFromJson(Json::parse(R"({"x": 3, "y": 4})")), (Vec2{3, 4}));
  EXPECT_THROW(PointFromJson(Json::parse("[1]")), RuleError);
  EXPECT_THROW(PointFromJson(Json::parse(R"(["a", 2])")), RuleError);
}

}  // namespace
}  // namespace tabref::rules
