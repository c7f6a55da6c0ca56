#pragma once

#include <opencv2/core.hpp>
#include <vector>

#include "vision/detect/gradient.h"

namespace tabref::vision {

struct CoinCandidateOptions {
  double min_gradient = 40;        // Sobel magnitude an edge pixel needs to vote (8-bit image)
  double min_support = 0.55;       // votes at a centre, as a share of the circle's perimeter
  double radius_tolerance_px = 1;  // votes are spread over the radius +- this
};

// A place in the top view where edges of a coin-sized circle converge.
struct CoinCandidate {
  cv::Point2d view_px;  // centre in top-view pixels
  double support = 0;   // share of the perimeter whose edges voted for it
};

// Every edge pixel votes for the centres a circle of `radius_px` through it could have, on
// both sides (a coin may be brighter or darker than the table); centres that gather votes
// from a good share of the perimeter are candidates, strongest first, non-maxima suppressed
// within a radius. `votes` (optional) receives the vote image for debugging.
std::vector<CoinCandidate> FindCoinCandidates(const ColourGradient& gradient, double radius_px,
                                              const CoinCandidateOptions& options,
                                              cv::Mat* votes = nullptr);

}  // namespace tabref::vision
