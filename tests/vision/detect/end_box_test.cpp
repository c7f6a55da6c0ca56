// A bocce end box drawn by tiles: a column of four backs edge to edge and a back at either
// end beside it, leaving a notch one tile wide and two deep, the jack lying in the notch. The
// lines of a back's cross, the seams and the tile's side make a square of their own half over
// a tile and half over the notch; reported as a tile (or taken for the surface the jack lies
// on) it lifts the jack one tile thickness, ~3-4 mm off (bocce held-out seed 19 shot 6).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "tests/vision/detect/detected_scene.h"
#include "vision/detect/piece_detector.h"
#include "vision/eval/truth_pieces.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"
#include "vision/sim/piece_body.h"

namespace tabref::vision {
namespace {

struct EndBox {
  std::vector<rules::Vec2> tiles;
  rules::Vec2 jack;
  Detection detection;
};

// The end box of bocce seed 19 (tiles turned by a few hundredths of a degree, the jack in
// the notch close to the tile beside it), rendered at 1280x720 from a webcam of `seed`.
EndBox DetectEndBox(const PieceSet& set, std::uint64_t seed) {
  // The bocce table, seen by a webcam framing it whole (~0.8 px/mm).
  sim::DetectionScene scene =
      testing::BareTable(set, sim::BareTableOptions(1280, 720, seed), 1060, 465);
  const double side = set.tile_side_mm;
  // The outer column's x, the rows' y; the notch is at (inner, rows 1 and 2).
  const double outer = 994.8;
  const double inner = outer - side;
  const double top = 158.2;
  EndBox box;
  const auto add_tile = [&](double x, double y, const std::string& suit, const std::string& rank) {
    sim::PieceLook look;
    look.kind = sim::PieceKind::kTile;
    look.face_up = false;
    look.suit = suit;
    look.rank = rank;
    scene.looks.push_back(look);
    scene.bodies.push_back(sim::MakeBody(look, set, {x, y}, -0.05 * CV_PI / 180));
    box.tiles.push_back({x, y});
  };
  for (int row = 0; row < 4; ++row) add_tile(outer, top + row * side, "suns", set.values.at(row));
  add_tile(inner, top, "suns", set.values.at(4));
  add_tile(inner, top + 3 * side, "suns", set.values.at(5));
  sim::PieceLook jack;
  jack.kind = sim::PieceKind::kCoin;
  jack.suit = "suns";
  jack.rank = "null";
  jack.face_up = false;
  box.jack = {inner + 5.9, top + side - 7.7};
  scene.looks.push_back(jack);
  scene.bodies.push_back(sim::MakeBody(jack, set, {box.jack.x, box.jack.y}, 1.96));
  // Bowls near the notch's mouth, as in the game.
  const auto add_coin = [&](double x, double y, const std::string& suit, const std::string& rank,
                            double angle) {
    sim::PieceLook look;
    look.kind = sim::PieceKind::kCoin;
    look.suit = suit;
    look.rank = rank;
    look.face_up = true;
    scene.looks.push_back(look);
    scene.bodies.push_back(sim::MakeBody(look, set, {x, y}, angle));
  };
  add_coin(inner - 23.4, top + 75.2, "suns", "4", 1.03);
  add_coin(inner - 10.3, top + 106.8, "moons", "3", -3.05);
  add_coin(inner - 39.3, top + 182.2, "moons", "2", 1.3);
  box.detection = testing::RenderAndCalibrate(scene, set).Detect(scene.image);
  return box;
}

class EndBoxTest : public ::testing::TestWithParam<std::uint64_t> {};

TEST_P(EndBoxTest, NoSquareOverTheNotchAndTheJackMeasuredOnTheTable) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  const EndBox box = DetectEndBox(set, GetParam());
  int jacks = 0;
  for (const ObservedPiece& piece : box.detection.pieces) {
    const std::string where = "(" + std::to_string(piece.position_mm.x) + ", " +
                              std::to_string(piece.position_mm.y) + ")";
    if (piece.kind == ObservedKind::kTile) {
      double nearest = 1e9;
      for (const rules::Vec2& tile : box.tiles)
        nearest = std::min(nearest, rules::Distance(piece.position_mm, tile));
      EXPECT_LT(nearest, 2.0) << "a tile reported at " << where << " where none lies";
    } else if (piece.kind == ObservedKind::kCoin &&
               rules::Distance(piece.position_mm, box.jack) < 10) {
      ++jacks;
      EXPECT_LT(rules::Distance(piece.position_mm, box.jack), 1.0) << "the jack at " << where;
      EXPECT_FALSE(piece.on_top_of.has_value()) << "the jack is on the table";
    }
  }
  EXPECT_EQ(jacks, 1);
}

INSTANTIATE_TEST_SUITE_P(Webcams, EndBoxTest, ::testing::Values(35u, 3u, 19u));

}  // namespace
}  // namespace tabref::vision
