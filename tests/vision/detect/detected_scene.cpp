#include "tests/vision/detect/detected_scene.h"

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

}  // namespace tabref::vision::testing
