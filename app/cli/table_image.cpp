#include "app/cli/table_image.h"

#include <optional>

#include "app/cli/calibration_access.h"
#include "calibration/calibration_error.h"
#include "calibration/intrinsics.h"

namespace tabref::cli {

OptionSpec IntrinsicsOption() {
  return {"intrinsics", "CAMERA.yml", "the lens from 'tabref calibrate intrinsics' (OpenCV YAML)"};
}

OptionSpec MarkerSizeOption() {
  return {"marker-mm", "MM", "side of the markers' printed black square (default 60)"};
}

calibration::TableCalibrationOptions TableOptions(const ParsedArgs& args) {
  calibration::TableCalibrationOptions options;
  options.marker_side_mm = NumberOption(args, "marker-mm", options.marker_side_mm);
  try {
    options.Check();
  } catch (const std::invalid_argument&) {
    throw UsageError("--marker-mm must be between 5 and 1000 (mm)");
  }
  return options;
}

TableImage ReadTableImage(const ParsedArgs& args, const std::string& image_file) {
  const calibration::TableCalibrationOptions options = TableOptions(args);
  TableImage result;
  result.image = ReadImage(image_file);
  std::optional<calibration::Intrinsics> intrinsics;
  if (auto file = args.Value("intrinsics")) {
    intrinsics = calibration::ReadIntrinsics(*file);
    const cv::Size size = result.image.size();
    if (intrinsics->image_size != size) {
      throw CommandError(image_file + " is " + std::to_string(size.width) + "x" +
                         std::to_string(size.height) + " but " + *file + " is for " +
                         std::to_string(intrinsics->image_size.width) + "x" +
                         std::to_string(intrinsics->image_size.height) +
                         " images; use the camera's calibration at this resolution");
    }
  }
  result.markers = calibration::DetectTableMarkers(result.image);
  try {
    result.table =
        calibration::CalibrateTable(result.markers, result.image.size(), intrinsics, options);
  } catch (const calibration::CalibrationError& error) {
    throw CommandError("no table frame in " + image_file + ": " + error.what());
  }
  return result;
}

std::string EstimatedFocalWarning(const calibration::TableCalibration& table) {
  if (!table.focal_estimated) return "";
  return "warning: no --intrinsics: the focal length was estimated from the markers and lens "
         "distortion ignored; positions may be millimetres off at the table's edges.\n";
}

}  // namespace tabref::cli
