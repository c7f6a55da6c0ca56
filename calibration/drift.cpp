#include "calibration/drift.h"

#include <algorithm>
#include <cmath>
#include <opencv2/calib3d.hpp>
#include <stdexcept>

#include "calibration/lens_model.h"
#include "calibration/table_refinement.h"

namespace tabref::calibration {
namespace {

constexpr double kDegree = CV_PI / 180.0;

TableFit FitOf(const TableCalibration& calibration) {
  TableFit fit;
  cv::Rodrigues(calibration.rotation, fit.rotation_vector);
  fit.translation = calibration.translation;
  for (size_t id = 0; id < kTableMarkerCount; ++id) {
    fit.markers[id] = {calibration.marker_centres_mm[id],
                       calibration.marker_angles_deg[id] * kDegree};
  }
  return fit;
}

// The pose from the visible corners with the stored layout: a planar PnP start, refined by
// least squares (which also gives the covariance).
std::optional<TableCalibration> Reestimate(const TableCalibration& stored,
                                           const std::vector<MarkerObservation>& markers,
                                           const DriftOptions& options) {
  std::vector<cv::Point3d> object;
  std::vector<cv::Point2d> image;
  for (const MarkerObservation& marker : markers) {
    const std::array<cv::Vec3d, 4> corners = stored.MarkerCorners(marker.id);
    for (size_t k = 0; k < 4; ++k) {
      object.emplace_back(corners[k]);
      image.emplace_back(marker.corners[k]);
    }
  }
  cv::Vec3d rvec;
  cv::Vec3d tvec;
  if (!cv::solvePnP(object, image, cv::Mat(stored.intrinsics.camera_matrix),
                    stored.intrinsics.distortion, rvec, tvec, false, cv::SOLVEPNP_IPPE)) {
    return std::nullopt;
  }
  TableFit start = FitOf(stored);
  start.rotation_vector = rvec;
  start.translation = tvec;
  const TableFit fit = RefinePoseOnly(markers, stored.intrinsics, start, stored.marker_side_mm);
  if (!(fit.rms_px <= options.max_recalibration_rms_px)) return std::nullopt;
  TableCalibration recalibrated = stored;
  cv::Rodrigues(fit.rotation_vector, recalibrated.rotation);
  recalibrated.translation = fit.translation;
  recalibrated.reprojection_rms_px = fit.rms_px;
  recalibrated.marker_rms_px = fit.marker_rms_px;
  recalibrated.pose_covariance = fit.pose_covariance;
  return recalibrated;
}

}  // namespace

void DriftOptions::Check() const {
  if (!(max_corner_shift_px > 0)) {
    throw std::invalid_argument("DriftOptions.max_corner_shift_px must be positive");
  }
  if (min_markers < 1 || min_markers > kTableMarkerCount) {
    throw std::invalid_argument("DriftOptions.min_markers must be in 1..4");
  }
  if (min_displaced_markers < 1 || min_displaced_markers > kTableMarkerCount) {
    throw std::invalid_argument("DriftOptions.min_displaced_markers must be in 1..4");
  }
  if (!(max_recalibration_rms_px > 0)) {
    throw std::invalid_argument("DriftOptions.max_recalibration_rms_px must be positive");
  }
}

DriftReport CheckDrift(const TableCalibration& stored, const MarkerDetection& now,
                       const DriftOptions& options) {
  options.Check();
  DriftReport report;
  report.markers_seen = static_cast<int>(now.table_markers.size());
  if (report.markers_seen < options.min_markers) return report;
  const LensModel lens(stored.intrinsics);
  double sum = 0;
  int displaced = 0;  // markers with a corner off
  for (const MarkerObservation& marker : now.table_markers) {
    const std::array<cv::Vec3d, 4> corners = stored.MarkerCorners(marker.id);
    double marker_shift = 0;
    for (size_t k = 0; k < 4; ++k) {
      const cv::Point2d expected = lens.Project(stored.rotation * corners[k] + stored.translation);
      const double shift = cv::norm(expected - cv::Point2d(marker.corners[k]));
      marker_shift = std::max(marker_shift, shift);
      sum += shift * shift;
    }
    report.max_corner_shift_px = std::max(report.max_corner_shift_px, marker_shift);
    displaced += marker_shift > options.max_corner_shift_px;
  }
  report.rms_corner_shift_px = std::sqrt(sum / (4.0 * report.markers_seen));
  if (displaced < std::min(options.min_displaced_markers, report.markers_seen)) {
    report.verdict = DriftVerdict::kSteady;
    return report;
  }
  report.verdict = DriftVerdict::kMoved;
  if (report.markers_seen >= 3)
    report.recalibrated = Reestimate(stored, now.table_markers, options);
  return report;
}

}  // namespace tabref::calibration
