#pragma once

#include <opencv2/core.hpp>
#include <string>
#include <utility>
#include <vector>

#include "vision/detect/stage_timer.h"
#include "vision/observation/observation.h"

namespace tabref::vision {

// A candidate a stage turned down, kept so that misses can be explained.
struct RejectedCandidate {
  ObservedKind kind = ObservedKind::kCoin;
  std::string stage;   // "fit", "classify", "dedupe", ...
  std::string reason;  // "rim found on too few rays", ...
  rules::Vec2 table_mm;
};

// Everything one detection run found, with its costs.
struct Detection {
  std::vector<ObservedPiece> pieces;
  std::vector<RejectedCandidate> rejected;
  std::vector<StageTiming> timings;  // per stage, in pipeline order
  // The coins' rim radius as this frame shows it (median over the well-seen coins, before it
  // is held near the set's radius) and how many coins it comes from: what enrollment measures.
  double measured_coin_radius_mm = 0;
  int measured_coin_count = 0;
  // Named debug images (top view, votes, fits), only when DetectionOptions::debug_images.
  std::vector<std::pair<std::string, cv::Mat>> debug_images;

  double TotalMs() const;
};

}  // namespace tabref::vision
