#pragma once

#include <stdexcept>
#include <string>

namespace tabref::vision::sim {

// Throws std::invalid_argument("<owner>.<field> must be <range>") unless `ok`: how every
// options struct's Check() names the first bad field.
inline void RequireField(bool ok, const char* owner, const char* field, const char* range) {
  if (!ok) throw std::invalid_argument(std::string(owner) + "." + field + " must be " + range);
}

}  // namespace tabref::vision::sim
