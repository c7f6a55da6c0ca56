#include "vision/track/free_slide.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision {
namespace {

constexpr size_t kMinSamples = 5;

// The inverse of a symmetric 3x3 matrix; false when it is singular.
bool Invert(const double m[3][3], double inverse[3][3]) {
  const double c00 = m[1][1] * m[2][2] - m[1][2] * m[2][1];
  const double c01 = m[1][2] * m[2][0] - m[1][0] * m[2][2];
  const double c02 = m[1][0] * m[2][1] - m[1][1] * m[2][0];
  const double determinant = m[0][0] * c00 + m[0][1] * c01 + m[0][2] * c02;
  if (std::abs(determinant) < 1e-18) return false;
  const double f = 1 / determinant;
  inverse[0][0] = c00 * f;
  inverse[0][1] = (m[0][2] * m[2][1] - m[0][1] * m[2][2]) * f;
  inverse[0][2] = (m[0][1] * m[1][2] - m[0][2] * m[1][1]) * f;
  inverse[1][0] = c01 * f;
  inverse[1][1] = (m[0][0] * m[2][2] - m[0][2] * m[2][0]) * f;
  inverse[1][2] = (m[0][2] * m[1][0] - m[0][0] * m[1][2]) * f;
  inverse[2][0] = c02 * f;
  inverse[2][1] = (m[0][1] * m[2][0] - m[0][0] * m[2][1]) * f;
  inverse[2][2] = (m[0][0] * m[1][1] - m[0][1] * m[1][0]) * f;
  return true;
}

}  // namespace

double FreeSlide::Along(double tau) const {
  const double t = std::min(tau, stop_tau_s_);
  return a_ + b_ * t + c_ * t * t;
}

rules::Vec2 FreeSlide::At(double time_s) const {
  return centroid_ + heading_ * Along(time_s - mean_time_s_);
}

double FreeSlide::Sigma(double time_s) const {
  const double tau = std::min(time_s - mean_time_s_, stop_tau_s_);
  // Along: the fit's error at tau (at the stop, the stop's: its place moves with the rates).
  double gradient[3] = {1, tau, tau * tau};
  if (time_s - mean_time_s_ >= stop_tau_s_) {
    gradient[1] = -b_ / (2 * c_);
    gradient[2] = b_ * b_ / (4 * c_ * c_);
  }
  double along = 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) along += gradient[i] * covariance_[i][j] * gradient[j];
  }
  // Across: the line's offset and turn, at that distance from the centroid.
  const double s = Along(tau);
  const double across =
      scatter_mm_ * scatter_mm_ * (1.0 / count_ + (spread_ > 0 ? s * s / spread_ : 0));
  return std::sqrt(std::max(0.0, along) + across);
}

std::optional<FreeSlide> FitFreeSlide(const std::vector<PathSample>& samples, double floor_sigma_mm,
                                      double max_deceleration_mm_s2) {
  const size_t n = samples.size();
  if (n < kMinSamples) return std::nullopt;
  FreeSlide slide;
  slide.count_ = static_cast<int>(n);
  slide.first_s_ = samples.front().time_s;
  slide.last_s_ = samples.back().time_s;
  for (const PathSample& sample : samples) {
    slide.centroid_ = slide.centroid_ + sample.position * (1.0 / static_cast<double>(n));
    slide.mean_time_s_ += sample.time_s / static_cast<double>(n);
  }
  // The line: the samples' principal direction, pointing the way they went.
  double sxx = 0, sxy = 0, syy = 0;
  for (const PathSample& sample : samples) {
    const rules::Vec2 d = sample.position - slide.centroid_;
    sxx += d.x * d.x;
    sxy += d.x * d.y;
    syy += d.y * d.y;
  }
  const double angle = 0.5 * std::atan2(2 * sxy, sxx - syy);
  slide.heading_ = {std::cos(angle), std::sin(angle)};
  if (rules::Dot(samples.back().position - samples.front().position, slide.heading_) < 0)
    slide.heading_ = slide.heading_ * -1.0;
  // Along it: a + b tau + c tau^2 by least squares.
  double normal[3][3] = {};
  double right[3] = {};
  std::vector<double> along(n), across(n), tau(n);
  for (size_t i = 0; i < n; ++i) {
    const rules::Vec2 d = samples[i].position - slide.centroid_;
    along[i] = rules::Dot(d, slide.heading_);
    across[i] = rules::Cross(slide.heading_, d);
    tau[i] = samples[i].time_s - slide.mean_time_s_;
    const double basis[3] = {1, tau[i], tau[i] * tau[i]};
    for (int r = 0; r < 3; ++r) {
      right[r] += basis[r] * along[i];
      for (int c = 0; c < 3; ++c) normal[r][c] += basis[r] * basis[c];
    }
    slide.spread_ += along[i] * along[i];
  }
  double inverse[3][3];
  if (!Invert(normal, inverse)) return std::nullopt;
  double fit[3] = {};
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) fit[r] += inverse[r][c] * right[c];
  }
  slide.a_ = fit[0];
  slide.b_ = fit[1];
  slide.c_ = fit[2];
  if (slide.c_ >= 0 || -2 * slide.c_ > max_deceleration_mm_s2) return std::nullopt;
  slide.stop_tau_s_ = -slide.b_ / (2 * slide.c_);
  if (slide.stop_tau_s_ < tau.back()) return std::nullopt;
  double squares = 0;
  for (size_t i = 0; i < n; ++i) {
    const double residual = along[i] - (slide.a_ + slide.b_ * tau[i] + slide.c_ * tau[i] * tau[i]);
    squares += residual * residual + across[i] * across[i];
  }
  // Three rates along and the line's offset and turn across are fitted.
  slide.scatter_mm_ = std::max(floor_sigma_mm, std::sqrt(squares / static_cast<double>(2 * n - 5)));
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c)
      slide.covariance_[r][c] = slide.scatter_mm_ * slide.scatter_mm_ * inverse[r][c];
  }
  return slide;
}

}  // namespace tabref::vision
