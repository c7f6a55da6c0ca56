#pragma once

#include <opencv2/core.hpp>
#include <string>

#include "app/cli/arguments.h"
#include "calibration/markers.h"
#include "calibration/table_calibration.h"

namespace tabref::cli {

// A picture of the table with the table frame found from its own markers.
struct TableImage {
  cv::Mat image;
  calibration::MarkerDetection markers;
  calibration::TableCalibration table;
};

// Reads `image_file` and calibrates the table from its markers, with the lens of
// --intrinsics (which must be for the image's size) and the marker size of --marker-mm.
// Throws UsageError for a bad --marker-mm and CommandError naming what is missing.
TableImage ReadTableImage(const ParsedArgs& args, const std::string& image_file);

// The table calibration options of --marker-mm; throws UsageError for a bad size.
calibration::TableCalibrationOptions TableOptions(const ParsedArgs& args);

// The --intrinsics and --marker-mm options ReadTableImage reads.
OptionSpec IntrinsicsOption();
OptionSpec MarkerSizeOption();

// The warning for a table frame found without the lens known, or "".
std::string EstimatedFocalWarning(const calibration::TableCalibration& table);

}  // namespace tabref::cli
