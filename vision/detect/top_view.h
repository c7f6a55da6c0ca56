#pragma once

#include <opencv2/core.hpp>

#include "calibration/table_calibration.h"
#include "calibration/table_mapping.h"

namespace tabref::vision {

// A top-down image of the table plane (z = 0) at a fixed scale, resampled from camera
// frames: the view in which a piece's size in pixels is known wherever it lies. Rows run
// toward -y so that the view is the table seen from above (not mirrored).
//
// A point at height h seen in this view lies where its camera ray meets the table, which for
// any plane parallel to the table is a similarity about the camera's nadir: a coin's top
// face is a circle here too, scaled by H / (H - h).
class TopView {
 public:
  // `area_mm`: the table region shown; `px_per_mm`: the view's scale.
  TopView(const calibration::TableMapping& mapping, const cv::Rect2d& area_mm, double px_per_mm);

  // The view of a camera frame (bilinear).
  cv::Mat Resample(const cv::Mat& frame) const;

  double Scale() const { return px_per_mm_; }
  cv::Size Size() const { return size_; }
  const cv::Rect2d& Area() const { return area_mm_; }
  cv::Point2d ToPixel(const cv::Point2d& table_mm) const;
  cv::Point2d ToTable(const cv::Point2d& pixel) const;
  // Where the camera ray through a point at `height_mm` above (x, y) meets the table.
  cv::Point2d SeenAt(const cv::Point2d& table_mm, double height_mm) const;
  // The point at `height_mm` whose ray meets the table at `seen_mm` (inverse of SeenAt).
  cv::Point2d LiftTo(const cv::Point2d& seen_mm, double height_mm) const;
  // How much larger a shape at `height_mm` appears in this view: H / (H - h).
  double Magnification(double height_mm) const;

 private:
  cv::Rect2d area_mm_;
  double px_per_mm_;
  cv::Size size_;
  cv::Vec3d camera_centre_;
  cv::Mat map_xy_;        // CV_16SC2 fixed-point map for cv::remap
  cv::Mat map_fraction_;  // CV_16UC1 interpolation table indices
};

// The table area a top view covers: the rectangle around the marker centres, widened by
// `margin_mm` on every side.
cv::Rect2d TableViewArea(const calibration::TableCalibration& calibration, double margin_mm);

}  // namespace tabref::vision
