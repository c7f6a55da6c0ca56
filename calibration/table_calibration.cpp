#include "calibration/table_calibration.h"

#include <cmath>
#include <limits>
#include <opencv2/calib3d.hpp>
#include <sstream>
#include <stdexcept>

#include "calibration/calibration_error.h"
#include "calibration/focal_estimate.h"
#include "calibration/table_refinement.h"

namespace tabref::calibration {
namespace {

constexpr double kDegree = CV_PI / 180.0;
// A camera closer to the table than this or farther than that (mm) means the scale is
// wrong: most likely --marker-mm does not match the printed markers.
constexpr double kMinCameraDistanceMm = 150;
constexpr double kMaxCameraDistanceMm = 6000;

std::string JoinIds(const std::vector<int>& ids) {
  std::ostringstream text;
  for (size_t i = 0; i < ids.size(); ++i) {
    text << (i == 0 ? "" : i + 1 == ids.size() ? " and " : ", ") << ids[i];
  }
  return text.str();
}

std::string Fixed(double value, int digits) {
  std::ostringstream text;
  text.setf(std::ios::fixed);
  text.precision(digits);
  text << value;
  return text.str();
}

void RequireAllMarkers(const MarkerDetection& markers) {
  if (!markers.duplicated_ids.empty()) {
    const auto& ids = markers.duplicated_ids;
    throw CalibrationError(std::string(ids.size() == 1 ? "marker " : "markers ") + JoinIds(ids) +
                           (ids.size() == 1 ? " is" : " are") +
                           " seen more than once: each table marker id 0-3 must lie on the "
                           "table exactly once; remove the extra copies");
  }
  std::vector<int> missing;
  for (int id = 0; id < kTableMarkerCount; ++id) {
    bool seen = false;
    for (const MarkerObservation& marker : markers.table_markers) seen = seen || marker.id == id;
    if (!seen) missing.push_back(id);
  }
  if (missing.size() == kTableMarkerCount) {
    throw CalibrationError(
        "no table markers found (ArUco DICT_4X4_50 ids 0-3): print them with 'tabref markers', "
        "lay them at the play area's corners and make sure the image is sharp and lit" +
        std::string(markers.other_ids.empty()
                        ? ""
                        : " (other markers seen: " + JoinIds(markers.other_ids) + ")"));
  }
  if (!missing.empty()) {
    throw CalibrationError(std::string(missing.size() == 1 ? "marker " : "markers ") +
                           JoinIds(missing) + " not found: all four table markers must be in " +
                           "view, uncovered and sharp; move the camera or the sheets");
  }
}

TableCalibration ToCalibration(const TableFit& fit, const Intrinsics& intrinsics,
                               bool focal_estimated, double side_mm) {
  TableCalibration calibration;
  calibration.intrinsics = intrinsics;
  calibration.focal_estimated = focal_estimated;
  cv::Rodrigues(fit.rotation_vector, calibration.rotation);
  calibration.translation = fit.translation;
  calibration.marker_side_mm = side_mm;
  for (size_t id = 0; id < kTableMarkerCount; ++id) {
    calibration.marker_centres_mm[id] = fit.markers[id].centre_mm;
    calibration.marker_angles_deg[id] = fit.markers[id].angle_rad / kDegree;
    calibration.play_area_mm.push_back(fit.markers[id].centre_mm);
  }
  calibration.reprojection_rms_px = fit.rms_px;
  calibration.marker_rms_px = fit.marker_rms_px;
  calibration.pose_covariance = fit.pose_covariance;
  return calibration;
}

// With intrinsics: the IPPE start and one joint refinement.
TableFit FitWithIntrinsics(const std::vector<MarkerObservation>& markers, Intrinsics& intrinsics,
                           double side_mm) {
  const std::optional<TableFit> initial = InitialTableFit(markers, intrinsics, side_mm);
  if (!initial) {
    throw CalibrationError("the markers' poses cannot be found; are they flat and sharp?");
  }
  return RefineTableJointly(markers, intrinsics, false, *initial, side_mm);
}

// Without: several focal lengths as starts (the homography estimate when there is one, and a
// spread of fields of view), each refined with the focal length free; the best fit wins.
TableFit FitWithoutIntrinsics(const std::vector<MarkerObservation>& markers, cv::Size image_size,
                              Intrinsics& intrinsics, double side_mm) {
  std::vector<double> starts;
  if (auto focal = FocalFromMarkerHomographies(markers, image_size)) starts.push_back(*focal);
  for (double factor : {0.6, 1.0, 1.6, 2.5}) starts.push_back(factor * image_size.width);
  const cv::Point2d centre = ImageCentre(image_size);
  std::optional<TableFit> best;
  for (double focal : starts) {
    Intrinsics candidate;
    candidate.image_size = image_size;
    candidate.camera_matrix = {focal, 0, centre.x, 0, focal, centre.y, 0, 0, 1};
    candidate.distortion = cv::Mat::zeros(1, 5, CV_64F);
    const std::optional<TableFit> initial = InitialTableFit(markers, candidate, side_mm);
    if (!initial) continue;
    const TableFit fit = RefineTableJointly(markers, candidate, true, *initial, side_mm);
    // A focal length outside 0.2..10 image widths is the degenerate view straight down,
    // where the focal length and the distance cannot be told apart.
    const double focal_found = candidate.camera_matrix(0, 0);
    if (!(focal_found > 0.2 * image_size.width && focal_found < 10 * image_size.width)) continue;
    if (!best || fit.cost < best->cost) {
      best = fit;
      intrinsics = candidate;
    }
  }
  if (!best) {
    throw CalibrationError(
        "the focal length cannot be estimated from this view (straight down, or the markers "
        "too small); give the lens with --intrinsics (tabref calibrate intrinsics)");
  }
  return *best;
}

}  // namespace

void TableCalibrationOptions::Check() const {
  if (!(marker_side_mm >= 5 && marker_side_mm <= 1000)) {
    throw std::invalid_argument("TableCalibrationOptions.marker_side_mm must be in 5..1000 mm");
  }
  if (!(max_rms_px > 0)) {
    throw std::invalid_argument("TableCalibrationOptions.max_rms_px must be positive");
  }
}

std::array<cv::Vec3d, 4> TableCalibration::MarkerCorners(int id) const {
  if (id < 0 || id >= kTableMarkerCount) {
    throw std::out_of_range("table marker id " + std::to_string(id) + " is not 0..3");
  }
  const auto index = static_cast<size_t>(id);
  return PlacedMarkerCorners({marker_centres_mm[index], marker_angles_deg[index] * kDegree},
                             marker_side_mm);
}

bool TableCalibration::InMarkerSquare(const cv::Point2d& table_mm, double inset_mm) const {
  const double reach = marker_side_mm / 2 - inset_mm;
  for (size_t id = 0; id < marker_centres_mm.size(); ++id) {
    const double angle = marker_angles_deg[id] * kDegree;
    const cv::Point2d d = table_mm - marker_centres_mm[id];
    const double along = std::cos(angle) * d.x + std::sin(angle) * d.y;
    const double across = -std::sin(angle) * d.x + std::cos(angle) * d.y;
    if (std::abs(along) <= reach && std::abs(across) <= reach) return true;
  }
  return false;
}

TableCalibration CalibrateTable(const MarkerDetection& markers, cv::Size image_size,
                                const std::optional<Intrinsics>& intrinsics,
                                const TableCalibrationOptions& options) {
  options.Check();
  RequireAllMarkers(markers);
  Intrinsics lens;
  TableFit fit;
  if (intrinsics) {
    lens = intrinsics->image_size == image_size ? *intrinsics : intrinsics->ScaledTo(image_size);
    fit = FitWithIntrinsics(markers.table_markers, lens, options.marker_side_mm);
  } else {
    fit = FitWithoutIntrinsics(markers.table_markers, image_size, lens, options.marker_side_mm);
  }
  if (!(fit.rms_px <= options.max_rms_px)) {
    throw CalibrationError(
        "marker corners do not fit one flat table: reprojection RMS " + Fixed(fit.rms_px, 2) +
        " px exceeds " + Fixed(options.max_rms_px, 2) +
        " px; are all sheets flat and printed at the same size (wrong --marker-mm?), and do "
        "the intrinsics belong to this camera?");
  }
  TableCalibration calibration = ToCalibration(fit, lens, !intrinsics, options.marker_side_mm);
  if (calibration.marker_centres_mm[3].y <= 0) {
    throw CalibrationError(
        "marker 3 is not on the left of the line from marker 0 to marker 1 seen from above: lay "
        "the markers counter-clockwise 0, 1, 2, 3 (docs/calibration.md)");
  }
  const double distance = cv::norm(calibration.rotation.t() * calibration.translation);
  if (distance < kMinCameraDistanceMm || distance > kMaxCameraDistanceMm) {
    throw CalibrationError("the camera would be " + Fixed(distance, 0) +
                           " mm from the table, which is implausible: wrong --marker-mm? "
                           "Measure the printed black square (now " +
                           Fixed(options.marker_side_mm, 1) + " mm)");
  }
  return calibration;
}

TableCalibration CalibrateTable(const cv::Mat& image, const std::optional<Intrinsics>& intrinsics,
                                const TableCalibrationOptions& options) {
  return CalibrateTable(DetectTableMarkers(image), image.size(), intrinsics, options);
}

}  // namespace tabref::calibration
