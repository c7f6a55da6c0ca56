#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/table_mapping.h"
#include "vision/detect/square_fit.h"

namespace tabref::vision {

struct TileFitOptions {
  int rays_per_side = 12;  // edge searches across each side
  double ray_span = 0.84;  // ... spread over this share of the side (the corners left out)
  // The square is first aligned as a whole: the centre shift (within +-align_reach_mm) and
  // turn (within +-align_turn_deg) that put the most edge on the predicted sides.
  double align_reach_mm = 6;
  double align_turn_deg = 4;
  // ... from this many rays per side: the alignment sums the evidence of every ray of a pair
  // of sides, so half the rays place the square as well, and a candidate that is no tile
  // (most of them) costs half as much.
  int align_rays_per_side = 6;
  // An edge on a ray is clear when at least this share of the strongest near the side: the
  // top edge is the first clear edge out of the face (a dark outline, the wall's foot and
  // shadows lie beyond it).
  double edge_share = 0.4;
  // The top edge is looked for from this far inside the expected side (at least 3 px, and
  // past the wall where it shows) to this far beyond it.
  double inner_window_mm = 1.2;
  double outer_window_mm = 0.6;
  // Rays whose edge is fainter than this share of the tile's typical one do not pull the fit.
  double faint_share = 0.15;
  // How far each side's edge may lie from the frame's typical edge (the light, the wall, the
  // shadow and the table differ around a tile): what the centre's sigma is mostly made of.
  double side_offset_sigma_mm = 0.2;
  int iterations = 2;            // then: search each ray near the side, fit, again
  double min_edge_strength = 5;  // colour change per pixel an edge needs (8-bit units)
  double min_support = 0.45;     // share of the rays that must find their side
  // Each pair of opposite sides needs this many rays on its better side: a square seen on
  // two opposite sides only (a card's stripe, a pen) has no centre along them.
  int min_pair_rays = 4;
  double max_side_error_mm = 1.5;  // |measured side - set side| above this: not a tile
  double max_rms_mm = 0.3;         // residual RMS about the sides above this: not a tile
  double tight_band_mm = 0.15;     // a side's edge this close to the fitted line is exact
  // Share of the rays whose edge lies within tight_band_mm: texture offers an edge near any
  // line, but only a real tile puts them all on it.
  double min_tight_support = 0.25;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// A tile's top face fitted in the camera frame.
struct TileFit {
  bool accepted = false;
  std::string reason;  // why it was rejected
  // Rejected for its size alone: clear, straight sides, but opposite ones further apart or
  // closer than the set's side and the expected edge offset allow.
  bool wrong_size = false;
  // Rejected because this pair of opposite sides was not seen (0: sides 0 and 2, 1: sides 1
  // and 3), the other pair well seen; -1 otherwise.
  int unseen_pair = -1;
  cv::Point2d centre_mm;   // top-face centre = the tile's position (table frame)
  double angle_rad = 0;    // turn of the sides, modulo pi/2, in [0, pi/2)
  double support = 0;      // share of the rays that found their side
  cv::Vec4d side_support;  // ... per side
  double rms_mm = 0;       // residual RMS about each side's edge
  double tight_support = 0;
  double centre_sigma_mm = 0;  // 1-sigma of the centre from the sides' residuals and offsets
  double angle_sigma_deg = 0;
  cv::Vec4d side_offsets;  // where each side's edge lies outward of the true side (mm)
  cv::Vec4i side_inliers;  // rays whose edge lies on each side
  double mean_edge_strength = 0;
  std::vector<cv::Point2d> edge_px;  // every edge the last search chose, image pixels
};

// Fits the top face (a square of `side_mm` at `height_mm` above the table) of a tile near
// `initial_mm` turned by about `initial_angle_rad`, its edges expected `edge_offset_mm`
// outward of the true sides (the frame's typical edge, see SideModel). The square is aligned as a
// whole first (every ray's edge evidence summed, with the wall's foot where the wall shows), then
// edges are searched along the sides' projected normals in `image` (BGR 8-bit), mapped onto the top
// plane and fitted robustly with the side known; repeated with narrowing searches.
TileFit FitTile(const cv::Mat& image, const calibration::TableMapping& mapping,
                const cv::Point2d& initial_mm, double initial_angle_rad, double side_mm,
                double height_mm, double edge_offset_mm, const TileFitOptions& options);

}  // namespace tabref::vision
