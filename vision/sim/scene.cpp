#include "vision/sim/scene.h"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "vision/sim/option_check.h"

namespace tabref::vision::sim {
namespace {

constexpr double kDieSideMm = 16;
constexpr PieceDimensions kPen{140, 9, 9};
constexpr PieceDimensions kCard{63, 88, 0.4};

void Require(bool ok, const char* field, const char* range) {
  RequireField(ok, "TableLayout", field, range);
}

}  // namespace

std::string_view ToString(TableMaterial material) {
  switch (material) {
    case TableMaterial::kWood:
      return "wood";
    case TableMaterial::kFelt:
      return "felt";
    case TableMaterial::kLaminate:
      return "laminate";
  }
  return "?";
}

TableMaterial TableMaterialFromString(std::string_view name) {
  for (TableMaterial material :
       {TableMaterial::kWood, TableMaterial::kFelt, TableMaterial::kLaminate}) {
    if (ToString(material) == name) return material;
  }
  throw std::invalid_argument("unknown table material \"" + std::string(name) +
                              "\" (wood, felt, laminate)");
}

void TableLayout::Check() const {
  Require(play_width_mm >= 200 && play_width_mm <= 3000, "play_width_mm", "in 200..3000");
  Require(play_depth_mm >= 200 && play_depth_mm <= 3000, "play_depth_mm", "in 200..3000");
  Require(cv::norm(far_marker_offset_mm) <= 0.1 * std::min(play_width_mm, play_depth_mm),
          "far_marker_offset_mm", "within 10% of the play area");
  Require(marker_side_mm >= 20 && marker_side_mm <= 200, "marker_side_mm", "in 20..200");
  Require(paper_margin_mm >= marker_side_mm / 6, "paper_margin_mm",
          "at least one marker cell (side / 6)");
  Require(table_margin_mm >= marker_side_mm / 2 + paper_margin_mm, "table_margin_mm",
          "enough to hold the sheets");
  Require(table_thickness_mm > 0 && table_thickness_mm <= 100, "table_thickness_mm", "in (0, 100]");
  Require(floor_depth_mm > table_thickness_mm, "floor_depth_mm", "deeper than the table top");
}

std::array<cv::Vec3d, 4> TableLayout::MarkerCentres() const {
  return {cv::Vec3d(0, 0, 0), cv::Vec3d(play_width_mm, 0, 0),
          cv::Vec3d(play_width_mm + far_marker_offset_mm[0],
                    play_depth_mm + far_marker_offset_mm[1], 0),
          cv::Vec3d(0, play_depth_mm, 0)};
}

std::array<cv::Vec3d, 4> TableLayout::MarkerCorners(int id) const {
  const cv::Vec3d centre = MarkerCentres().at(static_cast<size_t>(id));
  const double half = marker_side_mm / 2;
  return {centre + cv::Vec3d(-half, half, 0), centre + cv::Vec3d(half, half, 0),
          centre + cv::Vec3d(half, -half, 0), centre + cv::Vec3d(-half, -half, 0)};
}

cv::Rect2d TableLayout::TableTop() const {
  const double right = std::max(play_width_mm, play_width_mm + far_marker_offset_mm[0]);
  const double far = std::max(play_depth_mm, play_depth_mm + far_marker_offset_mm[1]);
  return {-table_margin_mm, -table_margin_mm, right + 2 * table_margin_mm,
          far + 2 * table_margin_mm};
}

cv::Vec3d TableLayout::PlayAreaCentre() const {
  cv::Vec3d sum(0, 0, 0);
  for (const cv::Vec3d& centre : MarkerCentres()) sum += centre;
  return sum / 4;
}

std::string_view ToString(PieceKind kind) {
  switch (kind) {
    case PieceKind::kCoin:
      return "coin";
    case PieceKind::kTile:
      return "tile";
    case PieceKind::kPyramid:
      return "pyramid";
    case PieceKind::kDie:
      return "die";
    case PieceKind::kPen:
      return "pen";
    case PieceKind::kCard:
      return "card";
  }
  return "?";
}

bool PieceLook::IsDistractor() const {
  return kind == PieceKind::kDie || kind == PieceKind::kPen || kind == PieceKind::kCard;
}

PieceLook PieceLook::Pyramid(std::string colour, std::string size) {
  PieceLook look;
  look.kind = PieceKind::kPyramid;
  look.colour = std::move(colour);
  look.size = std::move(size);
  return look;
}

std::string PieceLook::Describe() const {
  std::string text(ToString(kind));
  switch (kind) {
    case PieceKind::kCoin:
      return text + " " + suit + " " + rank + (face_up ? " suit" : " value");
    case PieceKind::kTile:
      return text + " " + suit + " " + rank + (face_up ? " face" : " back");
    case PieceKind::kPyramid:
      return text + " " + colour + " " + size;
    case PieceKind::kPen:
      return text + " " + colour;
    case PieceKind::kCard:
      return text + (face_up ? " face" : " back");
    case PieceKind::kDie:
      return text;
  }
  return text;
}

PieceDimensions DimensionsOf(const PieceLook& look, const PieceSet& set) {
  switch (look.kind) {
    case PieceKind::kCoin:
      return {set.coin_diameter_mm, set.coin_diameter_mm, set.coin_thickness_mm};
    case PieceKind::kTile:
      return {set.tile_side_mm, set.tile_side_mm, set.tile_thickness_mm};
    case PieceKind::kPyramid: {
      const PyramidSize& size = set.Pyramid(look.size);
      return {size.base_mm, size.base_mm, size.height_mm};
    }
    case PieceKind::kDie:
      return {kDieSideMm, kDieSideMm, kDieSideMm};
    case PieceKind::kPen:
      return kPen;
    case PieceKind::kCard:
      return kCard;
  }
  return {};
}

}  // namespace tabref::vision::sim
