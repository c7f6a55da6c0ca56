#pragma once

#include <opencv2/core.hpp>

#include "vision/sim/render_options.h"

namespace tabref::vision::sim {

// How shiny a surface is (Blinn-Phong).
struct SurfaceFinish {
  double specular = 0;   // strength of the highlight, 0 for matte
  double shininess = 1;  // exponent: higher is a tighter highlight
};

// Light falling on a point: multiply the albedo by `diffuse`, then add `specular` (0..255).
struct Shade {
  cv::Vec3f diffuse;
  cv::Vec3f specular;
  cv::Vec3f Apply(const cv::Vec3f& albedo) const { return albedo.mul(diffuse) + specular; }
};

// A lamp above the table (a point light with inverse-square falloff), a directional fill
// from a window and ambient light, in the table frame.
class Lighting {
 public:
  Lighting(const RenderOptions& options, const cv::Vec3d& play_area_centre);

  Shade At(const cv::Vec3d& point, const cv::Vec3d& normal, const cv::Vec3d& eye,
           const SurfaceFinish& finish) const;
  const cv::Vec3d& LampPosition() const { return lamp_; }
  double LampRadius() const { return lamp_radius_; }

 private:
  cv::Vec3d lamp_;
  double lamp_radius_;
  cv::Vec3f lamp_colour_;
  cv::Vec3d fill_direction_;
  cv::Vec3f fill_colour_;
  float ambient_;
};

}  // namespace tabref::vision::sim
