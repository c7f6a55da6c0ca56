#pragma once

#include <cstddef>
#include <vector>

#include "vision/observation/observation.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/body.h"
#include "vision/sim/physics.h"
#include "vision/sim/scene.h"

// The synthetic table's ground truth in the camera's terms: what a perfect camera would
// report, so the referee glue reads the simulator exactly as it reads a webcam.
namespace tabref::referee {

// The pieces on the table (standing, lying or stacked; not in the air, fallen or held; no
// distractors) with exact positions and footprints from the set's dimensions, the faces a
// camera can see (a coin's suit side shows no rank, its value side no suit; a tile's back
// neither), `sigma_mm` as their uncertainty and the body indices as track ids.
vision::TableObservation ObserveTable(const std::vector<vision::sim::PieceLook>& looks,
                                      const std::vector<vision::sim::Body>& bodies,
                                      const vision::PieceSet& set, double time_s,
                                      double sigma_mm = 0);

// One shot from the table `before` it to the table `after` it at rest, with the world's
// events from `first_event` on: `struck` (a body index) moved first, then the pieces it set
// moving in the order they were first touched; contacts in time order; pieces that left
// the table.
vision::ShotObservation ObserveShot(vision::TableObservation before, vision::TableObservation after,
                                    const std::vector<vision::sim::Event>& events,
                                    std::size_t first_event, int struck);

// A piece's footprint on the table from its body and dimensions (a lying pyramid: the
// triangle of the face it lies on).
rules::Footprint FootprintOf(const vision::sim::PieceLook& look, const vision::sim::Body& body,
                             const vision::PieceSet& set);

}  // namespace tabref::referee
