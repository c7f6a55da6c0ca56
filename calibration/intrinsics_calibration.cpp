#include "calibration/intrinsics_calibration.h"

#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>
#include <sstream>
#include <stdexcept>

#include "calibration/calibration_error.h"

namespace tabref::calibration {
namespace {

std::string Fixed(double value, int digits) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(digits);
  text << value;
  return text.str();
}

std::string ListViews(std::vector<ViewResidual> views, size_t at_most) {
  std::sort(views.begin(), views.end(),
            [](const ViewResidual& a, const ViewResidual& b) { return a.rms_px > b.rms_px; });
  std::string text;
  for (size_t i = 0; i < views.size() && i < at_most; ++i) {
    text += (i == 0 ? "" : ", ") + views[i].name + " (" + Fixed(views[i].rms_px, 2) + " px)";
  }
  if (views.size() > at_most) text += ", ...";
  return text;
}

struct Solution {
  Intrinsics intrinsics;
  cv::Vec4d sigma;
  std::vector<ViewResidual> views;
};

Solution Solve(const std::vector<BoardView>& views, const IntrinsicsCalibrationOptions& options) {
  const cv::Size size = views.front().image_size;
  std::vector<std::vector<cv::Point3f>> object;
  std::vector<std::vector<cv::Point2f>> image;
  for (const BoardView& view : views) {
    object.push_back(view.object_points);
    image.push_back(view.image_points);
  }
  cv::Mat camera = cv::Mat::eye(3, 3, CV_64F);
  cv::Mat distortion = cv::Mat::zeros(1, 5, CV_64F);
  std::vector<cv::Mat> rvecs;
  std::vector<cv::Mat> tvecs;
  cv::Mat sigma_intrinsics;
  cv::Mat sigma_extrinsics;
  cv::Mat per_view;
  const double rms = cv::calibrateCamera(
      object, image, size, camera, distortion, rvecs, tvecs, sigma_intrinsics, sigma_extrinsics,
      per_view, options.fix_k3 ? cv::CALIB_FIX_K3 : 0,
      cv::TermCriteria(cv::TermCriteria::COUNT | cv::TermCriteria::EPS, 100, 1e-12));
  Solution solution;
  solution.intrinsics.image_size = size;
  solution.intrinsics.camera_matrix = cv::Matx33d(camera);
  distortion.reshape(1, 1).convertTo(solution.intrinsics.distortion, CV_64F);
  solution.intrinsics.avg_reprojection_error = rms;
  for (int i = 0; i < 4; ++i) solution.sigma[i] = sigma_intrinsics.at<double>(i);
  for (size_t v = 0; v < views.size(); ++v) {
    solution.views.push_back({views[v].name, per_view.at<double>(static_cast<int>(v))});
  }
  return solution;
}

}  // namespace

void IntrinsicsCalibrationOptions::Check() const {
  if (min_views < 3)
    throw std::invalid_argument("IntrinsicsCalibrationOptions.min_views must be 3 or more");
  if (!(min_coverage >= 0 && min_coverage <= 1)) {
    throw std::invalid_argument("IntrinsicsCalibrationOptions.min_coverage must be in 0..1");
  }
  if (min_tilted_views < 0) {
    throw std::invalid_argument("IntrinsicsCalibrationOptions.min_tilted_views must be 0 or more");
  }
  if (!(max_rms_px > 0))
    throw std::invalid_argument("IntrinsicsCalibrationOptions.max_rms_px must be positive");
  if (!(outlier_factor > 1)) {
    throw std::invalid_argument("IntrinsicsCalibrationOptions.outlier_factor must be above 1");
  }
  if (!(min_outlier_rms_px > 0)) {
    throw std::invalid_argument("IntrinsicsCalibrationOptions.min_outlier_rms_px must be positive");
  }
}

IntrinsicsCalibrationResult CalibrateIntrinsics(const std::vector<BoardView>& views,
                                                const IntrinsicsCalibrationOptions& options) {
  options.Check();
  const std::string need = ", need " + std::to_string(options.min_views);
  if (static_cast<int>(views.size()) < options.min_views) {
    throw CalibrationError("too few views: the board was found in " + std::to_string(views.size()) +
                           need + "; take more pictures of the whole board from different places");
  }
  for (const BoardView& view : views) {
    if (view.image_size != views.front().image_size) {
      throw CalibrationError("the views differ in size: " + view.name + " is " +
                             std::to_string(view.image_size.width) + "x" +
                             std::to_string(view.image_size.height) + ", " + views.front().name +
                             " is not; use one camera at one resolution");
    }
  }
  CoverageMap coverage(views.front().image_size);
  for (const BoardView& view : views) coverage.Add(view);
  IntrinsicsCalibrationResult result;
  result.coverage = coverage.Report();
  if (result.coverage.area_fraction < options.min_coverage) {
    throw CalibrationError("too little coverage: the boards cover " +
                           std::to_string(std::lround(100 * result.coverage.area_fraction)) +
                           "% of the image, need " +
                           std::to_string(std::lround(100 * options.min_coverage)) + "%; " +
                           result.coverage.Missing());
  }
  if (result.coverage.tilted_views < options.min_tilted_views) {
    throw CalibrationError("too few tilted views: " + std::to_string(result.coverage.tilted_views) +
                           " tilted 15 degrees or more, need " +
                           std::to_string(options.min_tilted_views) +
                           " (the focal length needs them); " + result.coverage.Missing());
  }

  Solution solution = Solve(views, options);
  std::vector<double> errors;
  for (const ViewResidual& view : solution.views) errors.push_back(view.rms_px);
  std::nth_element(errors.begin(), errors.begin() + static_cast<long>(errors.size() / 2),
                   errors.end());
  const double median = errors[errors.size() / 2];
  const double limit = std::max(options.outlier_factor * median, options.min_outlier_rms_px);
  std::vector<BoardView> kept;
  for (size_t v = 0; v < views.size(); ++v) {
    if (solution.views[v].rms_px > limit) {
      result.outliers.push_back(solution.views[v]);
    } else {
      kept.push_back(views[v]);
    }
  }
  if (!result.outliers.empty()) {
    if (static_cast<int>(kept.size()) < options.min_views) {
      throw CalibrationError("too few views: " + std::to_string(kept.size()) + " fit together" +
                             need + "; outlier views: " + ListViews(result.outliers, 6) +
                             "; retake them sharp and whole");
    }
    solution = Solve(kept, options);
  }
  const double rms = *solution.intrinsics.avg_reprojection_error;
  if (!(rms <= options.max_rms_px)) {
    throw CalibrationError("RMS too high: " + Fixed(rms, 2) + " px exceeds " +
                           Fixed(options.max_rms_px, 2) +
                           " px; worst views: " + ListViews(solution.views, 4) +
                           "; is the board flat and the size given right?");
  }
  result.intrinsics = solution.intrinsics;
  result.intrinsics_sigma = solution.sigma;
  result.views = solution.views;
  return result;
}

}  // namespace tabref::calibration
