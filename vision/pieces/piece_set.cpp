#include "vision/pieces/piece_set.h"

#include <algorithm>
#include <cctype>
#include <fstream>

namespace tabref::vision {
namespace {

using nlohmann::json;

[[noreturn]] void Fail(const std::string& origin, const std::string& what) {
  throw PieceSetError(origin + ": " + what);
}

const json& Field(const json& object, const char* key, const std::string& origin) {
  if (!object.is_object() || !object.contains(key))
    Fail(origin, std::string("missing \"") + key + "\"");
  return object.at(key);
}

double PositiveLength(const json& object, const char* key, const std::string& origin) {
  const json& value = Field(object, key, origin);
  if (!value.is_number() || value.get<double>() <= 0) {
    Fail(origin, std::string("\"") + key + "\" must be a positive number of mm");
  }
  return value.get<double>();
}

std::string Text(const json& object, const char* key, const std::string& origin) {
  const json& value = Field(object, key, origin);
  if (!value.is_string() || value.get<std::string>().empty()) {
    Fail(origin, std::string("\"") + key + "\" must be a non-empty string");
  }
  return value.get<std::string>();
}

cv::Scalar HexColour(const json& object, const char* key, const std::string& origin) {
  const std::string text = Text(object, key, origin);
  const bool well_formed =
      text.size() == 7 && text[0] == '#' && std::all_of(text.begin() + 1, text.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c));
      });
  if (!well_formed)
    Fail(origin,
         std::string("\"") + key + "\" must be a colour like \"#D55E00\", not \"" + text + "\"");
  const auto channel = [&](int at) {
    return static_cast<double>(std::stoi(text.substr(at, 2), nullptr, 16));
  };
  return {channel(5), channel(3), channel(1)};
}

const json& NonEmptyArray(const json& object, const char* key, const std::string& origin) {
  const json& value = Field(object, key, origin);
  if (!value.is_array() || value.empty())
    Fail(origin, std::string("\"") + key + "\" must be a non-empty array");
  return value;
}

std::vector<NamedColour> NamedColours(const json& object, const char* key,
                                      const std::string& origin) {
  std::vector<NamedColour> colours;
  for (const json& entry : NonEmptyArray(object, key, origin)) {
    const std::string where = origin + " " + key + "[" + std::to_string(colours.size()) + "]";
    colours.push_back({Text(entry, "name", where), HexColour(entry, "colour", where)});
  }
  return colours;
}

template <typename Named>
const Named& FindNamed(const std::vector<Named>& items, std::string_view name, const char* what) {
  const auto found = std::find_if(items.begin(), items.end(),
                                  [&](const Named& item) { return item.name == name; });
  if (found == items.end())
    throw PieceSetError(std::string("no ") + what + " \"" + std::string(name) + "\" in the set");
  return *found;
}

}  // namespace

const NamedColour& PieceSet::Suit(std::string_view suit) const {
  return FindNamed(suits, suit, "suit");
}

const PyramidSize& PieceSet::Pyramid(std::string_view size) const {
  return FindNamed(pyramid_sizes, size, "pyramid size");
}

const NamedColour& PieceSet::PyramidColour(std::string_view colour) const {
  return FindNamed(pyramid_colours, colour, "pyramid colour");
}

PieceSet PieceSetFromJson(const json& set_json, const std::string& origin) {
  PieceSet set;
  set.name = Text(set_json, "name", origin);
  const json& tile = Field(set_json, "tile", origin);
  set.tile_side_mm = PositiveLength(tile, "side_mm", origin + " tile");
  set.tile_thickness_mm = PositiveLength(tile, "thickness_mm", origin + " tile");
  set.tile_colour = HexColour(tile, "colour", origin + " tile");
  set.tile_edge_colour = HexColour(tile, "edge_colour", origin + " tile");
  const json& coin = Field(set_json, "coin", origin);
  set.coin_diameter_mm = PositiveLength(coin, "diameter_mm", origin + " coin");
  set.coin_thickness_mm = PositiveLength(coin, "thickness_mm", origin + " coin");
  set.coin_colour = HexColour(coin, "colour", origin + " coin");
  set.coin_rim_colour = HexColour(coin, "rim_colour", origin + " coin");
  set.suits = NamedColours(set_json, "suits", origin);
  for (const json& value : NonEmptyArray(set_json, "values", origin)) {
    if (!value.is_string()) Fail(origin, "\"values\" must hold strings");
    set.values.push_back(value.get<std::string>());
  }
  const json& pyramids = Field(set_json, "pyramids", origin);
  for (const json& size : NonEmptyArray(pyramids, "sizes", origin + " pyramids")) {
    const std::string where =
        origin + " pyramids sizes[" + std::to_string(set.pyramid_sizes.size()) + "]";
    set.pyramid_sizes.push_back({Text(size, "name", where), PositiveLength(size, "base_mm", where),
                                 PositiveLength(size, "height_mm", where)});
  }
  set.pyramid_colours = NamedColours(pyramids, "colours", origin + " pyramids");
  set.pyramid_opacity = PositiveLength(pyramids, "opacity", origin + " pyramids");
  if (set.pyramid_opacity > 1) Fail(origin, "pyramids \"opacity\" must be in (0, 1]");
  return set;
}

PieceSet LoadPieceSet(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw PieceSetError(file.string() + ": cannot open the set file");
  json parsed;
  try {
    parsed = json::parse(in);
  } catch (const json::parse_error& error) {
    throw PieceSetError(file.string() + ": not valid JSON (" + error.what() + ")");
  }
  return PieceSetFromJson(parsed, file.string());
}

std::filesystem::path DefaultPieceSetFile() { return TABREF_DEFAULT_SET_FILE; }

}  // namespace tabref::vision
