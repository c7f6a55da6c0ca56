#pragma once

#include "vision/detect/tile_candidates.h"
#include "vision/detect/tile_face.h"
#include "vision/detect/tile_fit.h"

namespace tabref::vision {

// Everything the tile finder can be tuned by.
struct TileOptions {
  // false: no tiles are looked for (a game played without them; coins are then all measured
  // as lying on the table).
  bool enabled = true;
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
  // A square whose plain (never inked) face, the coins on it left out, differs between opposite
  // halves by more than this share of its colour is half over something else, not a tile
  // (real tiles: 0.01-0.02; a square half over a tile and half over the table at a bocce end
  // box's notch: 0.08-0.14), unless its art reads at least min_printed_art_score or its
  // sides are found on at least min_two_coloured_support of the rays (a real tile under a
  // shadow on detection scene 3: contrast 0.41, art 0.58, support 0.58; the squares over a
  // notch: art 0.45-0.5, support 0.45-0.56: a thin margin).
  double max_half_contrast = 0.05;
  double min_two_coloured_support = 0.57;
  // Such a square may have taken the candidates of the tile it half covers: that tile is looked
  // for half a side over each way when the square's contrast, at a first look with nothing
  // known over it, is at most this (a tile beside the table: 0.08-0.3; a marker sheet's black
  // and white, 0.7-5, needs no such search and would only cost time).
  double max_shifted_contrast = 0.5;
  // A fit that saw one pair of sides and not the other is tried again this share of a side
  // either way along the unseen pair's normal (a candidate's centre drawn off by a coin
  // touching the tile: 10 mm, a fifth of a side).
  double unseen_pair_shift = 0.25;
  // The set holds each face once: tiles of one detection read as the same face settle who
  // is which by their other readings (SettleRepeatedFaces; held-out Ppolf seed 193: the suns
  // ace, 31 px across far from the camera, read as the suns 4 by 0.011, its hole unknown).
  // false for a table with more than one set.
  bool unique_faces = true;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

}  // namespace tabref::vision
