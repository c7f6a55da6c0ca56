#pragma once

#include <array>
#include <opencv2/core.hpp>
#include <vector>

#include "rules/core/geometry.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

// One size of Looney pyramid: a square base and an apex above its centre.
struct PyramidShape {
  double base_mm = 0;
  double height_mm = 0;

  // A side face's height, from the middle of its base edge to the apex.
  double SlantMm() const;
};

enum class PyramidPose { kUpright, kLying };

// Where a pyramid is. Upright: standing on its base, on the table or nested on another
// pyramid. Lying: on one of its side faces on the table, its raised base facing away from
// the apex.
struct PyramidPlacement {
  PyramidPose pose = PyramidPose::kUpright;
  cv::Point2d position_mm;  // the table point below the solid's centroid (upright: base centre)
  double angle_deg = 0;     // upright: turn of the base square; lying: the apex's direction
  double base_z_mm = 0;     // upright: height of the base above the table (0 unless stacked)
};

// The solid's corners in the table frame: [0..3] the base corners in order around the base,
// [4] the apex. Lying: [0] and [1] are the corners on the table.
using PyramidCorners = std::array<cv::Vec3d, 5>;
PyramidCorners PyramidVertices(const PyramidShape& shape, const PyramidPlacement& placement);

// The outline projected vertically onto the table, as the rules measure it: the base square
// when upright; when lying, the face it lies on (a triangle, rules::LyingPyramid around its
// own centroid, which lies a little apex-ward of the solid's).
rules::Polygon PyramidFootprint(const PyramidShape& shape, const PyramidPlacement& placement);

// How far a lying pyramid's centroid lies from the base edge it rests on, along the table.
double LyingCentroidFromBaseEdge(const PyramidShape& shape);

// The height at which an upright pyramid `upper` nests on an upright `lower` (both hollow):
// it slides down until its base meets the lower one's sides, but never deeper than
// `min_share` of its own height (pyramids of one size sit on each other's shoulders).
double NestedBaseHeight(const PyramidShape& lower, const PyramidShape& upper, double min_share);

// The solid seen from the camera as its silhouette in the top view (the convex hull of its
// corners' central projections onto the table): corner indices in counter-clockwise order
// and their positions on the table (mm).
struct PyramidSilhouette {
  std::vector<int> corners;
  std::vector<cv::Point2d> seen_mm;
  double AreaMm2() const;
  bool Contains(const cv::Point2d& point_mm) const;
};
PyramidSilhouette SilhouetteOf(const PyramidCorners& corners, const TopView& view);

}  // namespace tabref::vision
