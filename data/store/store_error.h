#pragma once

#include <stdexcept>
#include <string>

namespace tabref::data {

// A store failure, with a one-line message that names the database file, what went wrong
// and what to do. The store never repairs or overwrites a file it cannot read.
class StoreError : public std::runtime_error {
 public:
  explicit StoreError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace tabref::data
