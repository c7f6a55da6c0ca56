#pragma once

#include <opencv2/core.hpp>
#include <string_view>

#include "vision/pieces/piece_set.h"

namespace tabref::vision {

// The clean printed art of a set's pieces, square BGR images of `size` pixels seen from
// above with the piece's +y up: what the simulator paints (adding its own print grain) and
// what the detector's face templates are rendered from.

// A coin: the suit symbol in the suit's colour on the suit side; the value in black on the
// value side ("A" for the ace, blank for null).
cv::Mat CoinArt(const PieceSet& set, std::string_view suit, std::string_view rank, bool suit_side,
                int size);
// A tile: the value large in the centre and a small suit symbol top-left in the suit's colour
// (the ace a large suit symbol, null blank but for the corner); the back a 2x2 cross grid.
cv::Mat TileArt(const PieceSet& set, std::string_view suit, std::string_view rank, bool face_side,
                int size);

}  // namespace tabref::vision
