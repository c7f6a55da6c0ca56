#pragma once

#include <opencv2/core.hpp>
#include <optional>
#include <vector>

#include "vision/sim/camera.h"
#include "vision/sim/random.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// Where the simulated webcam may be and what lens it has.
struct WebcamRig {
  int width = 1280;  // frame size in pixels
  int height = 720;
  std::optional<double> tilt_deg;  // from straight down; random in 0..40 when not given
};

// A webcam on a stand or a shelf above `layout`: anywhere from straight down to 40 degrees
// oblique, a slightly off-centre principal point and mild barrel or pincushion distortion,
// framing the four marker sheets whole plus the table points `also_see` (a court, a course).
Camera RandomWebcam(const WebcamRig& rig, const TableLayout& layout, Rng& rng,
                    const std::vector<cv::Vec3d>& also_see = {});

}  // namespace tabref::vision::sim
