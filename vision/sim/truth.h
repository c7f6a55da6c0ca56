#pragma once

#include <cstdint>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <vector>

#include "vision/sim/body.h"
#include "vision/sim/camera.h"
#include "vision/sim/physics.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// Exact ground truth of a simulated recording, written as truth.json (docs/synthetic-table.md):
// the camera and its pose, the markers in the table frame, the pieces, every frame's poses,
// the physics events and the moments the table came to rest.
class GroundTruth {
 public:
  GroundTruth(const Camera& camera, const TableLayout& layout, const std::vector<PieceLook>& looks,
              std::uint64_t seed, double fps);

  void AddFrame(int index, double time_s, const std::vector<Body>& bodies);
  // The finished document; events are matched to the first frame that shows them.
  nlohmann::json ToJson(const std::vector<Event>& events) const;

 private:
  nlohmann::json header_;
  nlohmann::json frames_ = nlohmann::json::array();
  double fps_;
};

// One piece's pose in a frame, as truth.json stores it.
nlohmann::json PoseJson(int piece, const Body& body);
// What a piece is, as truth.json stores it (DESIGN.md's names for kinds, sides, suits, ranks).
nlohmann::json PieceJson(int piece, const PieceLook& look);
nlohmann::json EventJson(const Event& event, double fps);

}  // namespace tabref::vision::sim
