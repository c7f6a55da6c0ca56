#include "app/cli/calibration_access.h"

#include <filesystem>
#include <iomanip>
#include <opencv2/imgcodecs.hpp>
#include <sstream>

#include "app/cli/files.h"
#include "app/cli/store_access.h"
#include "calibration/calibration_error.h"

namespace tabref::cli {
namespace {

constexpr char kDefaultCameraName[] = "default";

std::string CameraLabel(const std::string& camera_name) { return "camera '" + camera_name + "'"; }

// "2025-03-01 18:04 UTC" from the store's "2025-03-01T18:04:27.123Z".
std::string CalibrationDate(const data::CalibrationRecord& record) {
  const std::string& stamp = record.created_at;
  if (stamp.size() < 16 || stamp[10] != 'T') return stamp;
  return stamp.substr(0, 10) + " " + stamp.substr(11, 5) + " UTC";
}

std::string HowToCalibrateTheLens(const std::string& camera_name) {
  const bool quoted = camera_name.find(' ') != std::string::npos;
  const std::string name_option =
      camera_name == kDefaultCameraName
          ? ""
          : " --camera-name " + (quoted ? "\"" + camera_name + "\"" : camera_name);
  return "'tabref calibrate intrinsics ..." + name_option +
         "' or tabref-gui's Camera > Calibrate camera...";
}

}  // namespace

OptionSpec CameraNameOption() {
  return {"camera-name", "NAME",
          std::string("the camera's name in the store (default: '") + kDefaultCameraName + "')"};
}

std::string CameraName(const ParsedArgs& args) {
  std::string name = args.Value("camera-name").value_or(kDefaultCameraName);
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

std::optional<StoredIntrinsics> LatestStoredIntrinsics(const ParsedArgs& args) {
  const std::string camera = CameraName(args);
  // A --db that does not exist yet is a database about to be created: nothing is kept in it.
  if (auto db = args.Value("db"); db && !std::filesystem::exists(*db)) return std::nullopt;
  const auto store = OpenStoreForReading(args);
  if (!store) return std::nullopt;
  auto record = store->LatestCalibration("intrinsics", camera);
  if (!record) return std::nullopt;
  try {
    return StoredIntrinsics{
        calibration::IntrinsicsFromYaml(record->yaml, "record " + std::to_string(record->id)),
        *record};
  } catch (const calibration::CalibrationError& error) {
    throw CommandError("the intrinsics stored for " + CameraLabel(camera) + " on " +
                       CalibrationDate(*record) + " cannot be read (" + error.what() +
                       "); calibrate the lens again with " + HowToCalibrateTheLens(camera) +
                       ", or give --intrinsics CAMERA.yml");
  }
}

std::string UsingStoredIntrinsicsLine(const StoredIntrinsics& stored) {
  const cv::Size size = stored.intrinsics.image_size;
  return "lens: " + CameraLabel(stored.record.camera) + " as calibrated on " +
         CalibrationDate(stored.record) + " (" + std::to_string(size.width) + "x" +
         std::to_string(size.height) + ", RMS " + Fixed(stored.record.residual_rms, 2) +
         " px), from the store; --intrinsics CAMERA.yml overrides it";
}

std::string NoStoredIntrinsicsLine(const std::string& camera_name) {
  return "lens: no intrinsics stored for " + CameraLabel(camera_name) +
         ", so the focal length is estimated from the table markers and lens distortion "
         "ignored; calibrate the lens with " +
         HowToCalibrateTheLens(camera_name);
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
