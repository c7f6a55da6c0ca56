#pragma once

#include <opencv2/core.hpp>

namespace tabref::vision::sim {

// Faces of one convex solid that do not overlap (those facing the camera, or those facing
// away), gathered with their exact pixel coverage and composited in one go: their outlines
// land where the camera model puts them and no seam shows between neighbouring faces.
class FaceLayer {
 public:
  explicit FaceLayer(cv::Rect area);

  const cv::Rect& Area() const { return area_; }

  // Adds a face's colours (`patch`, BGR 8-bit over `patch_area` of the canvas) where
  // `coverage` (8-bit, same size, the face's opacity included) covers them.
  void Add(const cv::Mat& patch, const cv::Mat& coverage, const cv::Rect& patch_area);

  // canvas = canvas * (1 - coverage) + colour, over the layer's area.
  void Composite(cv::Mat& canvas) const;

 private:
  cv::Rect area_;
  cv::Mat colour_;  // CV_32FC3: sum of coverage * colour
  cv::Mat weight_;  // CV_32F: sum of coverage
};

}  // namespace tabref::vision::sim
