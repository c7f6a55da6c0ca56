#pragma once

#include <stdexcept>

namespace tabref::calibration {

// A calibration that cannot be made or a file that cannot be read; the message is one line
// that names what is wrong (which marker, which file and field) and what to do.
class CalibrationError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace tabref::calibration
