#pragma once

#include <cstdint>
#include <vector>

#include "vision/detect/piece_detector.h"
#include "vision/eval/truth_pieces.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"

namespace tabref::vision::testing {

// A rendered scene, its ground truth and what the detector found in it.
struct DetectedScene {
  sim::DetectionScene scene;
  std::vector<TruthPiece> truth;
  Detection detection;
};

// A 1080p scene without a hand, with `coins_on_tiles` coins lying on tiles and `tile_blocks`
// blocks of touching tiles, detected with the calibration a perfect marker fit gives (the
// detector, not the markers, is under test).
DetectedScene DetectTileScene(const PieceSet& set, std::uint64_t seed, double tilt_deg,
                              int coins_on_tiles, int tile_blocks);

// The bare table of `options` (sim::BareTableOptions) with a play area of the size given, seen
// by a webcam of `options.seed` framing it, for a test to lay out its own pieces in.
sim::DetectionScene BareTable(const PieceSet& set, const sim::DetectionSceneOptions& options,
                              double play_width_mm, double play_depth_mm);

// Renders `scene`'s pieces into its image and returns a detector calibrated from that frame's
// markers with the lens known, as the live referee calibrates.
PieceDetector RenderAndCalibrate(sim::DetectionScene& scene, const PieceSet& set);

}  // namespace tabref::vision::testing
