#pragma once

#include <array>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/board.h"

namespace tabref::calibration {

// How a board view is turned relative to the camera (degrees; 0 faces it squarely).
struct BoardTilt {
  double left_right_deg = 0;  // positive: the board's right edge is nearer the camera
  double up_down_deg = 0;     // positive: the board's bottom edge is nearer the camera
};

// The tilt from a rough pose of the view (focal length guessed from the image size: the sign
// and size of a tilt need no calibration).
BoardTilt EstimateTilt(const BoardView& view);

// What a set of views covers: how much of the image the boards' outlines reach and which
// regions and tilts are still missing. Distortion and the principal point are only pinned
// down by corners near the image edges; the focal length only by tilted views.
struct CoverageReport {
  double area_fraction = 0;                  // of the image inside some view's board outline
  std::vector<std::string> missing_regions;  // of a 3x3 grid: "top-left", "centre", ...
  std::vector<std::string> missing_tilts;    // "right edge nearer", "top edge nearer", ...
  int tilted_views = 0;                      // views tilted by kMinTiltDeg or more

  // One line for a player: what to do next, or that the coverage is good.
  std::string Guidance() const;
  // Only what is still missing ("show the board in the top-left; tilt it ..."), or "".
  std::string Missing() const;
};

class CoverageMap {
 public:
  // A view counts as tilted in a direction when it is turned at least this far.
  static constexpr double kMinTiltDeg = 15;

  explicit CoverageMap(cv::Size image_size);

  void Add(const BoardView& view);
  // The fraction of the image the view would add to what is covered.
  double NewArea(const BoardView& view) const;
  // Whether the view is tilted in a direction no view so far is.
  bool AddsTilt(const BoardView& view) const;
  CoverageReport Report() const;

 private:
  cv::Mat Outline(const BoardView& view) const;  // the board's hull on the coverage grid
  static std::array<bool, 4> TiltDirections(const BoardView& view);

  cv::Size image_size_;
  double scale_;  // coverage grid cells per image pixel
  cv::Mat covered_;
  std::array<bool, 4> tilts_{};  // right, left, bottom, top edge nearer
  int tilted_views_ = 0;
};

}  // namespace tabref::calibration
