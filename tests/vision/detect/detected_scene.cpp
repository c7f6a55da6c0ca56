#include "tests/vision/detect/detected_scene.h"

#include "calibration/table_calibration.h"
#include "vision/sim/renderer.h"
#include "vision/sim/webcam.h"

namespace tabref::vision::testing {

DetectedScene DetectTileScene(const PieceSet& set, std::uint64_t seed, double tilt_deg,
                              int coins_on_tiles, int tile_blocks) {
  sim::DetectionSceneOptions options;
  options.seed = seed;
  options.width = 1920;
  options.height = 1080;
  options.tilt_deg = tilt_deg;
  options.coins_on_tiles = coins_on_tiles;
  options.tile_blocks = tile_blocks;
  options.hand_chance = 0;
  DetectedScene result;
  result.scene = sim::MakeDetectionScene(set, options);
  result.truth = TruthPieces(result.scene, set);
  PieceDetector detector(set);
  detector.SetCalibration(TruthCalibration(result.scene.camera, result.scene.layout));
  result.detection = detector.Detect(result.scene.image);
  return result;
}

sim::DetectionScene BareTable(const PieceSet& set, const sim::DetectionSceneOptions& options,
                              double play_width_mm, double play_depth_mm) {
  sim::DetectionScene scene = sim::MakeDetectionScene(set, options);
  scene.layout.play_width_mm = play_width_mm;
  scene.layout.play_depth_mm = play_depth_mm;
  sim::Rng rng(options.seed);
  scene.camera = sim::RandomWebcam({options.width, options.height, {}}, scene.layout, rng);
  scene.looks.clear();
  scene.bodies.clear();
  return scene;
}

PieceDetector RenderAndCalibrate(sim::DetectionScene& scene, const PieceSet& set) {
  sim::Renderer renderer(scene.camera, scene.layout, set, scene.render);
  scene.image = renderer.Render(scene.looks, scene.bodies, 0);
  PieceDetector detector(set);
  detector.SetCalibration(calibration::CalibrateTable(
      scene.image, TruthCalibration(scene.camera, scene.layout).intrinsics));
  return detector;
}

}  // namespace tabref::vision::testing
