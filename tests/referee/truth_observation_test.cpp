#include "app/referee/sim/truth_observation.h"

#include <gtest/gtest.h>

#include <cmath>

#include "vision/sim/physics.h"
#include "vision/sim/piece_body.h"

namespace tabref::referee {
namespace {

using vision::sim::Body;
using vision::sim::PieceKind;
using vision::sim::PieceLook;

class TruthObservationTest : public ::testing::Test {
 protected:
  int Add(const PieceLook& look, const cv::Vec2d& at, double angle = 0) {
    looks_.push_back(look);
    bodies_.push_back(vision::sim::MakeBody(look, set_, at, angle));
    return static_cast<int>(bodies_.size()) - 1;
  }
  static PieceLook Coin(const std::string& suit, const std::string& rank, bool suit_up) {
    PieceLook look;
    look.kind = PieceKind::kCoin;
    look.suit = suit;
    look.rank = rank;
    look.face_up = suit_up;
    return look;
  }
  vision::TableObservation Observe() const { return ObserveTable(looks_, bodies_, set_, 1.5, 0.2); }

  vision::PieceSet set_ = vision::LoadPieceSet(vision::DefaultPieceSetFile());
  std::vector<PieceLook> looks_;
  std::vector<Body> bodies_;
};

TEST_F(TruthObservationTest, ReportsOnlyWhatACameraCanSee) {
  Add(Coin("suns", "3", true), {100, 100});
  Add(Coin("moons", "null", false), {200, 100});
  PieceLook back;
  back.kind = PieceKind::kTile;
  back.suit = "arms";
  back.rank = "2";
  back.face_up = false;
  Add(back, {300, 100}, 0.3);
  const int held = Add(Coin("crowns", "ace", true), {400, 100});
  bodies_[static_cast<size_t>(held)].support = vision::sim::Support::kHeld;
  PieceLook pen;
  pen.kind = PieceKind::kPen;
  Add(pen, {500, 100});

  const vision::TableObservation table = Observe();
  ASSERT_EQ(table.pieces.size(), 3u);  // neither the held coin nor the pen
  EXPECT_EQ(table.pieces[0].suit, "suns");
  EXPECT_FALSE(table.pieces[0].rank);
  EXPECT_EQ(table.pieces[1].side, "value");
  EXPECT_EQ(table.pieces[1].rank, "null");
  EXPECT_FALSE(table.pieces[1].suit);
  EXPECT_EQ(table.pieces[2].side, "back");
  EXPECT_FALSE(table.pieces[2].suit || table.pieces[2].rank);
  EXPECT_NEAR(table.pieces[2].angle_deg, 0.3 * 180 / CV_PI, 1e-9);
  EXPECT_EQ(table.pieces[2].track_id, 2);
  EXPECT_DOUBLE_EQ(table.pieces[0].sigma_mm, 0.2);
  EXPECT_DOUBLE_EQ(table.time_s, 1.5);
  const auto* disc = std::get_if<rules::Circle>(&table.pieces[0].footprint);
  ASSERT_NE(disc, nullptr);
  EXPECT_DOUBLE_EQ(disc->radius, set_.coin_diameter_mm / 2);
}

TEST_F(TruthObservationTest, StackedPiecesNameTheirCarrier) {
  Add(PieceLook::Pyramid("red", "large"), {100, 100});
  const int top = Add(PieceLook::Pyramid("green", "small"), {100, 100});
  bodies_[static_cast<size_t>(top)].support = vision::sim::Support::kStacked;
  bodies_[static_cast<size_t>(top)].carrier = 0;
  const vision::TableObservation table = Observe();
  ASSERT_EQ(table.pieces.size(), 2u);
  EXPECT_EQ(table.pieces[1].on_top_of, 0);
  EXPECT_EQ(table.pieces[1].pose, "upright");
  EXPECT_EQ(table.pieces[1].size, "small");
}

// The face a lying pyramid lies on is the drawn one, and the engine's outline (built around
// its centroid, pointing the apex) is the same triangle.
TEST_F(TruthObservationTest, ALyingPyramidsFootprintIsTheFaceItLiesOn) {
  const int piece = Add(PieceLook::Pyramid("blue", "medium"), {300, 200}, 0.7);
  bodies_[static_cast<size_t>(piece)].lying = true;
  const vision::TableObservation table = Observe();
  const vision::ObservedPiece& lying = table.pieces.at(0);
  EXPECT_EQ(lying.pose, "lying");
  const auto& triangle = std::get<rules::Polygon>(lying.footprint);
  const double slant = std::hypot(34.9, 19.8 / 2);
  const rules::Polygon engine =
      rules::LyingPyramid(rules::Centroid(lying.footprint), 19.8, slant, lying.angle_deg);
  ASSERT_EQ(triangle.vertices.size(), engine.vertices.size());
  for (size_t i = 0; i < triangle.vertices.size(); ++i) {
    EXPECT_NEAR(triangle.vertices[i].x, engine.vertices[i].x, 1e-9);
    EXPECT_NEAR(triangle.vertices[i].y, engine.vertices[i].y, 1e-9);
  }
  // The physics box of the lying piece is the triangle's bounding box.
  const Body& body = bodies_[static_cast<size_t>(piece)];
  const cv::Vec2d centre = body.FootprintCentre();
  double far = 0;
  for (const rules::Vec2& v : triangle.vertices)
    far = std::max(far, std::hypot(v.x - centre[0], v.y - centre[1]));
  EXPECT_NEAR(far, std::hypot(body.lying_half_extent[0], body.lying_half_extent[1]), 1e-6);
}

TEST_F(TruthObservationTest, AShotListsTheStruckPieceFirstThenThoseItSetMoving) {
  Add(Coin("suns", "3", true), {100, 100});
  Add(Coin("moons", "3", true), {300, 100});
  Add(Coin("arms", "3", true), {340, 100});
  Add(Coin("crowns", "3", true), {600, 400});  // far away, never touched
  vision::sim::World world(bodies_, {-100, -100, 1000, 800}, 700, {});
  world.AdvanceTo(0.5);
  const vision::TableObservation before = ObserveTable(looks_, world.Bodies(), set_, world.Time());
  const size_t first = world.Events().size();
  world.Flick(0, {1500, 0}, 0);
  world.AdvanceTo(5);
  ASSERT_TRUE(world.AtRest());
  const vision::ShotObservation shot = ObserveShot(
      before, ObserveTable(looks_, world.Bodies(), set_, world.Time()), world.Events(), first, 0);
  EXPECT_EQ(shot.moved, std::vector<int>({0, 1, 2}));
  ASSERT_GE(shot.contacts.size(), 2u);
  EXPECT_EQ(shot.contacts[0].piece, 0);
  EXPECT_EQ(shot.contacts[0].other, 1);
  EXPECT_NEAR(shot.start_s, 0.5, 1e-9);
  EXPECT_EQ(shot.rest_s, world.Time());
}

}  // namespace
}  // namespace tabref::referee
