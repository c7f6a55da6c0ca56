#include "calibration/intrinsics.h"

#include <cmath>

#include "calibration/atomic_file.h"
#include "calibration/calibration_error.h"
#include "calibration/storage_fields.h"

namespace tabref::calibration {

Intrinsics Intrinsics::ScaledTo(cv::Size size) const {
  if (image_size.width <= 0 || image_size.height <= 0) {
    throw CalibrationError("the intrinsics have no image size; cannot scale them");
  }
  const double sx = static_cast<double>(size.width) / image_size.width;
  const double sy = static_cast<double>(size.height) / image_size.height;
  if (std::abs(sx - sy) > 0.01 * sx) {
    throw CalibrationError("the camera was calibrated at " + std::to_string(image_size.width) +
                           "x" + std::to_string(image_size.height) + " and runs at " +
                           std::to_string(size.width) + "x" + std::to_string(size.height) +
                           ", another aspect ratio; calibrate it at this resolution");
  }
  Intrinsics scaled = *this;
  scaled.image_size = size;
  // Pixel centres sit at integer coordinates: scale about the corner of the image, not pixel 0.
  scaled.camera_matrix(0, 0) *= sx;
  scaled.camera_matrix(0, 1) *= sx;
  scaled.camera_matrix(0, 2) = (camera_matrix(0, 2) + 0.5) * sx - 0.5;
  scaled.camera_matrix(1, 1) *= sy;
  scaled.camera_matrix(1, 2) = (camera_matrix(1, 2) + 0.5) * sy - 0.5;
  scaled.distortion = distortion.clone();
  if (avg_reprojection_error) scaled.avg_reprojection_error = *avg_reprojection_error * sx;
  return scaled;
}

cv::FileStorage OpenStorageText(const std::string& text, const std::string& source) {
  cv::FileStorage storage;
  try {
    storage.open(text, cv::FileStorage::READ | cv::FileStorage::MEMORY);
  } catch (const cv::Exception&) {
    throw CalibrationError(source + " is not a readable YAML/XML/JSON file");
  }
  if (!storage.isOpened() || storage.root().empty()) {
    throw CalibrationError(source + " is not a readable YAML/XML/JSON file");
  }
  return storage;
}

cv::FileStorage NewYamlStorage() {
  return cv::FileStorage(
      ".yml", cv::FileStorage::WRITE | cv::FileStorage::MEMORY | cv::FileStorage::FORMAT_YAML);
}

double ReadNumber(const cv::FileNode& parent, const std::string& field, const std::string& source) {
  const cv::FileNode node = parent[field];
  if (node.empty() || node.isNone()) throw CalibrationError(source + ": missing field " + field);
  if (!node.isReal() && !node.isInt()) {
    throw CalibrationError(source + ": field " + field + " is not a number");
  }
  const double value = node.real();
  if (!std::isfinite(value)) throw CalibrationError(source + ": field " + field + " is not finite");
  return value;
}

cv::Mat ReadMatrix(const cv::FileNode& parent, const std::string& field, int rows, int cols,
                   const std::string& source) {
  const cv::FileNode node = parent[field];
  if (node.empty() || node.isNone()) throw CalibrationError(source + ": missing field " + field);
  cv::Mat matrix;
  try {
    node >> matrix;
  } catch (const cv::Exception&) {
    matrix.release();
  }
  if (matrix.empty() && node.isSeq()) {  // a plain list of numbers
    std::vector<double> numbers;
    for (const cv::FileNode& item : node) {
      if (!item.isReal() && !item.isInt()) numbers.clear();
      if (!item.isReal() && !item.isInt()) break;
      numbers.push_back(item.real());
    }
    if (!numbers.empty()) matrix = cv::Mat(numbers, true).reshape(1, 1);
  }
  const std::string shape = std::to_string(rows) + "x" + std::to_string(cols);
  if (matrix.empty() || matrix.channels() != 1) {
    throw CalibrationError(source + ": field " + field + " is not a " + shape + " matrix");
  }
  if ((rows == 1 || cols == 1) &&
      matrix.total() == static_cast<size_t>(rows) * static_cast<size_t>(cols)) {
    matrix = matrix.reshape(1, rows);
  }
  if (matrix.rows != rows || matrix.cols != cols) {
    throw CalibrationError(source + ": field " + field + " is " + std::to_string(matrix.rows) +
                           "x" + std::to_string(matrix.cols) + ", expected " + shape);
  }
  cv::Mat as_double;
  matrix.convertTo(as_double, CV_64F);
  if (!cv::checkRange(as_double)) {
    throw CalibrationError(source + ": field " + field + " has a value that is not finite");
  }
  return as_double;
}

void WriteIntrinsicsFields(cv::FileStorage& storage, const Intrinsics& intrinsics) {
  storage << "image_width" << intrinsics.image_size.width;
  storage << "image_height" << intrinsics.image_size.height;
  storage << "camera_matrix" << cv::Mat(intrinsics.camera_matrix);
  storage << "distortion_coefficients" << intrinsics.distortion.reshape(1, 1);
  if (intrinsics.avg_reprojection_error) {
    storage << "avg_reprojection_error" << *intrinsics.avg_reprojection_error;
  }
}

Intrinsics ReadIntrinsicsFields(const cv::FileNode& root, const std::string& source) {
  Intrinsics intrinsics;
  const double width = ReadNumber(root, "image_width", source);
  const double height = ReadNumber(root, "image_height", source);
  if (width < 1 || height < 1 || width > 100000 || height > 100000) {
    throw CalibrationError(source + ": image_width/image_height " + std::to_string(width) + "x" +
                           std::to_string(height) + " is not an image size");
  }
  intrinsics.image_size = {static_cast<int>(width), static_cast<int>(height)};
  intrinsics.camera_matrix = cv::Matx33d(ReadMatrix(root, "camera_matrix", 3, 3, source));
  const cv::Matx33d& k = intrinsics.camera_matrix;
  if (k(0, 0) <= 0 || k(1, 1) <= 0 || k(1, 0) != 0 || k(2, 0) != 0 || k(2, 1) != 0 ||
      k(2, 2) != 1) {
    throw CalibrationError(source +
                           ": camera_matrix is not a camera matrix [fx s cx; 0 fy cy; 0 0 1]");
  }
  const cv::FileNode node = root["distortion_coefficients"];
  if (node.empty() || node.isNone()) {
    throw CalibrationError(source + ": missing field distortion_coefficients");
  }
  cv::Mat distortion;
  try {
    node >> distortion;
  } catch (const cv::Exception&) {
    distortion.release();
  }
  const size_t count = distortion.total();
  if (distortion.channels() != 1 || (distortion.rows != 1 && distortion.cols != 1) ||
      (count != 4 && count != 5 && count != 8 && count != 12 && count != 14)) {
    throw CalibrationError(source +
                           ": distortion_coefficients must be 1xN with N 4, 5, 8, 12 or 14");
  }
  distortion.reshape(1, 1).convertTo(intrinsics.distortion, CV_64F);
  if (!cv::checkRange(intrinsics.distortion)) {
    throw CalibrationError(source + ": distortion_coefficients has a value that is not finite");
  }
  if (!root["avg_reprojection_error"].empty()) {
    intrinsics.avg_reprojection_error = ReadNumber(root, "avg_reprojection_error", source);
  }
  return intrinsics;
}

std::string IntrinsicsToYaml(const Intrinsics& intrinsics) {
  cv::FileStorage storage = NewYamlStorage();
  WriteIntrinsicsFields(storage, intrinsics);
  return storage.releaseAndGetString();
}

Intrinsics IntrinsicsFromYaml(const std::string& yaml, const std::string& source) {
  cv::FileStorage storage = OpenStorageText(yaml, source);
  return ReadIntrinsicsFields(storage.root(), source);
}

Intrinsics ReadIntrinsics(const std::filesystem::path& file) {
  return IntrinsicsFromYaml(ReadWholeFile(file), file.string());
}

void WriteIntrinsics(const Intrinsics& intrinsics, const std::filesystem::path& file) {
  WriteFileAtomically(file, IntrinsicsToYaml(intrinsics));
}

}  // namespace tabref::calibration
