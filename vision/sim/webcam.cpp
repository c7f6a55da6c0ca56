#include "vision/sim/webcam.h"

#include <utility>

namespace tabref::vision::sim {
namespace {

CameraOptions RandomLens(const WebcamRig& rig, Rng& rng) {
  CameraOptions camera;
  camera.width = rig.width;
  camera.height = rig.height;
  camera.tilt_deg = rig.tilt_deg.value_or(Uniform(0, 40, rng));
  camera.yaw_deg = Uniform(-12, 12, rng);
  camera.roll_deg = Uniform(-3, 3, rng);
  camera.horizontal_fov_deg = Uniform(56, 72, rng);
  camera.principal_offset_px = {Uniform(-0.01, 0.01, rng) * rig.width,
                                Uniform(-0.01, 0.01, rng) * rig.height};
  camera.distortion = {Uniform(-0.12, 0.03, rng), Uniform(-0.02, 0.08, rng),
                       Uniform(-0.001, 0.001, rng), Uniform(-0.001, 0.001, rng), 0};
  return camera;
}

// The marker sheets must be in view, whole.
std::vector<cv::Vec3d> SheetCorners(const TableLayout& layout) {
  const double half = 0.5 * layout.marker_side_mm + layout.paper_margin_mm;
  std::vector<cv::Vec3d> corners;
  for (const cv::Vec3d& centre : layout.MarkerCentres()) {
    for (const auto& [dx, dy] : {std::pair{-1, -1}, {1, -1}, {1, 1}, {-1, 1}}) {
      corners.push_back(centre + cv::Vec3d(dx * half, dy * half, 0));
    }
  }
  return corners;
}

}  // namespace

Camera RandomWebcam(const WebcamRig& rig, const TableLayout& layout, Rng& rng,
                    const std::vector<cv::Vec3d>& also_see) {
  std::vector<cv::Vec3d> must_see = SheetCorners(layout);
  must_see.insert(must_see.end(), also_see.begin(), also_see.end());
  return PlaceCamera(RandomLens(rig, rng), layout.PlayAreaCentre(), must_see);
}

}  // namespace tabref::vision::sim
