#pragma once

#include <vector>

#include "vision/observation/observation.h"

namespace tabref::vision {

// The gap between two pieces' footprints with its 1-sigma uncertainty.
struct PieceGap {
  int first = -1;       // index into the observation's pieces
  int second = -1;      // index into the observation's pieces, > first
  double gap_mm = 0;    // footprint to footprint, 0 when they touch or overlap
  double sigma_mm = 0;  // from both pieces' position uncertainties
  // The gap is within two sigma of zero: the pieces touch as far as the camera can tell.
  bool touching = false;
};

// The gaps between every pair of pieces closer than `max_gap_mm`, in index order. A piece
// standing on another (on_top_of) is not paired with the piece that carries it.
std::vector<PieceGap> MeasureGaps(const std::vector<ObservedPiece>& pieces, double max_gap_mm);

}  // namespace tabref::vision
