#include "vision/sim/render_options.h"

#include <stdexcept>
#include <string>

#include "vision/sim/option_check.h"

namespace tabref::vision::sim {
namespace {

void Require(bool ok, const char* field, const char* range) {
  RequireField(ok, "RenderOptions", field, range);
}

bool IsGain(const cv::Vec3d& colour) {
  return colour[0] >= 0 && colour[1] >= 0 && colour[2] >= 0 && colour[0] <= 2 && colour[1] <= 2 &&
         colour[2] <= 2;
}

}  // namespace

void RenderOptions::Check() const {
  Require(key_light_offset_mm[2] >= 300, "key_light_offset_mm", "at least 300 mm above the table");
  Require(IsGain(key_light_colour), "key_light_colour", "gains in [0, 2]");
  Require(key_light_intensity >= 0 && key_light_intensity <= 3, "key_light_intensity", "in [0, 3]");
  Require(key_light_radius_mm >= 0 && key_light_radius_mm <= 500, "key_light_radius_mm",
          "in [0, 500]");
  Require(cv::norm(fill_light_direction) > 0 && fill_light_direction[2] > 0, "fill_light_direction",
          "a direction pointing up");
  Require(IsGain(fill_light_colour), "fill_light_colour", "gains in [0, 2]");
  Require(fill_light_intensity >= 0 && fill_light_intensity <= 3, "fill_light_intensity",
          "in [0, 3]");
  Require(ambient >= 0 && ambient <= 1, "ambient", "in [0, 1]");
  Require(shadow_strength >= 0 && shadow_strength <= 1, "shadow_strength", "in [0, 1]");
  Require(vignetting >= 0 && vignetting < 1, "vignetting", "in [0, 1)");
  Require(lens_blur_px >= 0 && lens_blur_px <= 5, "lens_blur_px", "in [0, 5]");
  Require(noise_sigma >= 0 && noise_sigma <= 40, "noise_sigma", "in [0, 40]");
  Require(exposure_drift >= 0 && exposure_drift <= 0.5, "exposure_drift", "in [0, 0.5]");
  Require(exposure_time_s >= 0 && exposure_time_s <= 0.2, "exposure_time_s", "in [0, 0.2]");
  Require(max_blur_samples >= 1 && max_blur_samples <= 32, "max_blur_samples", "in 1..32");
  Require(jpeg_quality >= 0 && jpeg_quality <= 100, "jpeg_quality", "in 0..100");
  Require(marker_supersampling >= 1 && marker_supersampling <= 8, "marker_supersampling",
          "in 1..8");
  Require(table_texture_px_per_mm >= 0.25 && table_texture_px_per_mm <= 6,
          "table_texture_px_per_mm", "in [0.25, 6]");
}

}  // namespace tabref::vision::sim
