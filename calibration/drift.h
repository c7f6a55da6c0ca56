#pragma once

#include <optional>

#include "calibration/markers.h"
#include "calibration/table_calibration.h"

namespace tabref::calibration {

struct DriftOptions {
  // A marker corner farther than this from where the stored calibration projects it means
  // the camera (or the sheet) moved.
  double max_corner_shift_px = 0.75;
  // Fewer markers than this in view: no verdict (a hand or a piece may cover one).
  int min_markers = 2;
  // A camera that moved shifts every marker: fewer markers than this off (of those in view)
  // is no move (a hand over part of one shifts its corners, a nudged sheet moves alone).
  int min_displaced_markers = 2;
  // A re-estimated pose whose corner RMS exceeds this (px) is not offered: a sheet moved, not
  // (only) the camera.
  double max_recalibration_rms_px = 2.0;

  void Check() const;
};

enum class DriftVerdict {
  kSteady,        // the visible markers are where the calibration expects them (all but one)
  kMoved,         // the camera moved; `recalibrated` holds the new pose when it could be made
  kNotEnoughView  // too few markers visible to tell
};

struct DriftReport {
  DriftVerdict verdict = DriftVerdict::kNotEnoughView;
  int markers_seen = 0;
  double max_corner_shift_px = 0;
  double rms_corner_shift_px = 0;
  // With kMoved and all four markers in view (or three, the sheets' layout known from the
  // stored calibration): the camera pose re-estimated with the stored intrinsics and marker
  // layout, so play can continue.
  std::optional<TableCalibration> recalibrated;
};

// Checks a new frame's markers against a stored calibration.
DriftReport CheckDrift(const TableCalibration& stored, const MarkerDetection& now,
                       const DriftOptions& options = {});

}  // namespace tabref::calibration
