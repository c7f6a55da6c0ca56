#include "vision/sim/random_scene.h"

#include <cmath>

#include "vision/sim/piece_body.h"
#include "vision/sim/random.h"

namespace tabref::vision::sim {
namespace {

TableLayout RandomLayout(const RandomSceneOptions& options, Rng& rng) {
  TableLayout layout;
  layout.play_width_mm = Uniform(640, 860, rng);
  layout.play_depth_mm = Uniform(400, 520, rng);
  layout.far_marker_offset_mm = {Uniform(-8, 8, rng), Uniform(-8, 8, rng)};
  layout.table_margin_mm = Uniform(90, 160, rng);
  const std::vector<TableMaterial> materials{TableMaterial::kWood, TableMaterial::kFelt,
                                             TableMaterial::kLaminate};
  layout.material = options.material.value_or(Pick(materials, rng));
  return layout;
}

PieceLook RandomLook(PieceKind kind, const PieceSet& set, Rng& rng) {
  PieceLook look;
  look.kind = kind;
  look.face_up = Chance(kind == PieceKind::kTile ? 0.7 : 0.5, rng);
  if (kind == PieceKind::kCoin || kind == PieceKind::kTile) {
    look.suit = Pick(set.suits, rng).name;
    look.rank = Pick(set.values, rng);
  }
  if (kind == PieceKind::kPyramid) {
    look.size = Pick(set.pyramid_sizes, rng).name;
    look.colour = Pick(set.pyramid_colours, rng).name;
  }
  if (kind == PieceKind::kPen) look.colour = Chance(0.5, rng) ? "red" : "blue";
  return look;
}

class Scatterer {
 public:
  Scatterer(const TableLayout& layout, Rng& rng) : layout_(layout), rng_(rng) {}

  // A free spot for a piece reaching `radius` from its centre, inside the markers' square.
  std::optional<cv::Vec2d> FreeSpot(double radius) {
    const double inset = 0.5 * layout_.marker_side_mm + layout_.paper_margin_mm + radius;
    for (int attempt = 0; attempt < 200; ++attempt) {
      const cv::Vec2d spot(Uniform(inset, layout_.play_width_mm - inset, rng_),
                           Uniform(inset, layout_.play_depth_mm - inset, rng_));
      bool free = true;
      for (const auto& [centre, taken] : taken_)
        free = free && cv::norm(spot - centre) > radius + taken + 4;
      if (free) {
        taken_.emplace_back(spot, radius);
        return spot;
      }
    }
    return std::nullopt;
  }

 private:
  const TableLayout& layout_;
  Rng& rng_;
  std::vector<std::pair<cv::Vec2d, double>> taken_;
};

}  // namespace

SceneSetup RandomScene(const PieceSet& set, const RandomSceneOptions& options, Rng& rng) {
  SceneSetup scene;
  scene.layout = RandomLayout(options, rng);
  Scatterer scatterer(scene.layout, rng);
  const auto place = [&](PieceKind kind) {
    const PieceLook look = RandomLook(kind, set, rng);
    Body body = MakeBody(look, set, {0, 0}, Uniform(-CV_PI, CV_PI, rng));
    body.lying = body.can_lie && Chance(0.3, rng);
    const cv::Vec2d half = body.FootprintHalfExtent();
    const std::optional<cv::Vec2d> spot = scatterer.FreeSpot(std::hypot(half[0], half[1]));
    if (!spot) return;
    body.position = *spot;
    scene.looks.push_back(look);
    scene.bodies.push_back(body);
  };
  for (int i = 0; i < options.tiles; ++i) place(PieceKind::kTile);
  for (int i = 0; i < options.pyramids; ++i) place(PieceKind::kPyramid);
  for (int i = 0; i < options.coins; ++i) place(PieceKind::kCoin);
  if (options.distractors) {
    for (PieceKind kind : {PieceKind::kDie, PieceKind::kPen, PieceKind::kCard}) place(kind);
  }
  // Stack the smallest standing pyramid onto the largest other one.
  int top = -1;
  int bottom = -1;
  for (size_t i = 0; i < scene.looks.size(); ++i) {
    if (scene.looks[i].kind != PieceKind::kPyramid || scene.bodies[i].lying) continue;
    const auto base = [&](int j) {
      return j < 0 ? 0.0 : scene.bodies[static_cast<size_t>(j)].half_extent[0];
    };
    const double here = scene.bodies[i].half_extent[0];
    if (top < 0 || here < base(top)) top = static_cast<int>(i);
    if (bottom < 0 || here > base(bottom)) bottom = static_cast<int>(i);
  }
  if (top >= 0 && bottom >= 0 && top != bottom) {
    NestOn(scene.bodies[static_cast<size_t>(top)], scene.looks[static_cast<size_t>(top)],
           scene.bodies[static_cast<size_t>(bottom)], scene.looks[static_cast<size_t>(bottom)],
           bottom, set);
  }
  return scene;
}

}  // namespace tabref::vision::sim
