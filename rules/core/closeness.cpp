#include "rules/core/closeness.h"

#include <algorithm>
#include <cmath>

namespace tabref::rules {

double CloseCallTolerance::For(double sigma_a_mm, double sigma_b_mm) const {
  return std::max(min_mm, sigmas * std::hypot(sigma_a_mm, sigma_b_mm));
}

Closeness CompareDistances(double a_mm, double b_mm, double tolerance_mm) {
  if (a_mm == b_mm || std::abs(a_mm - b_mm) < tolerance_mm) return Closeness::kTooCloseToCall;
  return a_mm < b_mm ? Closeness::kCloser : Closeness::kFarther;
}

}  // namespace tabref::rules
