#pragma once

#include <array>
#include <opencv2/core.hpp>
#include <string>
#include <string_view>
#include <vector>

#include "vision/pieces/piece_set.h"

namespace tabref::vision::sim {

enum class TableMaterial { kWood, kFelt, kLaminate };
std::string_view ToString(TableMaterial material);
// Throws std::invalid_argument for anything but "wood", "felt" or "laminate".
TableMaterial TableMaterialFromString(std::string_view name);

// The physical table and the four ArUco sheets on it (DESIGN.md "Units and frames").
struct TableLayout {
  double play_width_mm = 760;            // marker 0 centre to marker 1 centre (+x)
  double play_depth_mm = 460;            // marker 0 centre to marker 3 centre (+y)
  cv::Vec2d far_marker_offset_mm{0, 0};  // marker 2 off the rectangle's corner: sheets laid by hand
  double marker_side_mm = 60;            // black square of each marker
  double paper_margin_mm = 12;           // white paper around the black square
  double table_margin_mm = 110;          // table top beyond the marker centres on every side
  double table_thickness_mm = 30;        // the visible edge of the top
  double floor_depth_mm = 720;           // floor below the table top
  TableMaterial material = TableMaterial::kWood;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
  // Centres of markers 0..3 on the table plane.
  std::array<cv::Vec3d, 4> MarkerCentres() const;
  // The black square's corners of marker `id` in cv::aruco's order (top-left, top-right,
  // bottom-right, bottom-left of the printed marker, whose top faces +y).
  std::array<cv::Vec3d, 4> MarkerCorners(int id) const;
  // The table top's rectangle in the table frame, mm.
  cv::Rect2d TableTop() const;
  // The play area's centre, where the camera looks.
  cv::Vec3d PlayAreaCentre() const;
};

enum class PieceKind { kCoin, kTile, kPyramid, kDie, kPen, kCard };
std::string_view ToString(PieceKind kind);

// What a piece is and which way up it lies; pose and motion live in the physics body.
struct PieceLook {
  PieceKind kind = PieceKind::kCoin;
  std::string suit;     // coins and tiles
  std::string rank;     // coins and tiles: "null", "ace", "2", ...
  bool face_up = true;  // coin: suit side up; tile: face up; card: face up
  std::string size;     // pyramids: "small", "medium", "large"
  std::string colour;   // pyramids and pens: a colour name of the set / the pen's ink
  // A pyramid of the set's colour and size ("red", "small").
  static PieceLook Pyramid(std::string colour, std::string size);
  bool IsDistractor() const;
  // "coin suns 3 suit", "pyramid red large": a key for caches and logs.
  std::string Describe() const;
};

// The dimensions of a piece's solid, from the set (distractors have fixed sizes).
struct PieceDimensions {
  double length_mm = 0;  // along the piece's x: diameter of a coin, side of a tile or pyramid base
  double width_mm = 0;   // along the piece's y
  double height_mm = 0;  // thickness, or a pyramid's height
};
PieceDimensions DimensionsOf(const PieceLook& look, const PieceSet& set);

}  // namespace tabref::vision::sim
