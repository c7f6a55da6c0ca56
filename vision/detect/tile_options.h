#pragma once

#include "vision/detect/tile_candidates.h"
#include "vision/detect/tile_face.h"
#include "vision/detect/tile_fit.h"

namespace tabref::vision {

// Everything the tile finder can be tuned by.
struct TileOptions {
  TileCandidateOptions candidates;
  TileFitOptions fit;
  TileFaceOptions face;
  // How far the frame's measured top edge may lie outside (+) or inside (-) the set's side
  // (mm, per side).
  double max_edge_offset_mm = 0.5;
  // Position uncertainty the fit residuals do not show (lens model, shading, the printed
  // border), added in quadrature; measured on the synthetic evaluation set
  // (docs/benchmarks.md).
  double model_sigma_mm = 0.1;
  // A coin found on a tile is the tile's printed art when the face, that coin shown, reads
  // as the same tile scoring at most this much less than with it hidden (the moons ace's
  // ring: 0.00-0.02; a real coin's rim, shadow and art: 0.033 and more on seeds 1-30 with
  // three coins on tiles per scene).
  double printed_margin = 0.027;
  // ... and only when the art is read at least this well (a real tile's art scores 0.8-1; a
  // square fitted half over the table, 0.45-0.5).
  double min_printed_art_score = 0.6;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

}  // namespace tabref::vision
