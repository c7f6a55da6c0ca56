#pragma once

#include <filesystem>
#include <string>

namespace tabref::calibration {

// Writes `contents` to a temporary name beside `file` and renames it over `file`, so a reader
// never sees a half-written file and a failure leaves an existing file intact. Throws
// CalibrationError naming the file.
void WriteFileAtomically(const std::filesystem::path& file, const std::string& contents);

// The whole file as bytes. Throws CalibrationError naming the file and the reason.
std::string ReadWholeFile(const std::filesystem::path& file);

}  // namespace tabref::calibration
