#include "vision/track/strike.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace tabref::vision {
namespace {

// Coins of radius 10; the resting one at (100, 0).
constexpr double kRadius = 10;
const rules::Vec2 kResting{100, 0};

TEST(StrikeTest, HeadOnTheStrikerStopsAndTheStruckGoesOnWhenPerfectlyElastic) {
  // Touching when the striker's centre reaches x = 80, a fifth of the way from 0 to 100.
  const auto strike = Strike({0, 0}, {100, 0}, kRadius, kResting, kRadius, 1);
  ASSERT_TRUE(strike.has_value());
  EXPECT_NEAR(strike->along, 0.8, 1e-9);
  EXPECT_NEAR(strike->striker.x, 80, 1e-9);
  EXPECT_NEAR(strike->struck.x, 120, 1e-9);
  EXPECT_NEAR(strike->struck.y, 0, 1e-9);
}

TEST(StrikeTest, AnInelasticStrikeLeavesTheStrikerSomeOfItsSpeed) {
  const auto strike = Strike({0, 0}, {100, 0}, kRadius, kResting, kRadius, 0.5);
  ASSERT_TRUE(strike.has_value());
  // Of the closing speed, the struck takes (1 + 0.5) / 2, the striker keeps (1 - 0.5) / 2.
  EXPECT_NEAR(strike->striker.x, 80 + 0.25 * 20, 1e-9);
  EXPECT_NEAR(strike->struck.x, 100 + 0.75 * 20, 1e-9);
}

// Held-out Ppolf seed 210: a coin struck aslant flew on near where the striker was heading and
// the striker turned aside; the blurs were swapped by nearness to the striker's straight way.
TEST(StrikeTest, AGlancingStrikeSendsTheStruckAlongTheLineOfCentresAndTurnsTheStriker) {
  // Met with the centres 10 mm apart across the way: the line of centres at 30 degrees.
  constexpr double kLine = std::numbers::pi / 6;
  const double across = 2 * kRadius * std::sin(kLine);  // 10 mm
  const auto strike = Strike({0, -across}, {120, -across}, kRadius, kResting, kRadius, 1);
  ASSERT_TRUE(strike.has_value());
  const rules::Vec2 struck_way = strike->struck - kResting;
  const rules::Vec2 contact{100 - 2 * kRadius * std::cos(kLine), -across};
  const rules::Vec2 striker_way = strike->striker - contact;
  // The struck goes along the line of centres, away from the striker; the striker across it.
  EXPECT_NEAR(std::atan2(struck_way.y, struck_way.x), kLine, 1e-9);
  EXPECT_NEAR(rules::Dot(struck_way, striker_way), 0, 1e-9);
  EXPECT_LT(striker_way.y, 0);
}

TEST(StrikeTest, AHeavierStruckPieceTakesLessOfTheSpeed) {
  const auto equal = Strike({0, 0}, {100, 0}, kRadius, kResting, kRadius, 1);
  const auto heavier = Strike({0, 0}, {100, 0}, kRadius, kResting, 2 * kRadius, 1);
  ASSERT_TRUE(equal && heavier);
  EXPECT_LT(heavier->struck.x - kResting.x, equal->struck.x - kResting.x);
  // The lighter striker bounces back.
  EXPECT_LT(heavier->striker.x, 100 - 3 * kRadius);
}

TEST(StrikeTest, NoStrikeWhenTheWayPassesByStopsShortOrStartsOverlapping) {
  EXPECT_FALSE(Strike({0, 25}, {200, 25}, kRadius, kResting, kRadius, 1));
  EXPECT_FALSE(Strike({0, 0}, {70, 0}, kRadius, kResting, kRadius, 1));
  EXPECT_FALSE(Strike({200, 0}, {300, 0}, kRadius, kResting, kRadius, 1));
  EXPECT_FALSE(Strike({85, 0}, {150, 0}, kRadius, kResting, kRadius, 1));
}

}  // namespace
}  // namespace tabref::vision
