#include "app/cli/calibration_access.h"

#include <filesystem>
#include <iomanip>
#include <opencv2/imgcodecs.hpp>
#include <sstream>

#include "app/cli/files.h"
#include "app/cli/store_access.h"

namespace tabref::cli {

OptionSpec CameraNameOption() {
  return {"camera-name", "NAME", "the camera's name in the store (default: 'default')"};
}

std::string CameraName(const ParsedArgs& args) {
  std::string name = args.Value("camera-name").value_or("default");
  if (name.empty()) throw UsageError("--camera-name must not be empty");
  return name;
}

void StoreCalibration(const ParsedArgs& args, const std::string& kind, double residual_rms_px,
                      const std::string& yaml) {
  auto store = OpenStore(args);
  data::CalibrationRecord record;
  record.kind = kind;
  record.camera = CameraName(args);
  record.residual_rms = residual_rms_px;
  record.yaml = yaml;
  store->SaveCalibration(record);
}

cv::Mat ReadImage(const std::string& path) {
  if (!std::filesystem::exists(path)) throw CommandError("cannot read " + path + ": no such file");
  if (std::filesystem::is_directory(path)) {
    throw CommandError("cannot read " + path + ": it is a directory, not an image");
  }
  cv::Mat image;
  try {
    image = cv::imread(path, cv::IMREAD_COLOR);
  } catch (const cv::Exception&) {
    image.release();
  }
  if (image.empty()) {
    throw CommandError("cannot read " + path + ": not an image OpenCV can decode (PNG, JPEG, ...)");
  }
  return image;
}

void WritePng(const std::string& path, const cv::Mat& image) {
  std::vector<std::uint8_t> bytes;
  if (!cv::imencode(".png", image, bytes)) throw CommandError("cannot encode " + path + " as PNG");
  WriteFileAtomically(path, std::string(bytes.begin(), bytes.end()));
}

std::string Fixed(double value, int digits) {
  std::ostringstream text;
  text << std::fixed << std::setprecision(digits) << value;
  return text.str();
}

}  // namespace tabref::cli
