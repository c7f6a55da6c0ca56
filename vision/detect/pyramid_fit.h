#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/table_mapping.h"
#include "vision/detect/pyramid_model.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

struct PyramidFitOptions {
  double ray_spacing_mm = 1.2;  // edge searches along each silhouette edge, this far apart
  int min_rays_per_edge = 3;
  // Searches keep this share of an edge's length away from its ends, where the other edges
  // (and, inside an upright pyramid, the side edges running to the apex) meet it.
  double edge_end_share = 0.18;
  // The silhouette is first aligned as a whole: the shift (within +-align_reach_mm) and turn
  // (within +-align_turn_deg) that put the most clear edge on it.
  double align_reach_mm = 2.5;
  double align_turn_deg = 6;
  double edge_floor = 6;  // colour change per pixel counted as no edge at all
  // An edge on a ray is clear when at least this share of the ray's strongest: the outline
  // is the first clear edge out of the pyramid (its shadow lies beyond it).
  double clear_share = 0.4;
  int iterations = 3;            // then: search each ray near the outline, fit, again
  double first_search_mm = 1.2;  // half length of the searches across the outline ...
  double last_search_mm = 0.6;   // ... narrowing to this
  double min_edge_strength = 5;  // colour change per pixel an edge needs (8-bit units)
  // The size is fitted too (a real set's pyramids differ from the set file a little, blur
  // widens them all), held to the set's by a prior of this relative sigma.
  double scale_sigma = 0.06;
  // Acceptance: the share of rays that found the outline, of silhouette edges seen along
  // at least half their rays, the outline's residual RMS, and the share of rays whose edge
  // lies within `tight_band_mm` of it (texture offers edges near any outline, a real one
  // puts them all on it).
  double min_support = 0.55;
  int min_edges_seen = 3;
  double max_rms_mm = 0.45;
  double tight_band_mm = 0.25;
  // ... but never held tighter than this in the image (pixels): edges are found to a
  // fraction of a pixel, and a far pyramid (an Ice Boule target 1.4 m away) spans under one
  // pixel per millimetre.
  double max_rms_px = 0.5;
  double tight_band_px = 0.3;
  double min_tight_support = 0.35;
  // A small upright pyramid (base at most `retry_max_base_px` wide in the image) whose
  // outline is not met with `retry_min_tight_support` from the given turn is fitted again
  // from turns `retry_turn_step_deg` apart round its quarter turn, and the best fit met so
  // tightly kept: a blob 15-25 px across fixes the turn to no better than 10 degrees. Any
  // blob of a pyramid's colour (a tile's printed suit) meets some turn's outline loosely,
  // hence the tight share. 0 degrees: never.
  double retry_turn_step_deg = 10;
  double retry_max_base_px = 24;
  double retry_min_tight_support = 0.5;
};

// A pyramid's pose fitted to the outline the camera sees.
struct PyramidFit {
  bool accepted = false;
  std::string reason;  // why it was rejected
  PyramidPlacement placement;
  double scale = 1;               // fitted size / the set's
  double support = 0;             // share of the rays that found the outline
  double tight_support = 0;       // share of the rays with an edge within the tight band
  int edges_seen = 0;             // silhouette edges seen along at least half their rays
  int edges = 0;                  // silhouette edges searched
  double rms_mm = 0;              // outline residual RMS (inliers)
  double mean_edge_strength = 0;  // of the inlier edges (colour change per pixel)
  double position_sigma_mm = 0;   // 1-sigma of the position from the residuals (larger axis)
  double angle_sigma_deg = 0;
  std::vector<cv::Point2d> edge_px;  // the inlier edges of the last search, image pixels

  // Higher is better: how much of the outline was found, and how tightly.
  double Score() const { return support + tight_support - rms_mm; }
};

// Fits a pyramid of `shape` near `initial` to the image (BGR 8-bit): its silhouette's edges
// are projected into the camera frame (exact 3D corners, lens included), aligned as a
// whole, then searched for sub-pixel edges along their normals and fitted by robust
// Gauss-Newton on position, turn and size, with narrowing searches. A small upright one met
// loosely is fitted again from other turns (`retry_turn_step_deg`).
PyramidFit FitPyramid(const cv::Mat& image, const calibration::TableMapping& mapping,
                      const TopView& view, const PyramidShape& shape,
                      const PyramidPlacement& initial, const PyramidFitOptions& options);

}  // namespace tabref::vision
