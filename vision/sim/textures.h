#pragma once

#include <cstdint>
#include <opencv2/core.hpp>
#include <vector>

#include "vision/pieces/piece_set.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// Procedural table top (no marker sheets), BGR 8-bit, `px_per_mm` pixels per millimetre,
// covering TableTop() with (0, 0) at its minimum corner.
cv::Mat TableTexture(const TableLayout& layout, double px_per_mm, std::uint64_t seed);
// Floor boards around the table, BGR 8-bit, covering `area` (mm).
cv::Mat FloorTexture(const cv::Rect2d& area, double px_per_mm, std::uint64_t seed);

// The pictures printed on pieces, square BGR images of `size` pixels.
cv::Mat CoinFace(const PieceLook& look, const PieceSet& set, bool suit_side, int size);
cv::Mat TileFace(const PieceLook& look, const PieceSet& set, bool face_side, int size);
cv::Mat DieFace(int pips, int size);
// A playing card, `size` pixels wide (63 x 88 mm proportions).
cv::Mat CardFace(bool face_side, int size);

// The texture and its halvings, for sampling at about the screen's resolution.
class TexturePyramid {
 public:
  explicit TexturePyramid(const cv::Mat& texture);
  // The smallest level at least `pixels` wide (the full texture when none is).
  const cv::Mat& ForWidth(double pixels) const;

 private:
  std::vector<cv::Mat> levels_;
};

// Bilinear sample of a BGR 8-bit image at (x, y) pixels, clamped at the border.
cv::Vec3f SampleBilinear(const cv::Mat& image, double x, double y);

}  // namespace tabref::vision::sim
