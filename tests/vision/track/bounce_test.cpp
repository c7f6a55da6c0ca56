#include "vision/track/bounce.h"

#include <gtest/gtest.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "vision/track/tracker_options.h"

namespace tabref::vision {
namespace {

// A tile 50 mm wide at the origin, square to the axes.
const std::vector<rules::Polygon> kTile = {rules::Square({0, 0}, 50, 0)};

// Held-out Ppolf seed 126: a coin flicked at the hole tile bounced straight back off it, but
// the way it came, carried on, pointed into the tile, where the tile's nudged edge was found
// and taken for the coin.
TEST(BouncedTest, ACoinDrivenIntoATileComesBackOffItsFace) {
  // Radius 10: it touches the face x = -25 with its centre at x = -35.
  const rules::Vec2 end = Bounced({-45, 0}, {-25, 0}, 10, kTile, 0.5);
  EXPECT_NEAR(end.x, -35 - 0.5 * 10, 1e-6);
  EXPECT_NEAR(end.y, 0, 1e-6);
}

TEST(BouncedTest, AGlancingBlowKeepsTheWayAlongTheFace) {
  const rules::Vec2 end = Bounced({-45, -10}, {-25, 10}, 10, kTile, 1);
  EXPECT_NEAR(end.x, -45, 1e-6);
  EXPECT_NEAR(end.y, 10, 1e-6);
}

TEST(BouncedTest, AWayClearOfTilesOrLeavingOneIsKept) {
  const rules::Vec2 clear = Bounced({-100, 40}, {100, 40}, 10, kTile, 0.7);
  EXPECT_EQ(clear.x, 100);
  EXPECT_EQ(clear.y, 40);
  // Touching the tile and moving away from it.
  const rules::Vec2 leaving = Bounced({-34, 0}, {-50, 0}, 10, kTile, 0.7);
  EXPECT_EQ(leaving.x, -50);
  // No obstacles at all.
  EXPECT_EQ(Bounced({0, 0}, {5, 5}, 10, {}, 0.7).x, 5);
}

TEST(BouncedTest, TheFirstTileMetTurnsItBack) {
  const std::vector<rules::Polygon> two = {rules::Square({0, 0}, 50, 0),
                                           rules::Square({-60, 0}, 20, 0)};
  // From x = -100 toward x = 0: the small tile's face at x = -70 comes first.
  const rules::Vec2 end = Bounced({-100, 0}, {-40, 0}, 5, two, 1);
  EXPECT_NEAR(end.x, -75 - (-40 - -75), 1e-6);
}

TEST(BouncedTest, RestitutionZeroStopsItWhereItMeetsTheTile) {
  const rules::Vec2 end = Bounced({-60, 0}, {-20, 0}, 10, kTile, 0);
  EXPECT_NEAR(end.x, -35, 1e-6);
}

TEST(BouncedTest, ARestitutionOutsideZeroToOneIsRefusedByName) {
  TrackerOptions options;
  options.bounce_restitution = 1.5;
  try {
    options.Check();
    FAIL() << "accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("bounce_restitution"), std::string::npos);
  }
}

}  // namespace
}  // namespace tabref::vision
