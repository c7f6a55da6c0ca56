#include "vision/observation/observation_json.h"

#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <variant>

namespace tabref::vision {
namespace {

constexpr int kCircleVertices = 36;

// Dividing by a power of ten (not multiplying by 0.01) gives the double nearest the
// decimal, so the JSON reads 412.3 and not 412.30000000000007.
double Rounded(double value, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::round(value * scale) / scale;
}

nlohmann::ordered_json OrNull(const std::optional<std::string>& value) {
  return value ? nlohmann::ordered_json(*value) : nlohmann::ordered_json(nullptr);
}

nlohmann::ordered_json Point(rules::Vec2 p) {
  return nlohmann::ordered_json::array({Rounded(p.x, 2), Rounded(p.y, 2)});
}

nlohmann::ordered_json FootprintToJson(const rules::Footprint& footprint) {
  nlohmann::ordered_json points = nlohmann::ordered_json::array();
  if (const auto* circle = std::get_if<rules::Circle>(&footprint)) {
    for (int i = 0; i < kCircleVertices; ++i) {
      const double angle = 2 * std::numbers::pi * i / kCircleVertices;
      points.push_back(
          Point(circle->center + rules::Vec2{std::cos(angle), std::sin(angle)} * circle->radius));
    }
  } else {
    for (const rules::Vec2& vertex : std::get<rules::Polygon>(footprint).vertices) {
      points.push_back(Point(vertex));
    }
  }
  return points;
}

}  // namespace

nlohmann::ordered_json PieceToJson(const ObservedPiece& piece) {
  nlohmann::ordered_json json = nlohmann::ordered_json::object();
  // Any piece may stand on another: a pyramid on a pyramid, a coin lying on a tile.
  const nlohmann::ordered_json on_top_of =
      piece.on_top_of ? nlohmann::ordered_json(*piece.on_top_of) : nlohmann::ordered_json(nullptr);
  json["kind"] = ToString(piece.kind);
  if (piece.kind == ObservedKind::kPyramid) {
    json["color"] = OrNull(piece.colour);
    json["size"] = OrNull(piece.size);
    json["pose"] = OrNull(piece.pose);
    json["on_top_of"] = on_top_of;
    json["angle_deg"] = Rounded(piece.angle_deg, 1);
  } else {
    json["side"] = OrNull(piece.side);
    json["suit"] = OrNull(piece.suit);
    json["rank"] = OrNull(piece.rank);
    if (piece.kind == ObservedKind::kTile) json["angle_deg"] = Rounded(piece.angle_deg, 1);
    json["on_top_of"] = on_top_of;
  }
  json["x_mm"] = Rounded(piece.position_mm.x, 2);
  json["y_mm"] = Rounded(piece.position_mm.y, 2);
  json["sigma_mm"] = Rounded(piece.sigma_mm, 3);
  json["confidence"] = Rounded(piece.confidence, 3);
  if (const auto* circle = std::get_if<rules::Circle>(&piece.footprint)) {
    json["radius_mm"] = Rounded(circle->radius, 2);
  }
  json["footprint_mm"] = FootprintToJson(piece.footprint);
  return json;
}

nlohmann::ordered_json GapToJson(const PieceGap& gap) {
  return {{"pieces", {gap.first, gap.second}},
          {"gap_mm", Rounded(gap.gap_mm, 3)},
          {"sigma_mm", Rounded(gap.sigma_mm, 3)},
          {"touching", gap.touching}};
}

}  // namespace tabref::vision
