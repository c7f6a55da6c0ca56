#include "vision/sim/sensor.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace tabref::vision::sim {
namespace {

constexpr int kNoisePadding = 64;

cv::Mat VignetteGain(cv::Size size, double strength) {
  cv::Mat gain(size, CV_8UC3);
  const double cx = 0.5 * (size.width - 1);
  const double cy = 0.5 * (size.height - 1);
  const double corner2 = cx * cx + cy * cy;
  for (int v = 0; v < size.height; ++v) {
    for (int u = 0; u < size.width; ++u) {
      const double r2 = ((u - cx) * (u - cx) + (v - cy) * (v - cy)) / corner2;
      // cos^4-like falloff, reaching 1 - strength in the corners.
      const double falloff = 1 - strength * r2 * (0.6 + 0.4 * r2);
      gain.at<cv::Vec3b>(v, u) = cv::Vec3b::all(cv::saturate_cast<uchar>(255 * falloff));
    }
  }
  return gain;
}

// An odd kernel holding +-2.5 sigma: OpenCV's fast 3x3 path for the usual lens softness.
cv::Size BlurKernel(double sigma) {
  const int radius = std::max(1, static_cast<int>(std::lround(2.5 * sigma)));
  return {2 * radius + 1, 2 * radius + 1};
}

}  // namespace

Sensor::Sensor(cv::Size image_size, const RenderOptions& options)
    : options_(options), vignette_(VignetteGain(image_size, options.vignetting)) {
  cv::RNG rng(options.seed * 7919 + 17);
  cv::Mat noise(image_size.height + kNoisePadding, image_size.width + kNoisePadding, CV_32FC3);
  rng.fill(noise, cv::RNG::NORMAL, 0, options.noise_sigma);
  noise.convertTo(brighter_, CV_8UC3);
  cv::Mat negated = -noise;
  negated.convertTo(darker_, CV_8UC3);
  drift_phase_[0] = rng.uniform(0.0, 2 * CV_PI);
  drift_phase_[1] = rng.uniform(0.0, 2 * CV_PI);
}

double Sensor::ExposureGain(double time_s) const {
  const double wander = 0.6 * std::sin(2 * CV_PI * time_s / 7.3 + drift_phase_[0]) +
                        0.4 * std::sin(2 * CV_PI * time_s / 2.9 + drift_phase_[1]);
  return 1 + options_.exposure_drift * wander;
}

void Sensor::Expose(cv::Mat& frame, double time_s) const {
  cv::multiply(frame, vignette_, frame, ExposureGain(time_s) / 255.0);
  if (options_.lens_blur_px > 0)
    cv::GaussianBlur(frame, frame, BlurKernel(options_.lens_blur_px), options_.lens_blur_px);
  if (options_.noise_sigma > 0) AddNoise(frame, time_s);
  if (options_.jpeg_quality > 0) {
    std::vector<uchar> encoded;
    cv::imencode(".jpg", frame, encoded, {cv::IMWRITE_JPEG_QUALITY, options_.jpeg_quality});
    frame = cv::imdecode(encoded, cv::IMREAD_COLOR);
  }
}

void Sensor::AddNoise(cv::Mat& frame, double time_s) const {
  cv::RNG rng(options_.seed ^ static_cast<std::uint64_t>(std::llround(time_s * 1e6)));
  const cv::Rect window(rng.uniform(0, kNoisePadding), rng.uniform(0, kNoisePadding), frame.cols,
                        frame.rows);
  cv::add(frame, brighter_(window), frame);
  cv::subtract(frame, darker_(window), frame);
}

}  // namespace tabref::vision::sim
