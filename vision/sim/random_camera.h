#pragma once

#include <optional>
#include <vector>

#include "vision/sim/camera.h"
#include "vision/sim/random.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// A webcam on a stand or a shelf: anywhere from straight down to 40 degrees oblique (or
// `tilt_deg`), a slightly off-centre principal point and mild barrel or pincushion distortion.
CameraOptions RandomCameraOptions(int width, int height, std::optional<double> tilt_deg, Rng& rng);

// The corners of the four marker sheets, which must be in view whole.
std::vector<cv::Vec3d> SheetCorners(const TableLayout& layout);

// The camera of `options` aimed at the play area with every marker sheet in view.
Camera PlaceCameraOverTable(const CameraOptions& options, const TableLayout& layout);

}  // namespace tabref::vision::sim
