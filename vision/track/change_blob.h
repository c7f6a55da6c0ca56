#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision {

// A blob of change in the top view: one or more connected components (px).
struct ChangeBlob {
  cv::Point2d at;
  double area = 0;
  std::vector<int> labels;
  double distance = 0;  // from where the piece was expected
};

// The blob each part of a piece's change stands for: a part smaller than `small_area` counts
// with every other part within `join_px` of it (their area-weighted centre, their areas added),
// a larger one stands alone. A moving piece's change may break into parts (a seam, or its art
// as dark as the table there).
std::vector<ChangeBlob> JoinSmallParts(const std::vector<ChangeBlob>& parts, double small_area,
                                       double join_px);

}  // namespace tabref::vision
