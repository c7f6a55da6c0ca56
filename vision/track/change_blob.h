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

// The blob each part of a piece's change stands for (a moving piece's change may break into
// parts: a seam, or its art as dark as the table there), each part's area-weighted centre with
// the parts it joins, their areas added: a part under `tiny_area` (a fragment) joins every
// other part within `join_px` of it; one under `small_area` (a share of a piece) the others
// under `small_area` within `join_px`; a larger one stands alone.
std::vector<ChangeBlob> JoinSmallParts(const std::vector<ChangeBlob>& parts, double tiny_area,
                                       double small_area, double join_px);

}  // namespace tabref::vision
