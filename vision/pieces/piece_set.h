#pragma once

#include <filesystem>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tabref::vision {

// A malformed or unreadable set file; the message names the file and the field.
class PieceSetError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Colours are BGR, 0..255 (OpenCV's order), read from "#RRGGBB" strings.
struct NamedColour {
  std::string name;
  cv::Scalar bgr;
};

struct PyramidSize {
  std::string name;  // "small", "medium", "large"
  double base_mm = 0;
  double height_mm = 0;
};

// Sizes, colours and names of one physical piece set (data/sets/*.json).
struct PieceSet {
  std::string name;
  double tile_side_mm = 0;
  double tile_thickness_mm = 0;
  cv::Scalar tile_colour;
  cv::Scalar tile_edge_colour;
  double coin_diameter_mm = 0;
  double coin_thickness_mm = 0;
  cv::Scalar coin_colour;
  cv::Scalar coin_rim_colour;
  std::vector<NamedColour> suits;
  std::vector<std::string> values;  // "null", "ace", "2", ...
  std::vector<PyramidSize> pyramid_sizes;
  std::vector<NamedColour> pyramid_colours;
  double pyramid_opacity = 1;

  // Throw PieceSetError when the name is not in the set.
  const NamedColour& Suit(std::string_view suit) const;
  const PyramidSize& Pyramid(std::string_view size) const;
  const NamedColour& PyramidColour(std::string_view colour) const;
};

// `origin` names the source in error messages.
PieceSet PieceSetFromJson(const nlohmann::json& json, const std::string& origin = "set");
PieceSet LoadPieceSet(const std::filesystem::path& file);
// data/sets/piecepack.json of the source tree this library was built from.
std::filesystem::path DefaultPieceSetFile();

}  // namespace tabref::vision
