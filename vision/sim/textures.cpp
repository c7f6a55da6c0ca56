#include "vision/sim/textures.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <string>

#include "vision/pieces/piece_art.h"
#include "vision/pieces/suit_symbols.h"

namespace tabref::vision::sim {
namespace {

// Smooth random field of `size` with features about `cell` pixels across (x and y apart).
cv::Mat SmoothNoise(cv::Size size, double cell_x, double cell_y, cv::RNG& rng) {
  const cv::Size coarse(std::max(2, static_cast<int>(size.width / cell_x) + 2),
                        std::max(2, static_cast<int>(size.height / cell_y) + 2));
  cv::Mat seeds(coarse, CV_32F);
  rng.fill(seeds, cv::RNG::NORMAL, 0, 1);
  cv::Mat field;
  cv::resize(seeds, field, size, 0, 0, cv::INTER_CUBIC);
  return field;
}

cv::Mat Tint(const cv::Mat& intensity, const cv::Scalar& base) {
  std::vector<cv::Mat> channels(3);
  for (int c = 0; c < 3; ++c) intensity.convertTo(channels[static_cast<size_t>(c)], CV_8U, base[c]);
  cv::Mat image;
  cv::merge(channels, image);
  return image;
}

// Boards along x, `board_px` wide, each with its own shade, growth rings and fine grain, and
// a dark seam between boards.
cv::Mat Boards(cv::Size size, double board_px, double ring_px, double seam_px, cv::RNG& rng) {
  const cv::Mat warp = SmoothNoise(size, 40 * ring_px, 6 * ring_px, rng);
  const cv::Mat streaks = SmoothNoise(size, 25 * ring_px, 0.35 * ring_px, rng);
  const cv::Mat blotches = SmoothNoise(size, 12 * ring_px, 12 * ring_px, rng);
  cv::Mat intensity(size, CV_32F);
  std::vector<double> board_shade;
  for (int y = 0; y < size.height; ++y) {
    const int board = static_cast<int>(y / board_px);
    while (static_cast<int>(board_shade.size()) <= board)
      board_shade.push_back(rng.uniform(0.88, 1.08));
    const double in_board = y - board * board_px;
    const bool seam = in_board < seam_px;
    for (int x = 0; x < size.width; ++x) {
      const double rings =
          std::sin(2 * CV_PI * (in_board / ring_px + 2.5 * warp.at<float>(y, x)) + board * 1.7);
      const double grain =
          0.055 * rings + 0.05 * streaks.at<float>(y, x) + 0.035 * blotches.at<float>(y, x);
      intensity.at<float>(y, x) =
          static_cast<float>(seam ? 0.55 : board_shade[static_cast<size_t>(board)] + grain);
    }
  }
  return intensity;
}

cv::Mat FeltIntensity(cv::Size size, double px_per_mm, cv::RNG& rng) {
  cv::Mat fibres(size, CV_32F);
  rng.fill(fibres, cv::RNG::NORMAL, 1.0, 0.07);
  cv::GaussianBlur(fibres, fibres, cv::Size(0, 0), 0.4 * px_per_mm);
  return fibres + 0.05 * SmoothNoise(size, 60 * px_per_mm, 60 * px_per_mm, rng);
}

cv::Mat LaminateIntensity(cv::Size size, double px_per_mm, cv::RNG& rng) {
  cv::Mat speckle(size, CV_32F);
  rng.fill(speckle, cv::RNG::NORMAL, 1.0, 0.025);
  return speckle + 0.02 * SmoothNoise(size, 30 * px_per_mm, 30 * px_per_mm, rng) +
         0.015 * SmoothNoise(size, 4 * px_per_mm, 4 * px_per_mm, rng);
}

// Slight unevenness of printed and moulded surfaces, so faces are never flat fills.
void AddPrintGrain(cv::Mat& image, std::uint64_t seed) {
  cv::RNG rng(seed);
  cv::Mat grain(image.size(), CV_16SC3);
  rng.fill(grain, cv::RNG::NORMAL, 0, 3);
  cv::Mat widened;
  image.convertTo(widened, CV_16SC3);
  cv::add(widened, grain, widened);
  widened.convertTo(image, CV_8UC3);
}

std::uint64_t SeedOf(const std::string& text) { return std::hash<std::string>{}(text); }

}  // namespace

cv::Mat TableTexture(const TableLayout& layout, double px_per_mm, std::uint64_t seed) {
  const cv::Rect2d top = layout.TableTop();
  const cv::Size size(static_cast<int>(std::ceil(top.width * px_per_mm)) + 1,
                      static_cast<int>(std::ceil(top.height * px_per_mm)) + 1);
  cv::RNG rng(seed);
  switch (layout.material) {
    case TableMaterial::kWood:
      return Tint(Boards(size, 145 * px_per_mm, 7 * px_per_mm, 0.8 * px_per_mm, rng),
                  {70, 118, 168});
    case TableMaterial::kFelt:
      return Tint(FeltIntensity(size, px_per_mm, rng), {56, 98, 46});
    case TableMaterial::kLaminate:
      return Tint(LaminateIntensity(size, px_per_mm, rng), {196, 204, 210});
  }
  return {};
}

cv::Mat FloorTexture(const cv::Rect2d& area, double px_per_mm, std::uint64_t seed) {
  const cv::Size size(static_cast<int>(std::ceil(area.width * px_per_mm)) + 1,
                      static_cast<int>(std::ceil(area.height * px_per_mm)) + 1);
  cv::RNG rng(seed ^ 0x9e3779b97f4a7c15ULL);
  cv::Mat boards = Boards(size, 180 * px_per_mm, 9 * px_per_mm, 2.5 * px_per_mm, rng);
  cv::transpose(boards, boards);  // floor boards run across the table's boards
  cv::resize(boards, boards, size);
  return Tint(boards, {48, 72, 104});
}

cv::Mat CoinFace(const PieceLook& look, const PieceSet& set, bool suit_side, int size) {
  cv::Mat face = CoinArt(set, look.suit, look.rank, suit_side, size);
  AddPrintGrain(face, SeedOf(look.Describe()) + (suit_side ? 1 : 0));
  return face;
}

cv::Mat TileFace(const PieceLook& look, const PieceSet& set, bool face_side, int size) {
  cv::Mat face = TileArt(set, look.suit, look.rank, face_side, size);
  AddPrintGrain(face, SeedOf(look.Describe()) + (face_side ? 1 : 0));
  return face;
}

cv::Mat DieFace(int pips, int size) {
  const cv::Scalar ivory(236, 240, 242);
  cv::Mat face(size, size, CV_8UC3, ivory);
  const double s = size;
  const double near = 0.26 * s;
  const double far = 0.74 * s;
  const double mid = 0.5 * s;
  // Pip positions on a 3x3 grid (column, row), by how many pips show.
  const std::vector<std::vector<cv::Point>> layouts{
      {{1, 1}},
      {{0, 0}, {2, 2}},
      {{0, 0}, {1, 1}, {2, 2}},
      {{0, 0}, {2, 0}, {0, 2}, {2, 2}},
      {{0, 0}, {2, 0}, {1, 1}, {0, 2}, {2, 2}},
      {{0, 0}, {2, 0}, {0, 1}, {2, 1}, {0, 2}, {2, 2}}};
  const std::array<double, 3> grid{near, mid, far};
  std::vector<cv::Point2d> spots;
  for (const cv::Point& cell : layouts.at(static_cast<size_t>(pips - 1))) {
    spots.emplace_back(grid[static_cast<size_t>(cell.x)], grid[static_cast<size_t>(cell.y)]);
  }
  for (const cv::Point2d& spot : spots) {
    cv::circle(face, cv::Point(static_cast<int>(spot.x * 16), static_cast<int>(spot.y * 16)),
               static_cast<int>(0.09 * s * 16), {30, 30, 30}, cv::FILLED, cv::LINE_AA, 4);
  }
  AddPrintGrain(face, static_cast<std::uint64_t>(pips));
  return face;
}

cv::Mat CardFace(bool face_side, int size) {
  const int height = static_cast<int>(std::lround(size * 88.0 / 63.0));
  cv::Mat card(height, size, CV_8UC3, cv::Scalar(240, 243, 245));
  const double s = size;
  if (face_side) {
    const cv::Scalar red(40, 30, 190);
    DrawValue(card, "7", {0.13 * s, 0.12 * s}, 0.12 * s, red);
    DrawSuitSymbol(card, "suns", {0.5 * s, 0.5 * height}, 0.4 * s, red, {240, 243, 245});
  } else {
    const cv::Scalar blue(140, 60, 30);
    cv::rectangle(card, cv::Rect2d(0.07 * s, 0.07 * s, 0.86 * s, height - 0.14 * s), blue,
                  cv::FILLED);
    for (int i = -height; i < size + height; i += std::max(4, size / 16)) {
      cv::line(card, {i, 0}, {i + height, height}, {210, 200, 190}, 1, cv::LINE_AA);
      cv::line(card, {i, height}, {i + height, 0}, {210, 200, 190}, 1, cv::LINE_AA);
    }
    cv::rectangle(card, cv::Rect(0, 0, size, height), {240, 243, 245}, static_cast<int>(0.07 * s));
  }
  AddPrintGrain(card, face_side ? 7 : 8);
  return card;
}

TexturePyramid::TexturePyramid(const cv::Mat& texture) {
  levels_.push_back(texture);
  while (levels_.back().cols >= 16) {
    cv::Mat half;
    cv::pyrDown(levels_.back(), half);
    levels_.push_back(half);
  }
}

const cv::Mat& TexturePyramid::ForWidth(double pixels) const {
  for (auto level = levels_.rbegin(); level != levels_.rend(); ++level) {
    if (level->cols >= pixels) return *level;
  }
  return levels_.front();
}

cv::Vec3f SampleBilinear(const cv::Mat& image, double x, double y) {
  x = std::clamp(x, 0.0, image.cols - 1.001);
  y = std::clamp(y, 0.0, image.rows - 1.001);
  const int x0 = static_cast<int>(x);
  const int y0 = static_cast<int>(y);
  const float fx = static_cast<float>(x - x0);
  const float fy = static_cast<float>(y - y0);
  const cv::Vec3b* row0 = image.ptr<cv::Vec3b>(y0) + x0;
  const cv::Vec3b* row1 = image.ptr<cv::Vec3b>(y0 + 1) + x0;
  cv::Vec3f sample;
  for (int c = 0; c < 3; ++c) {
    const float top = row0[0][c] + fx * (row0[1][c] - row0[0][c]);
    const float bottom = row1[0][c] + fx * (row1[1][c] - row1[0][c]);
    sample[c] = top + fy * (bottom - top);
  }
  return sample;
}

}  // namespace tabref::vision::sim
