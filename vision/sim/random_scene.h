#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "vision/pieces/piece_set.h"
#include "vision/sim/body.h"
#include "vision/sim/random.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// A table with pieces on it, ready for the physics and the renderer (looks[i] is bodies[i]).
struct SceneSetup {
  TableLayout layout;
  std::vector<PieceLook> looks;
  std::vector<Body> bodies;
};

struct RandomSceneOptions {
  int coins = 8;
  int tiles = 3;
  int pyramids = 5;                       // of which one sits on another when there are two or more
  bool distractors = false;               // a die, a pen and a card
  std::optional<TableMaterial> material;  // random when not given
};

// Pieces scattered without overlap over the play area (inside the markers), random faces,
// suits, values, sizes, colours and turns; the table's size and marker placement vary a little.
SceneSetup RandomScene(const PieceSet& set, const RandomSceneOptions& options, Rng& rng);

}  // namespace tabref::vision::sim
