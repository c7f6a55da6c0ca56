#pragma once

#include <stdexcept>
#include <string>

namespace tabref::rules {

// Thrown for an illegal action, a bad game setup or a malformed log. The message is one
// line that names what is wrong and, where possible, what is allowed instead.
class RuleError : public std::runtime_error {
 public:
  explicit RuleError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace tabref::rules
