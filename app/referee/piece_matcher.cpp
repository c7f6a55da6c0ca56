#include "app/referee/piece_matcher.h"

#include <stdexcept>

namespace tabref::referee {
namespace {

// A field of the matcher and the observation's field it is compared with.
struct Field {
  const char* name;
  std::optional<std::string> PieceMatcher::*member;
  std::optional<std::string> vision::ObservedPiece::*seen;
};

constexpr Field kFields[] = {{"side", &PieceMatcher::side, &vision::ObservedPiece::side},
                             {"suit", &PieceMatcher::suit, &vision::ObservedPiece::suit},
                             {"rank", &PieceMatcher::rank, &vision::ObservedPiece::rank},
                             {"colour", &PieceMatcher::colour, &vision::ObservedPiece::colour},
                             {"size", &PieceMatcher::size, &vision::ObservedPiece::size}};

}  // namespace

bool PieceMatcher::Matches(const vision::ObservedPiece& piece) const {
  if (piece.kind != kind) return false;
  for (const Field& field : kFields) {
    const std::optional<std::string>& wanted = this->*field.member;
    if (wanted && piece.*field.seen != wanted) return false;
  }
  return true;
}

std::string PieceMatcher::Describe() const {
  std::string text = vision::ToString(kind);
  for (const Field& field : kFields) {
    if (const std::optional<std::string>& value = this->*field.member) text += " " + *value;
  }
  return text;
}

rules::Json PieceMatcher::ToJson() const {
  rules::Json json = {{"kind", vision::ToString(kind)}};
  for (const Field& field : kFields) {
    if (const std::optional<std::string>& value = this->*field.member) json[field.name] = *value;
  }
  return json;
}

PieceMatcher PieceMatcher::FromJson(const rules::Json& json, const std::string& what) {
  const auto fail = [&](const std::string& problem) {
    throw std::invalid_argument(what + ": " + problem);
  };
  if (!json.is_object()) fail("must be an object like {\"kind\": \"coin\", \"suit\": \"suns\"}");
  PieceMatcher matcher;
  bool has_kind = false;
  for (const auto& [key, value] : json.items()) {
    if (!value.is_string()) fail("\"" + key + "\" must be a string");
    const std::string text = value.get<std::string>();
    if (key == "kind") {
      const std::optional<vision::ObservedKind> kind = vision::ObservedKindFromString(text);
      if (!kind) fail("\"kind\" must be coin, tile or pyramid, not \"" + text + "\"");
      matcher.kind = *kind;
      has_kind = true;
      continue;
    }
    bool known = false;
    for (const Field& field : kFields) {
      if (key == field.name) {
        matcher.*field.member = text;
        known = true;
      }
    }
    if (!known) fail("unknown field \"" + key + "\" (kind, side, suit, rank, colour, size)");
  }
  if (!has_kind) fail("\"kind\" is missing (coin, tile or pyramid)");
  return matcher;
}

PieceMatcher CoinShowingSuit(const std::string& suit) {
  return {vision::ObservedKind::kCoin, "suit", suit, {}, {}, {}};
}

PieceMatcher CoinShowingValue(const std::string& rank) {
  return {vision::ObservedKind::kCoin, "value", {}, rank, {}, {}};
}

PieceMatcher FaceUpTile(const std::string& suit, const std::string& rank) {
  return {vision::ObservedKind::kTile, "face", suit, rank, {}, {}};
}

PieceMatcher FaceDownTile() { return {vision::ObservedKind::kTile, "back", {}, {}, {}, {}}; }

PieceMatcher Pyramid(const std::string& colour, const std::optional<std::string>& size) {
  return {vision::ObservedKind::kPyramid, {}, {}, {}, colour, size};
}

}  // namespace tabref::referee
