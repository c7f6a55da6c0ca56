#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/board.h"
#include "calibration/coverage.h"
#include "calibration/intrinsics.h"

namespace tabref::calibration {

struct IntrinsicsCalibrationOptions {
  int min_views = 8;                // views with the board found, after dropping outliers
  double min_coverage = 0.4;        // fraction of the image the boards must cover together
  int min_tilted_views = 2;         // views tilted CoverageMap::kMinTiltDeg or more
  double max_rms_px = 1.0;          // refuse a calibration whose reprojection RMS exceeds this
  double outlier_factor = 3.0;      // a view whose RMS exceeds this times the median ...
  double min_outlier_rms_px = 0.5;  // ... and this is an outlier, dropped and listed
  bool fix_k3 = false;              // keep the sixth-order radial term at 0 (few views)

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

struct ViewResidual {
  std::string name;
  double rms_px = 0;
};

struct IntrinsicsCalibrationResult {
  Intrinsics intrinsics;               // avg_reprojection_error set
  cv::Vec4d intrinsics_sigma;          // 1-sigma of fx, fy, cx, cy (px)
  std::vector<ViewResidual> views;     // used, with their reprojection RMS
  std::vector<ViewResidual> outliers;  // dropped before the final calibration
  CoverageReport coverage;
};

// Calibrates the lens from board views (cv::calibrateCamera), drops outlier views once and
// calibrates again. Throws CalibrationError with the reason for a poor set: too few views,
// too little coverage, too few tilted views, or an RMS too high (naming the worst views).
IntrinsicsCalibrationResult CalibrateIntrinsics(const std::vector<BoardView>& views,
                                                const IntrinsicsCalibrationOptions& options = {});

}  // namespace tabref::calibration
