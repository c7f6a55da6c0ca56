#include "vision/sim/lighting.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision::sim {

Lighting::Lighting(const RenderOptions& options, const cv::Vec3d& play_area_centre)
    : lamp_(play_area_centre + options.key_light_offset_mm),
      lamp_radius_(options.key_light_radius_mm),
      lamp_colour_(options.key_light_colour * options.key_light_intensity),
      fill_direction_(cv::normalize(options.fill_light_direction)),
      fill_colour_(options.fill_light_colour * options.fill_light_intensity),
      ambient_(static_cast<float>(options.ambient)) {}

Shade Lighting::At(const cv::Vec3d& point, const cv::Vec3d& normal, const cv::Vec3d& eye,
                   const SurfaceFinish& finish) const {
  const cv::Vec3d to_lamp = lamp_ - point;
  const double lamp_distance = cv::norm(to_lamp);
  const cv::Vec3d lamp_direction = to_lamp / lamp_distance;
  // Inverse-square falloff, normalised to 1 at the lamp's height straight below it.
  const double falloff = (lamp_[2] * lamp_[2]) / (lamp_distance * lamp_distance);
  const double lamp_diffuse = std::max(0.0, normal.dot(lamp_direction)) * falloff;
  const double fill_diffuse = std::max(0.0, normal.dot(fill_direction_));
  Shade shade;
  shade.diffuse = cv::Vec3f::all(ambient_) + lamp_colour_ * static_cast<float>(lamp_diffuse) +
                  fill_colour_ * static_cast<float>(fill_diffuse);
  shade.specular = cv::Vec3f::all(0);
  if (finish.specular > 0 && lamp_diffuse > 0) {
    const cv::Vec3d half_vector = cv::normalize(lamp_direction + cv::normalize(eye - point));
    const double highlight =
        finish.specular * std::pow(std::max(0.0, normal.dot(half_vector)), finish.shininess);
    shade.specular = lamp_colour_ * static_cast<float>(255 * highlight * falloff);
  }
  return shade;
}

}  // namespace tabref::vision::sim
