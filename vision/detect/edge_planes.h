#pragma once

#include <opencv2/core.hpp>
#include <vector>

namespace tabref::vision {

// A convex counter-clockwise polygon as half-planes a.x * x + a.y * y <= c, one per edge (a
// point is inside when it meets every one).
inline std::vector<cv::Vec3d> EdgePlanes(const std::vector<cv::Point2d>& polygon) {
  std::vector<cv::Vec3d> planes;
  planes.reserve(polygon.size());
  for (size_t i = 0; i < polygon.size(); ++i) {
    const cv::Point2d& a = polygon[i];
    const cv::Point2d& b = polygon[(i + 1) % polygon.size()];
    const cv::Point2d normal(b.y - a.y, a.x - b.x);  // outward for counter-clockwise
    planes.emplace_back(normal.x, normal.y, normal.dot(a));
  }
  return planes;
}

}  // namespace tabref::vision
