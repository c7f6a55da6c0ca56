#pragma once

#include <opencv2/core.hpp>

#include "vision/sim/camera.h"
#include "vision/sim/lighting.h"
#include "vision/sim/render_options.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// What the camera sees of everything that never moves: the lit table top with its marker
// sheets (antialiased by supersampling, so marker corners land where the model projects
// them), the table's edge and the floor. Ray-cast per pixel through the lens model; slow
// (tens of ms), so renderers cache it per camera.
cv::Mat RenderBackground(const Camera& camera, const TableLayout& layout, const Lighting& lighting,
                         const RenderOptions& options);

}  // namespace tabref::vision::sim
