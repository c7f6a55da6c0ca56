// The table file of DESIGN.md: the intrinsics fields of OpenCV's calibration sample, then the
// table frame.
#include <cmath>

#include "calibration/atomic_file.h"
#include "calibration/calibration_error.h"
#include "calibration/storage_fields.h"
#include "calibration/table_calibration.h"

namespace tabref::calibration {
namespace {

constexpr char kFormat[] = "tabref table calibration 1";

}  // namespace

std::string TableCalibrationToYaml(const TableCalibration& calibration) {
  cv::FileStorage storage = NewYamlStorage();
  storage << "format" << kFormat;
  WriteIntrinsicsFields(storage, calibration.intrinsics);
  storage << "focal_estimated" << static_cast<int>(calibration.focal_estimated);
  storage << "camera_from_table"
          << "{";
  storage << "R" << cv::Mat(calibration.rotation);
  storage << "t_mm" << cv::Mat(calibration.translation);
  storage << "}";
  storage << "marker_side_mm" << calibration.marker_side_mm;
  storage << "markers"
          << "[";
  for (size_t id = 0; id < kTableMarkerCount; ++id) {
    storage << "{";
    storage << "id" << static_cast<int>(id);
    storage << "centre_mm"
            << "[:" << calibration.marker_centres_mm[id].x << calibration.marker_centres_mm[id].y
            << "]";
    storage << "angle_deg" << calibration.marker_angles_deg[id];
    storage << "rms_px" << calibration.marker_rms_px[id];
    storage << "}";
  }
  storage << "]";
  storage << "play_area_mm"
          << "[";
  for (const cv::Point2d& point : calibration.play_area_mm) {
    storage << "[:" << point.x << point.y << "]";
  }
  storage << "]";
  storage << "reprojection_rms_px" << calibration.reprojection_rms_px;
  storage << "pose_covariance" << cv::Mat(calibration.pose_covariance);
  return storage.releaseAndGetString();
}

TableCalibration TableCalibrationFromYaml(const std::string& yaml, const std::string& source) {
  cv::FileStorage storage = OpenStorageText(yaml, source);
  const cv::FileNode root = storage.root();
  if (root["format"].empty() || root["format"].string() != kFormat) {
    throw CalibrationError(source + ": field format is not '" + std::string(kFormat) +
                           "'; is this a table file from 'tabref calibrate table'?");
  }
  TableCalibration calibration;
  calibration.intrinsics = ReadIntrinsicsFields(root, source);
  calibration.focal_estimated = ReadNumber(root, "focal_estimated", source) != 0;
  const cv::FileNode pose = root["camera_from_table"];
  if (!pose.isMap()) throw CalibrationError(source + ": missing field camera_from_table");
  calibration.rotation = cv::Matx33d(ReadMatrix(pose, "R", 3, 3, source + " camera_from_table"));
  const cv::Matx33d should_be_identity = calibration.rotation.t() * calibration.rotation;
  if (cv::norm(should_be_identity - cv::Matx33d::eye()) > 1e-6 ||
      cv::determinant(calibration.rotation) < 0) {
    throw CalibrationError(source + ": camera_from_table R is not a rotation matrix");
  }
  calibration.translation =
      cv::Vec3d(ReadMatrix(pose, "t_mm", 3, 1, source + " camera_from_table"));
  calibration.marker_side_mm = ReadNumber(root, "marker_side_mm", source);
  if (calibration.marker_side_mm <= 0) {
    throw CalibrationError(source + ": marker_side_mm must be positive");
  }
  const cv::FileNode markers = root["markers"];
  if (!markers.isSeq() || markers.size() != kTableMarkerCount) {
    throw CalibrationError(source + ": field markers must list the four table markers");
  }
  for (const cv::FileNode& marker : markers) {
    const double id_number = ReadNumber(marker, "id", source + " markers");
    const int id = static_cast<int>(id_number);
    if (id_number != id || id < 0 || id >= kTableMarkerCount) {
      throw CalibrationError(source + ": markers has an id that is not 0..3");
    }
    const std::string where = source + " marker " + std::to_string(id);
    const cv::Mat centre = ReadMatrix(marker, "centre_mm", 1, 2, where);
    calibration.marker_centres_mm[static_cast<size_t>(id)] = {centre.at<double>(0),
                                                              centre.at<double>(1)};
    calibration.marker_angles_deg[static_cast<size_t>(id)] = ReadNumber(marker, "angle_deg", where);
    calibration.marker_rms_px[static_cast<size_t>(id)] = ReadNumber(marker, "rms_px", where);
  }
  const cv::FileNode area = root["play_area_mm"];
  if (!area.isSeq() || area.size() < 3) {
    throw CalibrationError(source + ": field play_area_mm must be a polygon of 3 or more points");
  }
  for (const cv::FileNode& point : area) {
    if (!point.isSeq() || point.size() != 2 || !(point[0].isReal() || point[0].isInt()) ||
        !(point[1].isReal() || point[1].isInt())) {
      throw CalibrationError(source + ": play_area_mm must hold [x, y] points");
    }
    calibration.play_area_mm.emplace_back(point[0].real(), point[1].real());
  }
  calibration.reprojection_rms_px = ReadNumber(root, "reprojection_rms_px", source);
  calibration.pose_covariance = cv::Matx66d(ReadMatrix(root, "pose_covariance", 6, 6, source));
  return calibration;
}

void WriteTableCalibration(const TableCalibration& calibration, const std::filesystem::path& file) {
  WriteFileAtomically(file, TableCalibrationToYaml(calibration));
}

TableCalibration ReadTableCalibration(const std::filesystem::path& file) {
  return TableCalibrationFromYaml(ReadWholeFile(file), file.string());
}

}  // namespace tabref::calibration
