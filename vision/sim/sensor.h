#pragma once

#include <opencv2/core.hpp>

#include "vision/sim/render_options.h"

namespace tabref::vision::sim {

// What a cheap webcam does to the light that reaches it: vignetting, lens softness,
// auto-exposure wander, sensor noise and JPEG (MJPG) compression. Deterministic: the same
// frame time gives the same result.
class Sensor {
 public:
  Sensor(cv::Size image_size, const RenderOptions& options);

  void Expose(cv::Mat& frame, double time_s) const;
  // The exposure gain at a time (1 = nominal).
  double ExposureGain(double time_s) const;

 private:
  void AddNoise(cv::Mat& frame, double time_s) const;

  RenderOptions options_;
  cv::Mat vignette_;  // 8-bit per-pixel gain, 255 = 1
  cv::Mat brighter_;  // noise pools, larger than a frame: a frame adds a random window of
  cv::Mat darker_;    // `brighter_` and subtracts the same window of `darker_`
  double drift_phase_[2];
};

}  // namespace tabref::vision::sim
