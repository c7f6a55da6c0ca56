#pragma once

#include <cstdint>
#include <memory>
#include <opencv2/core.hpp>
#include <vector>

#include "rules/core/geometry.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// What a simulated source knows about a frame exactly: the pieces on the table as a perfect
// camera would report them (no track ids) and the outline of the player's hand over the
// table, if any. Real cameras leave it empty; tests and the truth-fed analyzer read it.
struct FrameTruth {
  TableObservation table;
  std::vector<rules::Polygon> hand;  // table frame, mm: the hand's outline seen from above
};

// One camera frame.
struct Frame {
  cv::Mat image;           // BGR 8-bit; empty when a simulated source draws no frames
  double time_s = 0;       // since the source started (file: from its frame rate)
  std::int64_t index = 0;  // 0-based, in the order the source delivered them
  std::shared_ptr<const FrameTruth> truth;  // simulated sources only
};

}  // namespace tabref::vision
