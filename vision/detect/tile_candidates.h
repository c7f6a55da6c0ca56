#pragma once

#include <opencv2/core.hpp>
#include <vector>

#include "vision/detect/gradient.h"

namespace tabref::vision {

struct TileCandidateOptions {
  double min_gradient = 30;  // Sobel magnitude an edge pixel needs to vote (8-bit image)
  // Votes gathered near a centre, as a share of what a tile seen on all four sides gathers:
  // a tile with two sides lost against the table still has half.
  double min_support = 0.4;
  int max_candidates = 120;  // strongest first
  // A peak within half a side of a stronger candidate, with at least this share of its votes,
  // is kept as that candidate's alternate: the strongest peak near a tile can lie on its art
  // or a coin touching it, half a side from the centre it suppressed (detection seed 1027).
  double alternate_share = 0.7;
  // ... and lies at least this share of a side from it (nearer, its fit would settle where the
  // candidate's did).
  double alternate_min_offset = 0.15;
  int max_alternates = 1;  // per candidate, strongest first
};

// A place in the top view where the edges of a tile-sized square converge.
struct TileCandidate {
  cv::Point2d view_px;   // centre in top-view pixels
  double angle_rad = 0;  // turn of the square's sides in the table frame, modulo pi/2
  double support = 0;    // share of a whole tile's votes
  double coherence = 0;  // agreement of the voters' directions, 0..1
  // Weaker peaks this candidate suppressed (see TileCandidateOptions::alternate_share), view
  // pixels, strongest first: where to look when the candidate's own place fits no tile, or
  // fits a square whose art reads as none.
  std::vector<cv::Point2d> alternates_px;
};

// Every edge pixel (thinned along its gradient) votes for the two points half a side away
// along its normal: the centres of the tiles it could bound, on either side (a tile may be
// brighter or darker than its surroundings, and a seam between touching tiles bounds both).
// A tile's four sides put their votes on two lines that cross at its centre; centres where
// enough votes of square-agreeing directions gather are candidates, strongest first, one per
// half side (weaker peaks within it kept as its alternates). Works for touching tiles: no tile
// needs a blob of its own. `side_px`: the side of a tile's top face in the view; `votes` (optional)
// receives the vote image.
std::vector<TileCandidate> FindTileCandidates(const ColourGradient& gradient, double side_px,
                                              const TileCandidateOptions& options,
                                              cv::Mat* votes = nullptr);

}  // namespace tabref::vision
