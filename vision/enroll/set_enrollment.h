#pragma once

#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <string>
#include <vector>

#include "calibration/table_calibration.h"
#include "vision/detect/detection.h"
#include "vision/detect/detection_options.h"

namespace tabref::vision {

struct SetEnrollmentOptions {
  int min_coins_for_size = 3;  // well-seen coins needed before their diameter replaces the set's
  // A measured coin diameter further than this from the base set's is refused (mm): it is
  // more likely a wrong calibration than a different set.
  double max_diameter_change_mm = 3;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// A piece set measured from the camera: the base set's definition with what the picture
// showed replaced (coin diameter, the suits' ink colours), and a line per field saying what
// was measured or why it was kept.
struct SetEnrollment {
  nlohmann::json definition;          // a set file's JSON (data/sets/), named as asked
  std::vector<std::string> measured;  // "coin diameter 19.31 mm from 12 coins"
  std::vector<std::string> kept;      // "arms colour: no arms coin suit side up"
  Detection detection;                // the pieces the measurements come from
};

// Enrolls a set from one picture of its pieces on the calibrated table: show the coins (each
// suit's suit side up at least once). `base` is the set file's JSON of a set like it. The
// pieces are found by shape alone (the inks may differ from the base set's); when the coins'
// measured diameter differs, they are found again with it before the inks are measured.
SetEnrollment EnrollSet(const nlohmann::json& base, const std::string& name, const cv::Mat& image,
                        const calibration::TableCalibration& calibration,
                        const SetEnrollmentOptions& options = {});

}  // namespace tabref::vision
