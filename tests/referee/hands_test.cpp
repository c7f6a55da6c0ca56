#include "app/referee/sim/hands.h"

#include <gtest/gtest.h>

#include <set>

#include "app/referee/ppolf_referee.h"
#include "app/referee/sim/truth_observation.h"
#include "vision/sim/piece_body.h"

namespace tabref::referee {
namespace {

using vision::sim::Body;
using vision::sim::World;

const vision::PieceSet& Set() {
  static const vision::PieceSet set = vision::LoadPieceSet(vision::DefaultPieceSetFile());
  return set;
}

// Ten Ppolf players and the course: every identity gets its own physical piece, and the
// camera's view of it matches the identity again.
TEST(LooksFor, GivesEveryIdentityItsOwnPiece) {
  const PpolfBinding binding = PpolfBinding::Default(10);
  std::vector<PieceMatcher> identities(binding.tiles.begin(), binding.tiles.end());
  identities.insert(identities.end(), binding.coins.begin(), binding.coins.end());
  const std::vector<vision::sim::PieceLook> looks = LooksFor(identities, Set());
  std::set<std::string> physical;
  std::vector<Body> bodies;
  for (size_t i = 0; i < looks.size(); ++i) {
    physical.insert(std::string(vision::sim::ToString(looks[i].kind)) + looks[i].suit +
                    looks[i].rank);
    bodies.push_back(
        vision::sim::MakeBody(looks[i], Set(), {100.0 * static_cast<double>(i), 0}, 0));
  }
  EXPECT_EQ(physical.size(), looks.size());
  const vision::TableObservation seen = ObserveTable(looks, bodies, Set(), 0);
  for (size_t i = 0; i < looks.size(); ++i) {
    EXPECT_TRUE(identities[i].Matches(seen.pieces[i])) << identities[i].Describe();
  }
  // Four suns coins cannot all be the null, and there are only six suns coins.
  EXPECT_THROW(LooksFor(std::vector<PieceMatcher>(7, CoinShowingSuit("suns")), Set()),
               std::invalid_argument);
  EXPECT_THROW(LooksFor({Pyramid("red")}, Set()), std::invalid_argument);
}

TEST(Aim, AFlickAtSlideSpeedStopsAtTheDistance) {
  vision::sim::PieceLook coin;
  coin.suit = "suns";
  coin.rank = "ace";
  World world({vision::sim::MakeBody(coin, Set(), {0, 0}, 0)}, {-100, -100, 2000, 2000}, 700, {});
  const double speed = SlideSpeed(world.Bodies()[0], 600, world.Options());
  world.Flick(0, speed * Direction(0.3), 0);
  world.AdvanceTo(5);
  EXPECT_NEAR(cv::norm(world.Bodies()[0].position), 600, 0.5);
  EXPECT_NEAR(HeadingTo({0, 0}, world.Bodies()[0].position), 0.3, 1e-9);
}

TEST(Aim, ACentrificeAtHopSpeedLandsAndSlidesToTheDistance) {
  vision::sim::PieceLook pyramid;
  pyramid.kind = vision::sim::PieceKind::kPyramid;
  pyramid.colour = "red";
  pyramid.size = "medium";
  const Body body = vision::sim::MakeBody(pyramid, Set(), {0, 0}, 0);
  World world({body, body}, {-100, -100, 2000, 2000}, 700, {});
  world.PlaceOnTop(1, 0, 20);  // a catapult
  const double speed = HopSpeed(world.Bodies()[1], 450, 600, 20, world.Options());
  world.Hop(1, {speed, 0}, 600);
  world.AdvanceTo(5);
  // The landing is found at a physics step: within a step's flight.
  EXPECT_NEAR(world.Bodies()[1].position[0], 450, speed * world.Options().time_step_s + 0.1);
  EXPECT_EQ(world.Bodies()[1].support, vision::sim::Support::kTable);
}

TEST(FreeSpots, KeepClearOfThePiecesOnTheTable) {
  vision::sim::PieceLook coin;
  coin.suit = "suns";
  coin.rank = "ace";
  World world({vision::sim::MakeBody(coin, Set(), {100, 100}, 0),
               vision::sim::MakeBody(coin, Set(), {300, 300}, 0)},
              {-100, -100, 2000, 2000}, 700, {});
  EXPECT_FALSE(FreeAt(world, 1, {110, 100}, 1));
  EXPECT_TRUE(FreeAt(world, 1, {130, 100}, 1));
  const std::optional<cv::Vec2d> spot = NearestFreeSpot(world, 1, {100, 100}, {0, 0, 500, 500}, 1);
  ASSERT_TRUE(spot);
  EXPECT_GE(cv::norm(*spot - cv::Vec2d(100, 100)), 2 * world.Bodies()[0].radius + 1);
  EXPECT_LE(cv::norm(*spot - cv::Vec2d(100, 100)), 2 * world.Bodies()[0].radius + 5);
}

}  // namespace
}  // namespace tabref::referee
