#pragma once

#include <cstdint>
#include <opencv2/core.hpp>

namespace tabref::vision::sim {

// How the simulated webcam sees the table. Colours and light gains are BGR. Defaults give a
// plausible USB webcam under a warm ceiling lamp with daylight from a window.
struct RenderOptions {
  cv::Vec3d key_light_offset_mm{-330, -240, 1150};  // the lamp, from the play-area centre
  cv::Vec3d key_light_colour{0.80, 0.92, 1.0};      // warm tungsten-like
  double key_light_intensity = 0.62;                // diffuse gain straight below the lamp
  double key_light_radius_mm = 70;                  // lamp size: wider makes softer shadows
  cv::Vec3d fill_light_direction{0.7, 0.25, 0.65};  // toward the window (any length)
  cv::Vec3d fill_light_colour{1.0, 0.93, 0.86};     // cool daylight
  double fill_light_intensity = 0.2;
  double ambient = 0.17;                 // light from everywhere else
  double shadow_strength = 0.55;         // light a piece takes from its shadow's core
  double vignetting = 0.3;               // relative darkening in the image corners
  double lens_blur_px = 0.55;            // Gaussian sigma of the lens and demosaicing
  double noise_sigma = 2.5;              // sensor noise, in 8-bit steps
  double exposure_drift = 0.04;          // amplitude of the auto-exposure wander
  double exposure_time_s = 1.0 / 60;     // shutter time: length of motion blur
  int max_blur_samples = 12;             // poses averaged for a moving piece
  int jpeg_quality = 80;                 // MJPG-like recompression; 0 turns it off
  int marker_supersampling = 4;          // samples per pixel side on the marker sheets
  double table_texture_px_per_mm = 1.5;  // resolution of the procedural table top
  std::uint64_t seed = 1;                // textures, noise and drift

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

}  // namespace tabref::vision::sim
