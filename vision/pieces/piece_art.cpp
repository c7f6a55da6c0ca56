#include "vision/pieces/piece_art.h"

#include <algorithm>
#include <opencv2/imgproc.hpp>

#include "vision/pieces/suit_symbols.h"

namespace tabref::vision {

cv::Mat CoinArt(const PieceSet& set, std::string_view suit, std::string_view rank, bool suit_side,
                int size) {
  cv::Mat face(size, size, CV_8UC3, set.coin_colour);
  const cv::Point2d centre(0.5 * size, 0.5 * size);
  cv::circle(face, centre, static_cast<int>(0.46 * size), set.coin_colour * 0.93,
             std::max(1, size / 40), cv::LINE_AA);
  if (suit_side) {
    DrawSuitSymbol(face, suit, centre, 0.62 * size, set.Suit(suit).bgr, set.coin_colour);
  } else if (rank != "null") {
    DrawValue(face, rank == "ace" ? "A" : rank, centre, 0.5 * size, {20, 20, 20});
  }
  return face;
}

cv::Mat TileArt(const PieceSet& set, std::string_view suit, std::string_view rank, bool face_side,
                int size) {
  cv::Mat face(size, size, CV_8UC3, set.tile_colour);
  const double s = size;
  if (face_side) {
    const cv::Scalar ink = set.Suit(suit).bgr;
    DrawSuitSymbol(face, suit, {0.17 * s, 0.17 * s}, 0.2 * s, ink, set.tile_colour);
    if (rank == "ace")
      DrawSuitSymbol(face, suit, {0.5 * s, 0.52 * s}, 0.52 * s, ink, set.tile_colour);
    if (rank != "ace" && rank != "null") DrawValue(face, rank, {0.5 * s, 0.52 * s}, 0.45 * s, ink);
  } else {
    const cv::Scalar ink(25, 25, 25);
    const int width = std::max(1, size / 64);
    cv::line(face, cv::Point2d(0.5 * s, 0.06 * s), cv::Point2d(0.5 * s, 0.94 * s), ink, width,
             cv::LINE_AA);
    cv::line(face, cv::Point2d(0.06 * s, 0.5 * s), cv::Point2d(0.94 * s, 0.5 * s), ink, width,
             cv::LINE_AA);
  }
  cv::rectangle(face, cv::Rect(0, 0, size, size), set.tile_colour * 0.9, std::max(1, size / 100));
  return face;
}

}  // namespace tabref::vision
