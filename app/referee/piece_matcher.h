#pragma once

#include <optional>
#include <string>

#include "rules/core/json.h"
#include "vision/observation/observation.h"

namespace tabref::referee {

// One physical piece as the camera tells it apart: the fields of an observed piece
// (DESIGN.md's `tabref detect` names), each required to be equal when given and left open
// when not. Identities are matched from what is seen, never from simulator indices, so the
// same binding works on camera detections and on the synthetic table's ground truth.
struct PieceMatcher {
  vision::ObservedKind kind = vision::ObservedKind::kCoin;
  std::optional<std::string> side;    // coin "suit" | "value"; tile "face" | "back"
  std::optional<std::string> suit;    // "suns" | "moons" | "crowns" | "arms"
  std::optional<std::string> rank;    // "null" | "ace" | "2" .. "5"
  std::optional<std::string> colour;  // pyramid colour name of the set
  std::optional<std::string> size;    // pyramid "small" | "medium" | "large"

  // Every given field is equal in the observation (a field the camera could not see does
  // not match a required one).
  bool Matches(const vision::ObservedPiece& piece) const;
  // "coin value null", "tile face suns 3", "pyramid red medium".
  std::string Describe() const;
  // {"kind": "coin", "side": "suit", "suit": "suns"}: the open fields are left out.
  rules::Json ToJson() const;
  // Reads the form ToJson writes; throws std::invalid_argument naming `what` and the field.
  static PieceMatcher FromJson(const rules::Json& json, const std::string& what);

  bool operator==(const PieceMatcher&) const = default;
};

PieceMatcher CoinShowingSuit(const std::string& suit);
PieceMatcher CoinShowingValue(const std::string& rank);
PieceMatcher FaceUpTile(const std::string& suit, const std::string& rank);
PieceMatcher FaceDownTile();
PieceMatcher Pyramid(const std::string& colour,
                     const std::optional<std::string>& size = std::nullopt);

}  // namespace tabref::referee
