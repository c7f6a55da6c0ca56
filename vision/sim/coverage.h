#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision::sim {

// Writes into `coverage` (CV_8UC1) the exact share of each pixel that a convex polygon
// covers, times `value` (0..255), added to what is there (saturating). Pixel (x, y) is the
// square [x - 0.5, x + 0.5] x [y - 0.5, y + 0.5] (OpenCV's and cv::projectPoints'
// convention); `polygon` is in the coordinates of `coverage` shifted by `origin`.
//
// cv::fillConvexPoly with LINE_AA grows shapes by about 0.7 px per edge, which would move
// every rendered outline away from where the camera model puts it.
void FillCoverage(cv::Mat& coverage, const std::vector<cv::Point2d>& polygon,
                  const cv::Point2d& origin, double value);

}  // namespace tabref::vision::sim
