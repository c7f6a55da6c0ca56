#pragma once

#include <filesystem>
#include <opencv2/core.hpp>
#include <optional>
#include <string>

namespace tabref::calibration {

// A camera's lens: the pinhole matrix and OpenCV's distortion coefficients for one image size.
struct Intrinsics {
  cv::Size image_size;
  cv::Matx33d camera_matrix = cv::Matx33d::eye();
  cv::Mat distortion = cv::Mat::zeros(1, 5, CV_64F);  // 1xN, N in {4, 5, 8, 12, 14}, CV_64F
  std::optional<double> avg_reprojection_error;       // px, when a calibration computed it

  // The same lens at another image size (scales focal lengths and principal point), for a
  // camera that was calibrated at one resolution and runs at another of the same aspect.
  Intrinsics ScaledTo(cv::Size size) const;
};

// Reads OpenCV FileStorage YAML (or XML/JSON) of the calibration sample's shape:
// camera_matrix, distortion_coefficients, image_width, image_height and optionally
// avg_reprojection_error. Throws CalibrationError naming the file and the field.
Intrinsics ReadIntrinsics(const std::filesystem::path& file);
// Writes that shape, to a temporary name first and then renamed over `file`.
void WriteIntrinsics(const Intrinsics& intrinsics, const std::filesystem::path& file);
// The same YAML as text (the store keeps it in its calibrations table); `source` names the
// text in error messages.
std::string IntrinsicsToYaml(const Intrinsics& intrinsics);
Intrinsics IntrinsicsFromYaml(const std::string& yaml, const std::string& source = "intrinsics");

}  // namespace tabref::calibration
