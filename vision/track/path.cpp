#include "vision/track/path.h"

#include <algorithm>
#include <cmath>
#include <iterator>

namespace tabref::vision {
namespace {

constexpr double kPi = 3.14159265358979323846;
// What friction alone may change a sliding piece's speed by (mm/s^2, with margin).
constexpr double kFrictionAllowanceMmS2 = 4000;

rules::Vec2 Unit(rules::Vec2 v) {
  const double n = rules::Norm(v);
  return n > 0 ? v * (1 / n) : rules::Vec2{};
}

double TurnDeg(rules::Vec2 a, rules::Vec2 b) {
  const double na = rules::Norm(a);
  const double nb = rules::Norm(b);
  if (na == 0 || nb == 0) return 0;
  const double c = std::clamp(rules::Dot(a, b) / (na * nb), -1.0, 1.0);
  return std::acos(c) * 180 / kPi;
}

// The corner of a bounce between the straight run in (ending at `in_end`, direction
// `in_dir`, speed `in_speed`) and the straight run out (starting at `out_start`, direction
// `out_dir`, speed `out_speed`), `dt` apart: where the two lines meet, or for a head-on
// bounce, how far the piece got before turning back.
Kink Corner(const PathSample& in_end, rules::Vec2 in_dir, double in_speed,
            const PathSample& out_start, rules::Vec2 out_dir, double out_speed) {
  const double dt = out_start.time_s - in_end.time_s;
  const rules::Vec2 d = Unit(in_dir);
  const rules::Vec2 e = Unit(out_dir);
  const double denominator = rules::Cross(d, e);
  const rules::Vec2 chord = out_start.position - in_end.position;
  double along = 0;  // distance from in_end along d to the corner
  if (std::abs(denominator) > std::sin(10 * kPi / 180)) {
    along = rules::Cross(chord, e) / denominator;
  } else if (in_speed + out_speed > 0) {
    // Head-on: forward at in_speed for tau, back at out_speed for dt - tau.
    const double x = rules::Dot(chord, d);
    const double tau = std::clamp((x + out_speed * dt) / (in_speed + out_speed), 0.0, dt);
    along = in_speed * tau;
  }
  // A corner farther than a frame's travel is a measurement artefact: keep the chord.
  const double reach = std::max(in_speed, out_speed) * dt * 1.5 + 1;
  if (!(along >= 0 && along <= reach)) along = 0.5 * std::max(0.0, rules::Dot(chord, d));
  Kink kink;
  kink.corner = in_end.position + d * along;
  const double t = in_speed > 0 ? along / in_speed : 0.5 * dt;
  kink.time_s = in_end.time_s + std::clamp(t, 0.0, dt);
  return kink;
}

}  // namespace

double Jitter(const PathSample& a, const PathSample& b) {
  return 2 * std::hypot(a.sigma_mm, b.sigma_mm);
}

bool TwinBlur(const std::vector<PathSample>& blur, const std::vector<PathSample>& mover,
              double width) {
  int together = 0;
  for (const PathSample& at : blur) {
    const auto same_frame = std::find_if(mover.begin(), mover.end(), [&](const PathSample& other) {
      return std::abs(other.time_s - at.time_s) < 1e-6;
    });
    if (same_frame == mover.end()) continue;
    ++together;
    const rules::Vec2 half_step =
        same_frame == mover.begin()
            ? rules::Vec2{0, 0}
            : (same_frame->position - std::prev(same_frame)->position) * 0.5;
    if (rules::DistanceToSegment(at.position, same_frame->position - half_step,
                                 same_frame->position + half_step) >= width)
      return false;
  }
  return 4 * together >= 3 * static_cast<int>(blur.size());
}

double SlideStopDistance(const PathSample& from, const PathSample& to) {
  const double dt = to.time_s - from.time_s;
  if (dt <= 0) return 0;
  const double speed =
      std::max(0.0, rules::Distance(from.position, to.position) - Jitter(from, to)) / dt;
  return speed * speed / (2 * kFrictionAllowanceMmS2);
}

double SlideReachBack(const PathSample& first, const PathSample& next, double back_s) {
  const double dt = next.time_s - first.time_s;
  if (dt <= 0 || back_s <= 0) return 0;
  const double speed = (rules::Distance(first.position, next.position) + Jitter(first, next)) / dt;
  // The speed is the mean over the step, the speed half a step after `first`.
  return speed * back_s + kFrictionAllowanceMmS2 * back_s * (0.5 * dt + 0.5 * back_s);
}

std::vector<Kink> FindKinks(const std::vector<PathSample>& samples, const TrackerOptions& options) {
  std::vector<Kink> kinks;
  const size_t n = samples.size();
  if (n < 3) return kinks;
  std::vector<rules::Vec2> step(n - 1);
  std::vector<double> speed(n - 1);
  std::vector<bool> clear(n - 1);  // longer than its ends' jitter
  for (size_t j = 0; j + 1 < n; ++j) {
    step[j] = samples[j + 1].position - samples[j].position;
    const double dt = samples[j + 1].time_s - samples[j].time_s;
    speed[j] = dt > 0 ? rules::Norm(step[j]) / dt : 0;
    clear[j] = rules::Norm(step[j]) >= options.kink_min_step_sigmas *
                                           std::hypot(samples[j].sigma_mm, samples[j + 1].sigma_mm);
  }
  // Samples where the path turns or its speed jumps: turning[k] compares steps k-1 and k.
  std::vector<bool> turning(n, false);
  for (size_t k = 1; k + 1 < n; ++k) {
    const double before = speed[k - 1];
    const double after = speed[k];
    if (std::max(before, after) < options.kink_min_speed_mm_s) continue;
    // The two speeds are averages over their frame intervals: their midpoints lie half of
    // both intervals apart.
    const double dt = 0.5 * (samples[k + 1].time_s - samples[k - 1].time_s);
    const bool turned = std::min(before, after) >= options.kink_min_speed_mm_s && clear[k - 1] &&
                        clear[k] && TurnDeg(step[k - 1], step[k]) > options.kink_deg;
    // The first step starts at the rest position, whose time is the last frame at rest: its
    // speed says little. Speeding up needs a push; slowing beyond friction, a hit.
    const double jitter =
        std::hypot(samples[k - 1].sigma_mm, samples[k].sigma_mm, samples[k + 1].sigma_mm);
    const bool jumped =
        k >= 2 &&
        std::abs(after - before) >
            options.kink_speed_share * std::max(before, after) + kFrictionAllowanceMmS2 * dt &&
        std::abs(rules::Norm(step[k]) - rules::Norm(step[k - 1])) >=
            options.kink_min_step_sigmas * jitter;
    turning[k] = turned || jumped;
  }
  for (size_t k = 1; k + 1 < n; ++k) {
    if (!turning[k]) continue;
    size_t last = k;
    while (last + 1 < n - 1 && turning[last + 1]) ++last;
    // The clean runs around the turn: the step before the one into the first turning
    // sample (that one may already cut the corner) and the step after the one out of the
    // last, where the path has them.
    const size_t in = k >= 2 ? k - 2 : k - 1;
    const size_t out = last + 1 < n - 1 ? last + 1 : last;
    kinks.push_back(
        Corner(samples[in + 1], step[in], speed[in], samples[out], step[out], speed[out]));
    k = last;
  }
  return kinks;
}

Path::Path(std::vector<PathSample> samples, const TrackerOptions& options)
    : samples_(std::move(samples)) {
  kinks_ = FindKinks(samples_, options);
  refined_ = samples_;
  for (const Kink& kink : kinks_) {
    const auto at =
        std::lower_bound(refined_.begin(), refined_.end(), kink.time_s,
                         [](const PathSample& sample, double t) { return sample.time_s < t; });
    if (at != refined_.end() && at->time_s == kink.time_s) continue;
    refined_.insert(at, PathSample{kink.time_s, kink.corner});
  }
}

rules::Vec2 Path::At(double time_s) const {
  if (refined_.empty()) return {};
  if (time_s <= refined_.front().time_s) return refined_.front().position;
  if (time_s >= refined_.back().time_s) return refined_.back().position;
  const auto after =
      std::lower_bound(refined_.begin(), refined_.end(), time_s,
                       [](const PathSample& sample, double t) { return sample.time_s < t; });
  const PathSample& b = *after;
  const PathSample& a = *(after - 1);
  const double span = b.time_s - a.time_s;
  const double f = span > 0 ? (time_s - a.time_s) / span : 0;
  return a.position + (b.position - a.position) * f;
}

}  // namespace tabref::vision
