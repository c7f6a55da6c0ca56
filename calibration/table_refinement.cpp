#include "calibration/table_refinement.h"

#include <cmath>
#include <opencv2/calib3d.hpp>

#include "calibration/lens_model.h"
#include "calibration/levenberg_marquardt.h"

namespace tabref::calibration {
namespace {

constexpr int kPoseParams = 6;
// Per marker: which of (x, y, angle) are free. Marker 0: angle; marker 1: x and angle.
constexpr int kLayoutParams = 1 + 2 + 3 + 3;

std::array<cv::Point2d, 4> Observed(const MarkerObservation& marker) {
  return {cv::Point2d(marker.corners[0]), cv::Point2d(marker.corners[1]),
          cv::Point2d(marker.corners[2]), cv::Point2d(marker.corners[3])};
}

cv::Matx33d RotationOf(const double* rvec) {
  cv::Matx33d rotation;
  cv::Rodrigues(cv::Vec3d(rvec[0], rvec[1], rvec[2]), rotation);
  return rotation;
}

void UnpackLayout(const std::vector<double>& p, std::array<MarkerPlacement, 4>& markers) {
  const double* layout = p.data() + kPoseParams;
  markers[0] = {{0, 0}, layout[0]};
  markers[1] = {{layout[1], 0}, layout[2]};
  markers[2] = {{layout[3], layout[4]}, layout[5]};
  markers[3] = {{layout[6], layout[7]}, layout[8]};
}

// Adds the squared corner residuals of every marker to `fit`'s rms figures.
void SetResidualFigures(const std::vector<MarkerObservation>& markers,
                        const std::vector<double>& residuals, TableFit& fit) {
  double total = 0;
  fit.marker_rms_px.fill(0);
  for (size_t m = 0; m < markers.size(); ++m) {
    double sum = 0;
    for (size_t i = 0; i < 8; ++i) sum += residuals[m * 8 + i] * residuals[m * 8 + i];
    fit.marker_rms_px[static_cast<size_t>(markers[m].id)] = std::sqrt(sum / 4);
    total += sum;
  }
  fit.cost = total;
  fit.rms_px = markers.empty() ? 0 : std::sqrt(total / (4.0 * static_cast<double>(markers.size())));
}

void WriteResiduals(const LensModel& lens, const cv::Matx33d& rotation,
                    const cv::Vec3d& translation, const std::array<cv::Vec3d, 4>& corners,
                    const MarkerObservation& marker, double* out) {
  const std::array<cv::Point2d, 4> seen = Observed(marker);
  for (size_t k = 0; k < 4; ++k) {
    const cv::Point2d pixel = lens.Project(rotation * corners[k] + translation);
    out[2 * k] = pixel.x - seen[k].x;
    out[2 * k + 1] = pixel.y - seen[k].y;
  }
}

}  // namespace

std::array<cv::Vec3d, 4> PlacedMarkerCorners(const MarkerPlacement& placement, double side_mm) {
  const double half = side_mm / 2;
  const double c = std::cos(placement.angle_rad);
  const double s = std::sin(placement.angle_rad);
  const std::array<cv::Point2d, 4> local{cv::Point2d(-half, half), cv::Point2d(half, half),
                                         cv::Point2d(half, -half), cv::Point2d(-half, -half)};
  std::array<cv::Vec3d, 4> corners;
  for (size_t k = 0; k < 4; ++k) {
    corners[k] = {placement.centre_mm.x + c * local[k].x - s * local[k].y,
                  placement.centre_mm.y + s * local[k].x + c * local[k].y, 0};
  }
  return corners;
}

TableFit RefineTableJointly(const std::vector<MarkerObservation>& markers, Intrinsics& intrinsics,
                            bool free_focal, const TableFit& initial, double side_mm) {
  std::vector<double> params(kPoseParams + kLayoutParams + (free_focal ? 1 : 0));
  for (int i = 0; i < 3; ++i) {
    params[static_cast<size_t>(i)] = initial.rotation_vector[i];
    params[static_cast<size_t>(i) + 3] = initial.translation[i];
  }
  const auto& placed = initial.markers;
  const std::vector<double> layout{
      placed[0].angle_rad,   placed[1].centre_mm.x, placed[1].angle_rad,
      placed[2].centre_mm.x, placed[2].centre_mm.y, placed[2].angle_rad,
      placed[3].centre_mm.x, placed[3].centre_mm.y, placed[3].angle_rad};
  std::copy(layout.begin(), layout.end(), params.begin() + kPoseParams);
  if (free_focal) params.back() = intrinsics.camera_matrix(0, 0);

  std::vector<double> steps(params.size(), 1e-4);            // mm
  for (size_t i : {0, 1, 2, 6, 8, 11, 14}) steps[i] = 1e-7;  // radians
  if (free_focal) steps.back() = 1e-3;                       // px

  const int residual_count = static_cast<int>(markers.size()) * 8;
  const auto residuals = [&](const std::vector<double>& p, std::vector<double>& out) {
    Intrinsics lens_intrinsics = intrinsics;
    if (free_focal) {
      lens_intrinsics.camera_matrix(0, 0) = p.back();
      lens_intrinsics.camera_matrix(1, 1) = p.back();
    }
    const LensModel lens(lens_intrinsics);
    const cv::Matx33d rotation = RotationOf(p.data());
    const cv::Vec3d translation(p[3], p[4], p[5]);
    std::array<MarkerPlacement, 4> layout_now;
    UnpackLayout(p, layout_now);
    for (size_t m = 0; m < markers.size(); ++m) {
      WriteResiduals(lens, rotation, translation,
                     PlacedMarkerCorners(layout_now[static_cast<size_t>(markers[m].id)], side_mm),
                     markers[m], out.data() + 8 * m);
    }
  };
  const LeastSquaresResult solved = MinimiseLeastSquares(residuals, params, residual_count, steps);

  TableFit fit;
  const auto& p = solved.params;
  fit.rotation_vector = {p[0], p[1], p[2]};
  fit.translation = {p[3], p[4], p[5]};
  UnpackLayout(p, fit.markers);
  if (free_focal) {
    intrinsics.camera_matrix(0, 0) = p.back();
    intrinsics.camera_matrix(1, 1) = p.back();
  }
  const cv::Mat covariance = solved.Covariance();
  for (int r = 0; r < 6; ++r) {
    for (int c = 0; c < 6; ++c) fit.pose_covariance(r, c) = covariance.at<double>(r, c);
  }
  std::vector<double> final_residuals(static_cast<size_t>(residual_count));
  residuals(p, final_residuals);
  SetResidualFigures(markers, final_residuals, fit);
  return fit;
}

TableFit RefinePoseOnly(const std::vector<MarkerObservation>& markers, const Intrinsics& intrinsics,
                        const TableFit& initial, double side_mm) {
  const LensModel lens(intrinsics);
  std::vector<std::array<cv::Vec3d, 4>> corners;
  corners.reserve(markers.size());
  for (const MarkerObservation& marker : markers) {
    corners.push_back(
        PlacedMarkerCorners(initial.markers[static_cast<size_t>(marker.id)], side_mm));
  }
  const int residual_count = static_cast<int>(markers.size()) * 8;
  const auto residuals = [&](const std::vector<double>& p, std::vector<double>& out) {
    const cv::Matx33d rotation = RotationOf(p.data());
    const cv::Vec3d translation(p[3], p[4], p[5]);
    for (size_t m = 0; m < markers.size(); ++m) {
      WriteResiduals(lens, rotation, translation, corners[m], markers[m], out.data() + 8 * m);
    }
  };
  std::vector<double> params{initial.rotation_vector[0], initial.rotation_vector[1],
                             initial.rotation_vector[2], initial.translation[0],
                             initial.translation[1],     initial.translation[2]};
  const std::vector<double> steps{1e-7, 1e-7, 1e-7, 1e-4, 1e-4, 1e-4};
  const LeastSquaresResult solved = MinimiseLeastSquares(residuals, params, residual_count, steps);
  TableFit fit = initial;
  const auto& p = solved.params;
  fit.rotation_vector = {p[0], p[1], p[2]};
  fit.translation = {p[3], p[4], p[5]};
  fit.pose_covariance = cv::Matx66d(solved.Covariance());
  std::vector<double> final_residuals(static_cast<size_t>(residual_count));
  residuals(p, final_residuals);
  SetResidualFigures(markers, final_residuals, fit);
  return fit;
}

std::optional<TableFit> InitialTableFit(const std::vector<MarkerObservation>& markers,
                                        const Intrinsics& intrinsics, double side_mm) {
  if (markers.size() != kTableMarkerCount) return std::nullopt;
  const double half = side_mm / 2;
  const std::vector<cv::Point3d> square{
      {-half, half, 0}, {half, half, 0}, {half, -half, 0}, {-half, -half, 0}};
  std::array<cv::Vec3d, kTableMarkerCount> centres;
  std::array<cv::Vec3d, kTableMarkerCount> x_axes;
  for (const MarkerObservation& marker : markers) {
    const std::array<cv::Point2d, 4> seen = Observed(marker);
    const std::vector<cv::Point2d> image(seen.begin(), seen.end());
    std::vector<cv::Mat> rvecs;
    std::vector<cv::Mat> tvecs;
    std::vector<double> errors;
    const int solutions = cv::solvePnPGeneric(
        square, image, cv::Mat(intrinsics.camera_matrix), intrinsics.distortion, rvecs, tvecs,
        false, cv::SOLVEPNP_IPPE_SQUARE, cv::noArray(), cv::noArray(), errors);
    if (solutions < 1) return std::nullopt;
    const size_t best =
        static_cast<size_t>(std::min_element(errors.begin(), errors.end()) - errors.begin());
    cv::Matx33d rotation;
    cv::Rodrigues(rvecs[best], rotation);
    const auto id = static_cast<size_t>(marker.id);
    centres[id] = cv::Vec3d(tvecs[best].reshape(1, 3));
    x_axes[id] = {rotation(0, 0), rotation(1, 0), rotation(2, 0)};
  }
  // The plane through the four centres (camera frame), its normal toward the camera: the
  // table's +z is up and the camera looks down on it.
  cv::Vec3d mean(0, 0, 0);
  for (const cv::Vec3d& c : centres) mean += c / 4.0;
  cv::Matx33d scatter = cv::Matx33d::zeros();
  for (const cv::Vec3d& c : centres) scatter += (c - mean) * (c - mean).t();
  cv::Matx31d eigenvalues;
  cv::Matx33d eigenvectors;
  cv::eigen(scatter, eigenvalues, eigenvectors);
  cv::Vec3d normal(eigenvectors(2, 0), eigenvectors(2, 1), eigenvectors(2, 2));
  if (normal.dot(centres[0]) > 0) normal = -normal;
  const cv::Vec3d toward_1 = centres[1] - centres[0];
  const cv::Vec3d x = cv::normalize(toward_1 - toward_1.dot(normal) * normal);
  const cv::Vec3d y = normal.cross(x);
  const cv::Matx33d rotation(x[0], y[0], normal[0], x[1], y[1], normal[1], x[2], y[2], normal[2]);

  TableFit fit;
  cv::Rodrigues(rotation, fit.rotation_vector);
  fit.translation = centres[0];
  for (size_t id = 0; id < kTableMarkerCount; ++id) {
    const cv::Vec3d offset = centres[id] - centres[0];
    fit.markers[id].centre_mm = {offset.dot(x), offset.dot(y)};
    fit.markers[id].angle_rad = std::atan2(x_axes[id].dot(y), x_axes[id].dot(x));
  }
  fit.markers[0].centre_mm = {0, 0};
  fit.markers[1].centre_mm.y = 0;
  return fit;
}

}  // namespace tabref::calibration
