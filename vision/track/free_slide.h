#pragma once

#include <optional>
#include <vector>

#include "rules/core/geometry.h"
#include "vision/track/path.h"

namespace tabref::vision {

// A piece sliding on its own: along a straight line, slowed steadily by friction until it
// stops. Fitted to a run of a path's samples (FitFreeSlide), it says where the piece was going
// had nothing stood in its way, and how surely: a run of blurred blobs strays far less from a
// smooth slide than each blob's own sigma allows.
class FreeSlide {
 public:
  // Where the slide has the piece at `time_s` (held where it stops).
  rules::Vec2 At(double time_s) const;
  // When and where it stops.
  double StopTime() const { return mean_time_s_ + stop_tau_s_; }
  rules::Vec2 Stop() const { return At(StopTime()); }
  // The 1-sigma error of At(time_s), along and across the line together.
  double Sigma(double time_s) const;
  // How far the samples stray from the slide (1 sigma, at least the floor it was fitted with).
  double Scatter() const { return scatter_mm_; }
  double Deceleration() const { return -2 * c_; }  // mm/s^2
  double FirstTime() const { return first_s_; }    // the run fitted
  double LastTime() const { return last_s_; }

 private:
  friend std::optional<FreeSlide> FitFreeSlide(const std::vector<PathSample>&, double, double);
  double Along(double tau) const;  // distance along the line from the centroid
  rules::Vec2 centroid_;
  rules::Vec2 heading_;  // unit, the way it slid
  double mean_time_s_ = 0;
  double a_ = 0, b_ = 0, c_ = 0;  // along = a + b tau + c tau^2, tau = time - mean time
  double stop_tau_s_ = 0;
  double covariance_[3][3] = {};  // of (a, b, c)
  double spread_ = 0;             // sum of the samples' squared distances along from the centroid
  double scatter_mm_ = 0;
  int count_ = 0;
  double first_s_ = 0, last_s_ = 0;
};

// The free slide through `samples` (a piece moving, in time order; at least 5): none when they
// do not make one: slowing at no rate friction gives (more than `max_deceleration_mm_s2`, or
// speeding up), or already stopped before the last of them. Their scatter about it is taken as
// at least `floor_sigma_mm`.
std::optional<FreeSlide> FitFreeSlide(const std::vector<PathSample>& samples, double floor_sigma_mm,
                                      double max_deceleration_mm_s2);

}  // namespace tabref::vision
