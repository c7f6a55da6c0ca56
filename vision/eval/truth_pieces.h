#pragma once

#include <optional>
#include <string>
#include <vector>

#include "calibration/table_calibration.h"
#include "vision/observation/observation.h"
#include "vision/sim/detection_scene.h"

namespace tabref::vision {

// A piece the detector should report, from the simulator's ground truth, in the detector's
// terms (only what can be seen: a coin's suit side shows no rank).
struct TruthPiece {
  ObservedPiece piece;
  bool hidden = false;  // covered by a hand: not expected
  // A pyramid nested flush in one of its own colour (its faces continue the lower one's, its
  // apex within a millimetre of it): no pixel shows it as a piece of its own. Not expected.
  bool indistinct = false;
  bool distractor = false;  // die, pen, card: must not be reported
  std::string description;  // "coin suit suns", for reports

  bool Expected() const { return !hidden && !indistinct && !distractor; }
};

std::vector<TruthPiece> TruthPieces(const sim::DetectionScene& scene, const PieceSet& set);

// The calibration a perfect marker fit would give: the simulated camera's own pose and lens.
calibration::TableCalibration TruthCalibration(const sim::Camera& camera,
                                               const sim::TableLayout& layout);

}  // namespace tabref::vision
