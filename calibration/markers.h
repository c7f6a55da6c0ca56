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
  std::vector<std::array<cv::Point2f, 4>> rejected_quads;  // those quads, for debugging
  // The stages' times: cv::aruco's detection and decoding, then the corner refinement.
  double detect_ms = 0;
  double refine_ms = 0;
};

// Finds the table markers with cv::aruco, then locates each black square's edges to a
// fraction of a pixel and takes the corners where they meet. `image` is BGR or grey.
MarkerDetection DetectTableMarkers(const cv::Mat& image);

// A debug picture of a detection: the table markers green with their ids (corner 0 circled),
// candidates that decoded to no marker red.
cv::Mat DrawMarkerDetection(const cv::Mat& image, const MarkerDetection& detection);

}  // namespace tabref::calibration
