#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/table_mapping.h"

namespace tabref::vision {

struct CoinFitOptions {
  int rays = 48;  // edge searches around the rim
  // The rim is first aligned as a whole: the centre shift (within +-align_reach_mm) and rim
  // radius offset (within +-align_radius_mm) that put the most edge on the predicted rim.
  double align_reach_mm = 1.6;
  double align_radius_mm = 0.5;
  double edge_floor = 6;  // colour change per pixel counted as no edge at all
  // An edge on a ray is clear when at least this share of the ray's strongest: the rim is
  // the first clear edge out of the face (shadows and the wall's foot lie beyond it).
  double rim_share = 0.45;
  // Rays whose rim edge is fainter than this share of the coin's typical one do not pull the
  // fit: where the rim barely shows, printed art near it can pass for it.
  double faint_share = 0.4;
  // How well the rim's edge radius is known (the frame's measured rim radius against this
  // coin's own edge): for a half-seen rim it moves the centre, and so its sigma.
  double radius_sigma_mm = 0.25;
  int iterations = 2;            // then: search each ray near the rim, fit, again
  double first_search_mm = 0.8;  // half length of the searches across the rim
  double last_search_mm = 0.5;   // ... narrowing to this
  double min_edge_strength = 5;  // colour change per pixel an edge needs (8-bit units)
  double min_support = 0.4;      // share of the rays that must find the rim
  // The rays that found the rim must not leave a gap wider than this (degrees): half a rim
  // (the lit side of a coin on a table of its own colour) still fixes the centre.
  double max_gap_deg = 200;
  // A coin on a surface of its own colour (ivory on an ivory tile) shows its rim only where
  // its wall does: a gap up to this wide is allowed when its middle lies within
  // far_gap_slack_deg of the rim's far side (where the camera sees no wall).
  double max_far_gap_deg = 240;
  double far_gap_slack_deg = 30;
  double max_radius_error = 0.12;  // |free-fit radius / set radius - 1| above this: no coin
  double max_rms_mm = 0.3;         // residual RMS of the rim above this: no coin
  double tight_band_mm = 0.12;     // a rim edge this close to the circle is exact
  // Share of the rays whose edge must lie within tight_band_mm: textures (wood grain) offer
  // an edge near any circle, but only a real rim puts them all on it.
  double min_tight_support = 0.2;
};

// A coin's top face fitted in the camera frame.
struct CoinFit {
  bool accepted = false;
  std::string reason;            // why it was rejected
  cv::Point2d centre_mm;         // top-face centre = the coin's position (table frame)
  double free_radius_mm = 0;     // radius of an unconstrained fit, for validation
  double rms_mm = 0;             // rim residual RMS around the free-fit circle
  double support = 0;            // share of the rays that found the rim
  double largest_gap_deg = 360;  // widest angle between rays that found the rim
  double centre_sigma_mm = 0;    // 1-sigma of the centre from the rim residuals
  double mean_edge_strength = 0;
  // Colour spread (8-bit units) on the face just inside the rim, where a coin is plain.
  double face_spread = 0;
  // ... and on the table just outside it, for comparison with the face.
  double surround_spread = 0;
  // Edge activity on the plain band of the face inside the rim, relative to the rim's own
  // edge: near 0 for a coin, near 1 for a texture that offers edges everywhere.
  double inner_activity = 1;
  // Share of the rays whose rim edge lies within `tight_band_mm` of the fitted circle.
  double tight_support = 0;
  std::vector<cv::Point2d> rim_mm;   // the rim's edge points on the top plane (inliers)
  std::vector<cv::Point2d> edge_px;  // every edge the last search chose, image pixels
};

// Fits the top rim (a circle of `radius_mm` at `height_mm` above the table) of a coin near
// `initial_mm` lying on a surface `base_mm` above the table (0 on the table, a tile's
// thickness on a tile): where its wall shows, the wall's foot is there. The rim is aligned as a
// whole first (every ray's edge evidence summed, so a faint rim side still counts and texture does
// not), then edges are searched along the rim's projected normals in `image` (BGR 8-bit), mapped
// onto the top plane and fitted robustly with the radius known; repeated with narrowing searches.
CoinFit FitCoin(const cv::Mat& image, const calibration::TableMapping& mapping,
                const cv::Point2d& initial_mm, double radius_mm, double height_mm, double base_mm,
                const CoinFitOptions& options);

}  // namespace tabref::vision
