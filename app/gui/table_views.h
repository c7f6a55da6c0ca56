#pragma once

#include <QString>
#include <optional>

#include "app/gui/camera_feed.h"
#include "calibration/table_calibration.h"

namespace tabref::gui {

// The table step's analysis of one frame: the markers found and the table calibrated from
// them, or why it could not be.
struct TableFindings : FrameFindings {
  calibration::MarkerDetection markers;
  std::optional<calibration::TableCalibration> table;
  QString problem;  // when there is no table: the calibration's one-line reason
};

// Finds the four table markers in every frame and calibrates the table from them with
// `lens` (none: the focal length is estimated).
FrameAnalyser MakeTableAnalyser(std::optional<calibration::Intrinsics> lens,
                                calibration::TableCalibrationOptions options);

// Which markers are seen and which are not: "Markers 0, 1 and 3 seen; marker 2 not seen: is
// it covered, or outside the picture?"
QString MarkersSeen(const calibration::MarkerDetection& markers);

}  // namespace tabref::gui
