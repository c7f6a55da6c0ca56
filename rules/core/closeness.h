#pragma once

namespace tabref::rules {

// The outcome of comparing two measured distances. A measurement cannot settle a
// difference smaller than its own uncertainty; the engines then ask the players for a
// manual ruling instead of guessing.
enum class Closeness { kCloser, kFarther, kTooCloseToCall };

// How close two measurements may be before a comparison is too close to call.
struct CloseCallTolerance {
  // Differences below this many millimetres are never decided by measurement.
  double min_mm = 1.0;
  // Differences within this many combined standard deviations are not decided either.
  double sigmas = 2.0;

  // The tolerance for two distances measured with these 1-sigma uncertainties.
  double For(double sigma_a_mm, double sigma_b_mm) const;
};

// Is distance `a` closer than distance `b`? Too close to call when |a - b| < tolerance_mm,
// and always when a == b (even a zero tolerance cannot make one of two equal distances the
// closer).
Closeness CompareDistances(double a_mm, double b_mm, double tolerance_mm);

}  // namespace tabref::rules
