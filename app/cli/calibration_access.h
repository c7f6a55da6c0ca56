#pragma once

#include <opencv2/core.hpp>
#include <optional>
#include <string>

#include "app/cli/arguments.h"
#include "calibration/intrinsics.h"
#include "data/store/records.h"

namespace tabref::cli {

// The --camera-name option of the calibration commands: which camera the store keeps a
// calibration under.
OptionSpec CameraNameOption();
std::string CameraName(const ParsedArgs& args);

// Keeps a calibration (kind "intrinsics" or "table") in the store of --db (or the default
// database) under the camera's name.
void StoreCalibration(const ParsedArgs& args, const std::string& kind, double residual_rms_px,
                      const std::string& yaml);

// A lens kept in the store, read back, with the record it came from (its date and RMS).
struct StoredIntrinsics {
  calibration::Intrinsics intrinsics;
  data::CalibrationRecord record;
};

// The newest intrinsics kept for --camera-name in --db (or the default database), read
// without creating or changing the database; nullopt when none are kept, also when the
// database does not exist yet. Throws CommandError naming the camera and what to do when the
// stored record cannot be read.
std::optional<StoredIntrinsics> LatestStoredIntrinsics(const ParsedArgs& args);

// One line each for what a command does about the lens: it uses the stored one; none is
// stored for the camera (so the focal length is estimated) and how to calibrate it.
std::string UsingStoredIntrinsicsLine(const StoredIntrinsics& stored);
std::string NoStoredIntrinsicsLine(const std::string& camera_name);

// Reads an image file; throws CommandError naming the file when it is missing or not an image.
cv::Mat ReadImage(const std::string& path);

// Encodes `image` as PNG and writes it atomically.
void WritePng(const std::string& path, const cv::Mat& image);

// "12.35" with `digits` decimals.
std::string Fixed(double value, int digits);

}  // namespace tabref::cli
