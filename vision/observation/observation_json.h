#pragma once

#include <nlohmann/json.hpp>

#include "vision/observation/observation.h"
#include "vision/observation/piece_gaps.h"

// The piece objects of DESIGN.md's `tabref detect` JSON, keys in the order DESIGN.md shows.
namespace tabref::vision {

// {"kind": "coin", "side": .., "suit": .., "rank": .., "on_top_of": .., "x_mm": ..,
//  "y_mm": .., "sigma_mm": .., "confidence": .., "footprint_mm": [[x, y], ...]} for coins
// and tiles (tiles add "angle_deg"), {"kind": "pyramid", "color": .., "size": .., "pose": ..,
// "angle_deg": .., "on_top_of": .., ...} for pyramids: on_top_of is the index of the piece
// it stands on (a coin lying on a tile, a pyramid on a pyramid) or null. What cannot be seen is
// null. A coin's footprint is written as a 36-gon and its radius as "radius_mm".
nlohmann::ordered_json PieceToJson(const ObservedPiece& piece);

// {"pieces": [first, second], "gap_mm": .., "sigma_mm": .., "touching": ..}
nlohmann::ordered_json GapToJson(const PieceGap& gap);

}  // namespace tabref::vision
