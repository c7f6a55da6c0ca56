#include "vision/sim/physics.h"

#include <gtest/gtest.h>

#include <cmath>

#include "vision/sim/piece_body.h"
#include "vision/sim/random_scene.h"
#include "vision/sim/shots.h"

namespace tabref::vision::sim {
namespace {

const cv::Rect2d kTable(-100, -100, 1000, 700);
constexpr double kFloorDepth = 700;

class PhysicsTest : public testing::Test {
 protected:
  Body Coin(cv::Vec2d position) const {
    PieceLook coin;
    coin.kind = PieceKind::kCoin;
    coin.suit = "suns";
    coin.rank = "3";
    return MakeBody(coin, set_, position, 0);
  }
  Body Tile(cv::Vec2d position, double angle) const {
    PieceLook tile;
    tile.kind = PieceKind::kTile;
    tile.suit = "arms";
    tile.rank = "ace";
    return MakeBody(tile, set_, position, angle);
  }
  Body Pyramid(cv::Vec2d position) const {
    PieceLook pyramid;
    pyramid.kind = PieceKind::kPyramid;
    pyramid.size = "large";
    pyramid.colour = "red";
    return MakeBody(pyramid, set_, position, 0);
  }
  // Frictionless coins isolate the collision from the sliding.
  Body GlidingCoin(cv::Vec2d position) const {
    Body coin = Coin(position);
    coin.friction = 0;
    return coin;
  }
  static const Event* FirstOf(const World& world, EventType type) {
    for (const Event& event : world.Events()) {
      if (event.type == type) return &event;
    }
    return nullptr;
  }
  static PhysicsOptions Elastic() {
    PhysicsOptions options;
    options.restitution = 1;
    return options;
  }

  PieceSet set_ = LoadPieceSet(DefaultPieceSetFile());
};

TEST_F(PhysicsTest, StoppingDistanceIsVSquaredOverTwoMuG) {
  for (double speed : {150.0, 600.0, 1400.0}) {
    World world({Coin({100, 300})}, kTable, kFloorDepth, PhysicsOptions());
    world.Flick(0, {speed, 0}, 0);
    world.AdvanceTo(5);
    const Body& coin = world.Bodies()[0];
    const double mu_g = coin.friction * world.Options().gravity_mm_s2;
    EXPECT_NEAR(coin.position[0] - 100, speed * speed / (2 * mu_g), 0.01)
        << "at " << speed << " mm/s";
    EXPECT_DOUBLE_EQ(coin.position[1], 300);
    ASSERT_NE(FirstOf(world, EventType::kRest), nullptr);
    EXPECT_NEAR(FirstOf(world, EventType::kRest)->time_s, speed / mu_g,
                2 * world.Options().time_step_s);
  }
}

TEST_F(PhysicsTest, SpinDiesDownAndTurnsThePiece) {
  World world({Coin({300, 300})}, kTable, kFloorDepth, PhysicsOptions());
  world.Flick(0, {0, 0}, 20);
  world.AdvanceTo(2);
  EXPECT_EQ(world.Bodies()[0].spin, 0);
  EXPECT_GT(world.Bodies()[0].angle, 0.5);
  EXPECT_TRUE(world.AtRest());
}

TEST_F(PhysicsTest, HeadOnHitBetweenEqualCoinsConservesMomentum) {
  for (double restitution : {1.0, 0.85, 0.5}) {
    PhysicsOptions options;
    options.restitution = restitution;
    World world({GlidingCoin({100, 300}), GlidingCoin({200, 300})}, kTable, kFloorDepth, options);
    world.Flick(0, {500, 0}, 0);
    world.AdvanceTo(0.5);
    const Body& a = world.Bodies()[0];
    const Body& b = world.Bodies()[1];
    EXPECT_NEAR(a.mass * a.velocity[0] + b.mass * b.velocity[0], a.mass * 500, 1e-9);
    EXPECT_NEAR(b.velocity[0] - a.velocity[0], restitution * 500, 1e-9);
    EXPECT_NEAR(a.velocity[1], 0, 1e-12);
    ASSERT_NE(FirstOf(world, EventType::kContact), nullptr);
    EXPECT_EQ(FirstOf(world, EventType::kContact)->other, 1);
  }
}

TEST_F(PhysicsTest, GlancingElasticHitSendsEqualCoinsOffAtRightAngles) {
  const double diameter = set_.coin_diameter_mm;
  for (double offset : {0.3, 0.5, 0.8}) {
    World world({GlidingCoin({100, 300}), GlidingCoin({200, 300 + offset * diameter})}, kTable,
                kFloorDepth, Elastic());
    world.Flick(0, {600, 0}, 0);
    world.AdvanceTo(0.4);
    const cv::Vec2d va = world.Bodies()[0].velocity;
    const cv::Vec2d vb = world.Bodies()[1].velocity;
    EXPECT_NEAR(va.dot(vb) / (cv::norm(va) * cv::norm(vb)), 0, 1e-9) << "offset " << offset;
    // The struck coin leaves along the line of centres at the contact (found within a step).
    EXPECT_NEAR(vb[1] / cv::norm(vb), offset, 0.02);
    EXPECT_NEAR(cv::norm(va) * cv::norm(va) + cv::norm(vb) * cv::norm(vb), 600.0 * 600.0, 1e-6);
  }
}

TEST_F(PhysicsTest, CoinKnocksATileThatMovesAndTurns) {
  World world({Coin({100, 300}), Tile({200, 310}, 0.3)}, kTable, kFloorDepth, PhysicsOptions());
  world.Flick(0, {900, 0}, 0);
  world.AdvanceTo(0.12);
  const Event* contact = FirstOf(world, EventType::kContact);
  ASSERT_NE(contact, nullptr);
  EXPECT_EQ(contact->piece, 0);
  EXPECT_EQ(contact->other, 1);
  world.AdvanceTo(3);
  EXPECT_GT(world.Bodies()[1].position[0], 200.2);  // a 13 g tile hardly gives way to a 0.7 g coin
  EXPECT_NE(world.Bodies()[1].angle, 0.3);
  EXPECT_TRUE(world.AtRest());
}

TEST_F(PhysicsTest, CoinBouncesOffAPyramid) {
  World world({Coin({100, 300}), Pyramid({200, 300})}, kTable, kFloorDepth, PhysicsOptions());
  world.Flick(0, {800, 0}, 0);
  world.AdvanceTo(3);
  ASSERT_NE(FirstOf(world, EventType::kContact), nullptr);
  EXPECT_GT(world.Bodies()[1].position[0], 200);
}

TEST_F(PhysicsTest, APieceCrossingTheEdgeFallsToTheFloor) {
  World world({Coin({850, 300})}, kTable, kFloorDepth, PhysicsOptions());
  world.Flick(0, {900, 0}, 0);
  world.AdvanceTo(2);
  const Event* left = FirstOf(world, EventType::kLeftTable);
  ASSERT_NE(left, nullptr);
  EXPECT_EQ(left->piece, 0);
  EXPECT_NEAR(left->value[0], kTable.x + kTable.width, 1);
  EXPECT_EQ(world.Bodies()[0].support, Support::kFloor);
  EXPECT_DOUBLE_EQ(world.Bodies()[0].elevation, -kFloorDepth);
}

TEST_F(PhysicsTest, CentrificeHopsAndLandsUprightOrLying) {
  World world({Pyramid({200, 300})}, kTable, kFloorDepth, PhysicsOptions());
  world.Hop(0, {400, 0}, 700);
  world.AdvanceTo(3);
  const Event* landed = FirstOf(world, EventType::kLanded);
  ASSERT_NE(landed, nullptr);
  EXPECT_NEAR(landed->time_s, 2 * 700 / world.Options().gravity_mm_s2,
              2 * world.Options().time_step_s);
  EXPECT_NEAR(landed->value[0], 200 + 400 * landed->time_s, 1);
  EXPECT_EQ(world.Bodies()[0].support, Support::kTable);
  EXPECT_EQ(world.Bodies()[0].lying, landed->lying);
  EXPECT_TRUE(world.AtRest());
}

// A random scene played by the shot director, sampled at `fps`: the final bodies and events.
std::pair<std::vector<Body>, std::vector<Event>> Play(std::uint64_t seed, double fps) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  std::mt19937_64 rng(seed);
  const SceneSetup scene = RandomScene(set, RandomSceneOptions(), rng);
  PhysicsOptions options;
  options.seed = seed;
  World world(scene.bodies, scene.layout.TableTop(), scene.layout.floor_depth_mm, options);
  ShotDirector director(4, 0.5, seed);
  for (int frame = 0; !director.Done(world) || frame < 10; ++frame) {
    while (world.Time() < frame / fps - 1e-9) {
      director.BeforeStep(world, scene.looks);
      world.Step();
    }
  }
  return {world.Bodies(), world.Events()};
}

void ExpectSame(const std::pair<std::vector<Body>, std::vector<Event>>& a,
                const std::pair<std::vector<Body>, std::vector<Event>>& b) {
  ASSERT_EQ(a.first.size(), b.first.size());
  for (size_t i = 0; i < a.first.size(); ++i) {
    EXPECT_EQ(a.first[i].position, b.first[i].position);
    EXPECT_EQ(a.first[i].angle, b.first[i].angle);
    EXPECT_EQ(a.first[i].lying, b.first[i].lying);
  }
  ASSERT_EQ(a.second.size(), b.second.size());
  for (size_t i = 0; i < a.second.size(); ++i) {
    EXPECT_EQ(a.second[i].time_s, b.second[i].time_s);
    EXPECT_EQ(a.second[i].type, b.second[i].type);
    EXPECT_EQ(a.second[i].piece, b.second[i].piece);
  }
}

TEST(PhysicsPlay, SameSeedPlaysTheSameGame) {
  const auto first = Play(11, 30);
  ExpectSame(first, Play(11, 30));
  EXPECT_GE(first.second.size(), 8u);  // four shots, each followed by a rest
}

TEST(PhysicsPlay, FrameRateDoesNotChangeWhatHappens) { ExpectSame(Play(5, 24), Play(5, 60)); }

TEST(PhysicsOptions, CheckNamesTheBadField) {
  PhysicsOptions options;
  options.restitution = 1.5;
  try {
    options.Check();
    FAIL() << "restitution 1.5 accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("restitution"), std::string::npos);
  }
  options = PhysicsOptions();
  options.time_step_s = 0;
  EXPECT_THROW(options.Check(), std::invalid_argument);
}

}  // namespace
}  // namespace tabref::vision::sim
