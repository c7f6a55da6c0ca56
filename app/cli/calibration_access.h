#pragma once

#include <opencv2/core.hpp>
#include <string>

#include "app/cli/arguments.h"

namespace tabref::cli {

// The --camera-name option of the calibration commands: which camera the store keeps a
// calibration under.
OptionSpec CameraNameOption();
std::string CameraName(const ParsedArgs& args);

// Keeps a calibration (kind "intrinsics" or "table") in the store of --db (or the default
// database) under the camera's name.
void StoreCalibration(const ParsedArgs& args, const std::string& kind, double residual_rms_px,
                      const std::string& yaml);

// Reads an image file; throws CommandError naming the file when it is missing or not an image.
cv::Mat ReadImage(const std::string& path);

// Encodes `image` as PNG and writes it atomically.
void WritePng(const std::string& path, const cv::Mat& image);

// "12.35" with `digits` decimals.
std::string Fixed(double value, int digits);

}  // namespace tabref::cli
