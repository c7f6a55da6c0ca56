#pragma once

#include <opencv2/core.hpp>

#include "calibration/table_calibration.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

// The colour of white under this frame's light (BGR, 8-bit units), read off the white paper
// just outside the table markers' black squares: what colours are balanced against.
struct PaperWhite {
  cv::Vec3f bgr{255, 255, 255};
  bool from_paper = false;  // false: no paper seen, the brightest table pixels stood in
};

// Samples a band `from_mm`..`to_mm` outside each marker square's edges in the top view; per
// marker the brighter half of the samples counts (a coin or a shadow on the paper does not),
// and the markers' median per channel is white (one marker under a hand does not count).
PaperWhite MeasurePaperWhite(const cv::Mat& view_image, const TopView& view,
                             const calibration::TableCalibration& calibration, double from_mm = 2,
                             double to_mm = 6);

}  // namespace tabref::vision
