#pragma once

#include <vector>

#include "vision/detect/tile_face.h"

namespace tabref::vision {

// A piecepack holds each face once: where tiles of one detection read as the same face, all
// but one read as something else. The tile whose next unclaimed reading (of its
// TileFace::alternatives, scoring at least `min_match`) loses least against its best gives
// way and takes that reading, until each face is read once or no tile has one to take (those
// keep theirs). A tile whose best beats that reading by the margin of a sure reading
// (TileReadingConfidence 1) keeps its own: two sets on the table, or the other tile misread.
// A reading taken so is as sure as its margin over the tile's next unclaimed one, and no
// surer than the reading of the tile it gave way to. Backs all look alike and are left as
// read. Returns the indices of the faces read anew.
std::vector<size_t> SettleRepeatedFaces(std::vector<TileFace>& faces, double min_match);

}  // namespace tabref::vision
