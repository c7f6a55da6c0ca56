#pragma once

#include <opencv2/core.hpp>
#include <string>

#include "calibration/intrinsics.h"

namespace tabref::calibration {

// Shared pieces of the YAML files (intrinsics and table): every reader names the source and
// the field that is missing or malformed in its CalibrationError.

// Parses YAML (or XML/JSON) text; throws CalibrationError naming `source` when it is not.
cv::FileStorage OpenStorageText(const std::string& text, const std::string& source);
// A FileStorage that writes YAML into memory; finish with storage.releaseAndGetString().
cv::FileStorage NewYamlStorage();

double ReadNumber(const cv::FileNode& parent, const std::string& field, const std::string& source);
// A matrix field of exactly rows x cols (either orientation when one of them is 1), as CV_64F.
cv::Mat ReadMatrix(const cv::FileNode& parent, const std::string& field, int rows, int cols,
                   const std::string& source);

void WriteIntrinsicsFields(cv::FileStorage& storage, const Intrinsics& intrinsics);
Intrinsics ReadIntrinsicsFields(const cv::FileNode& root, const std::string& source);

}  // namespace tabref::calibration
