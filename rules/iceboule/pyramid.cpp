#include "rules/iceboule/pyramid.h"

#include <cmath>

namespace tabref::rules::iceboule {
namespace {

struct Dimensions {
  double base_mm;
  double height_mm;
};

// Looney pyramid sizes from DESIGN.md.
Dimensions DimensionsOf(PieceSize size) {
  switch (size) {
    case PieceSize::kSmall:
      return {14.3, 25.4};
    case PieceSize::kMedium:
      return {19.8, 34.9};
    case PieceSize::kLarge:
      return {25.4, 44.5};
  }
  return {19.8, 34.9};
}

// A face's height from base edge to apex: the length of a lying pyramid's outline.
double SlantHeight(Dimensions dimensions) {
  return std::hypot(dimensions.height_mm, dimensions.base_mm / 2.0);
}

}  // namespace

std::string SizeName(PieceSize size) {
  switch (size) {
    case PieceSize::kSmall:
      return "small";
    case PieceSize::kMedium:
      return "medium";
    case PieceSize::kLarge:
      return "large";
  }
  return "medium";
}

std::string IcehouseName(PieceSize size) {
  switch (size) {
    case PieceSize::kSmall:
      return "pawn";
    case PieceSize::kMedium:
      return "drone";
    case PieceSize::kLarge:
      return "queen";
  }
  return "drone";
}

PieceSize ReadSize(FieldReader& reader, std::string_view key) {
  std::vector<std::string> names;
  for (PieceSize size : kAllSizes) names.push_back(SizeName(size));
  for (PieceSize size : kAllSizes) names.push_back(IcehouseName(size));
  const std::string name = reader.Choice(key, names);
  for (PieceSize size : kAllSizes) {
    if (name == SizeName(size) || name == IcehouseName(size)) return size;
  }
  reader.Fail(key, "is not a pyramid size");
}

Footprint Pyramid::Outline() const {
  const Dimensions dimensions = DimensionsOf(size);
  if (pose == Pose::kUpright) return Square(position, dimensions.base_mm, angle_deg);
  return LyingPyramid(position, dimensions.base_mm, SlantHeight(dimensions), angle_deg);
}

Pyramid ReadPyramid(FieldReader& reader, PieceSize size) {
  Pyramid pyramid;
  pyramid.size = size;
  pyramid.position = PointFromJson(reader.Required("position"));
  pyramid.pose = reader.Choice("pose", {"upright", "lying"}, "upright") == "upright"
                     ? Pose::kUpright
                     : Pose::kLying;
  pyramid.angle_deg =
      pyramid.pose == Pose::kLying ? reader.Number("angle_deg") : reader.Number("angle_deg", 0.0);
  pyramid.sigma_mm = reader.Number("sigma_mm", 0.0);
  if (pyramid.sigma_mm < 0.0) reader.Fail("sigma_mm", "must not be negative");
  return pyramid;
}

void WritePyramid(const Pyramid& pyramid, Json& json) {
  json["position"] = ToJson(pyramid.position);
  json["pose"] = pyramid.pose == Pose::kUpright ? "upright" : "lying";
  json["angle_deg"] = pyramid.angle_deg;
  json["sigma_mm"] = pyramid.sigma_mm;
}

}  // namespace tabref::rules::iceboule
