#pragma once

#include <opencv2/core.hpp>
#include <vector>

#include "calibration/table_calibration.h"
#include "vision/detect/pyramid_colours.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

struct PyramidCandidateOptions {
  double px_per_mm = 0.8;  // scale of the colour map (a fraction of the top view's)
  // Blobs smaller than this share of the smallest pyramid's base are ink, not pyramids.
  double min_area_share = 0.35;
  // ... and must have this share of that many cells inside (cells whose four neighbours
  // share their colour): strokes and slivers have none.
  double min_interior_share = 0.25;
  // Smaller or thinner blobs of at least this share are kept as fragments: what the lower
  // one of a stacked pair shows round the upper one may be no more than slivers.
  double min_fragment_share = 0.1;
  // The markers' black squares (dark like a black pyramid) are masked this far beyond their
  // edges (mm).
  double marker_margin_mm = 2;
};

// A blob of one pyramid colour in the top view: where a pyramid may be.
struct PyramidCandidate {
  size_t colour = 0;               // index in the set's pyramid colours
  std::vector<cv::Point2d> cells;  // its cells' centres on the table (mm)
  double cell_area_mm2 = 0;        // the area one cell covers
  cv::Point2d centroid_mm;
  double AreaMm2() const { return cell_area_mm2 * static_cast<double>(cells.size()); }
};

// How a blob's cells spread about its centroid (their second moments, mm^2).
struct BlobSpread {
  double xx = 0;
  double yy = 0;
  double xy = 0;

  double AxisRad() const;     // the principal axis's direction
  double Elongation() const;  // the spread along the principal axis per the spread across it
};
BlobSpread SpreadOf(const PyramidCandidate& candidate);

// The colour map of the top view and its blobs.
struct PyramidColourMap {
  cv::Mat labels;  // CV_8U, 0 or 1 + colour index, at the map's scale
  double px_per_mm = 0;
  int factor = 1;  // top-view pixels per map cell, along each axis
  std::vector<PyramidCandidate> candidates;
  std::vector<PyramidCandidate> fragments;  // too small or thin for a pyramid of their own

  // The label at a table point (0 outside the map).
  int LabelAt(const TopView& view, const cv::Point2d& table_mm) const;
};

// Labels a reduced top view by colour (markers masked) and keeps the blobs of one colour
// that are large enough and not thin.
PyramidColourMap FindPyramidCandidates(const cv::Mat& view_image, const TopView& view,
                                       const calibration::TableCalibration& calibration,
                                       const PyramidColours& colours, const PaperWhite& white,
                                       double smallest_base_mm,
                                       const PyramidCandidateOptions& options);

}  // namespace tabref::vision
