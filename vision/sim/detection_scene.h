#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "vision/pieces/piece_set.h"
#include "vision/sim/body.h"
#include "vision/sim/camera.h"
#include "vision/sim/hand.h"
#include "vision/sim/render_options.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// A still of a busy table for detection tests and benchmarks: what real tables do to a
// detector (touching and clustered pieces, coins against tiles and on the marker paper,
// stacks, distractors, a hand over the table, varied light, lens and sensor).
struct DetectionSceneOptions {
  int width = 1920;  // image size
  int height = 1080;
  std::optional<double> tilt_deg;  // camera tilt; random in 0..40 when not given
  int coins = 10;                  // scattered coins (clusters add more)
  int tiles = 4;
  int pyramids = 5;
  int touching_coins = 4;  // extra coins placed touching a coin or a tile
  int coins_on_paper = 1;  // extra coins on a marker sheet's white paper
  // Blocks of 2 to 6 tiles laid edge to edge (a bocce court is two 3x2 blocks), drawn from a
  // random stream of their own so that the other pieces lie where they would without them.
  int tile_blocks = 0;
  // Coins lying on tiles (one tile thickness up), from a random stream of their own too.
  int coins_on_tiles = 0;
  bool distractors = true;                // a die, a pen and a card
  double hand_chance = 0.25;              // chance of a hand reaching over the table
  bool vary_lighting = true;              // random lamp, colours, noise, compression
  std::optional<TableMaterial> material;  // random when not given
  std::uint64_t seed = 1;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

struct DetectionScene {
  Camera camera;
  TableLayout layout;
  RenderOptions render;
  std::vector<PieceLook> looks;  // looks[i] is at bodies[i]
  std::vector<Body> bodies;
  std::optional<HandPose> hand;
  // Pieces whose centre the hand hides (not expected to be found).
  std::vector<bool> hidden;
  cv::Mat image;  // BGR
};

DetectionScene MakeDetectionScene(const PieceSet& set, const DetectionSceneOptions& options);

// Options for a bare table at `width` x `height`: no piece, distractor or hand, steady light
// (tests that lay out their own pieces).
DetectionSceneOptions BareTableOptions(int width, int height, std::uint64_t seed);

}  // namespace tabref::vision::sim
