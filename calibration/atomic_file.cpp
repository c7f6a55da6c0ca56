#include "calibration/atomic_file.h"

#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "calibration/calibration_error.h"

namespace tabref::calibration {

void WriteFileAtomically(const std::filesystem::path& file, const std::string& contents) {
  if (std::filesystem::is_directory(file)) {
    throw CalibrationError("cannot write " + file.string() +
                           ": it is a directory; give a file name");
  }
  std::filesystem::path temporary = file;
  temporary += ".tmp" + std::to_string(::getpid());
  {
    std::ofstream out(temporary, std::ios::binary | std::ios::trunc);
    if (!out) throw CalibrationError("cannot write " + file.string() + ": " + std::strerror(errno));
    out << contents;
    out.flush();
    if (!out) {
      std::filesystem::remove(temporary);
      throw CalibrationError("cannot write " + file.string() + ": " + std::strerror(errno));
    }
  }
  std::error_code error;
  std::filesystem::rename(temporary, file, error);
  if (error) {
    std::filesystem::remove(temporary);
    throw CalibrationError("cannot write " + file.string() + ": " + error.message());
  }
}

std::string ReadWholeFile(const std::filesystem::path& file) {
  if (std::filesystem::is_directory(file)) {
    throw CalibrationError("cannot read " + file.string() + ": it is a directory, not a file");
  }
  std::ifstream in(file, std::ios::binary);
  if (!in) throw CalibrationError("cannot read " + file.string() + ": " + std::strerror(errno));
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

}  // namespace tabref::calibration
