#pragma once

#include <array>
#include <opencv2/core.hpp>
#include <vector>

namespace tabref::calibration {

// The table markers of DESIGN.md: DICT_4X4_50, ids 0..3 at the play area's corners.
inline constexpr int kTableMarkerCount = 4;

// One ArUco marker found in an image: corners in cv::aruco's order (top-left, top-right,
// bottom-right, bottom-left of the printed marker), sub-pixel refined.
struct MarkerObservation {
  int id = -1;
  std::array<cv::Point2f, 4> corners;
};

struct MarkerDetection {
  std::vector<MarkerObservation> table_markers;  // ids 0..3 only, one each, sorted by id
  std::vector<int> duplicated_ids;               // table ids seen more than once (dropped)
  std::vector<int> other_ids;                    // valid markers that are not table markers
  int rejected_candidates = 0;                   // quads that decoded to no marker
};

// Finds the table markers with cv::aruco (corner refinement on). `image` is BGR or grey.
MarkerDetection DetectTableMarkers(const cv::Mat& image);

}  // namespace tabref::calibration
