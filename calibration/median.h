#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

namespace tabref {

// The median of `values` (the upper one of an even count); 0 when there are none. Shared by
// the calibration and every detector stage that takes a robust middle.
inline double Median(std::vector<double> values) {
  if (values.empty()) return 0;
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

}  // namespace tabref
