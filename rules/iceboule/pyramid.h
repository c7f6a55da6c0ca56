#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "rules/core/field_reader.h"
#include "rules/core/geometry.h"
#include "rules/core/json.h"

namespace tabref::rules::iceboule {

// The three Looney pyramid sizes; Icehouse players call them pawn, drone and queen.
enum class PieceSize { kSmall, kMedium, kLarge };

inline constexpr PieceSize kAllSizes[] = {PieceSize::kSmall, PieceSize::kMedium, PieceSize::kLarge};

// "small", "medium" or "large": the name written in logs and snapshots.
std::string SizeName(PieceSize size);
// "pawn", "drone" or "queen".
std::string IcehouseName(PieceSize size);
// Reads a size written either way ("medium" or "drone").
PieceSize ReadSize(FieldReader& reader, std::string_view key);

enum class Pose { kUpright, kLying };

// A pyramid on the table as the camera reports it.
struct Pyramid {
  PieceSize size = PieceSize::kMedium;
  // The point on the table below its centroid (the base centre when upright).
  Vec2 position;
  Pose pose = Pose::kUpright;
  // Upright: rotation of the square base. Lying: the direction its apex points to.
  double angle_deg = 0.0;
  // 1-sigma uncertainty of `position`.
  double sigma_mm = 0.0;

  // The outline on the table: the square base when upright, the triangular face it lies
  // on when lying.
  Footprint Outline() const;

  bool operator==(const Pyramid&) const = default;
};

// Reads "position", "pose" (default upright), "angle_deg" (required when lying) and
// "sigma_mm" (default 0) of an observed pyramid of the given size.
Pyramid ReadPyramid(FieldReader& reader, PieceSize size);
// The observation fields of `pyramid` (without its size) added to `json`.
void WritePyramid(const Pyramid& pyramid, Json& json);

}  // namespace tabref::rules::iceboule
