#pragma once

#include <QString>
#include <cstdint>
#include <optional>
#include <string>

#include "calibration/intrinsics.h"
#include "calibration/table_calibration.h"
#include "data/store/game_store.h"

namespace tabref::gui {

class CameraFeed;

// What the calibration wizard's pages share: where calibrations are stored, the camera and
// what has been calibrated so far. Owned by the wizard; its pages hold a reference.
struct CalibrationSession {
  CalibrationSession(data::GameStore& the_store, CameraFeed& the_feed)
      : store(the_store), feed(the_feed) {}

  data::GameStore& store;
  CameraFeed& feed;

  // Chosen on the first page.
  std::string source = "webcam:0";  // as OpenSource reads it: webcam:N, a folder, sim:SEED, …
  bool source_is_photos = false;    // a folder of pictures rather than a video
  std::string camera_name = "default";
  double marker_mm = 60;  // the table markers' black square, as printed

  // Calibrated (and stored) in this wizard.
  std::optional<calibration::Intrinsics> new_intrinsics;
  std::optional<calibration::TableCalibration> saved_table;
  std::optional<std::int64_t> saved_table_id;

  // The lens the table is calibrated with: the one calibrated now, else the newest stored for
  // the camera. Throws StoreError or CalibrationError (a damaged stored record).
  std::optional<calibration::Intrinsics> Lens() const;
  std::optional<data::CalibrationRecord> StoredIntrinsics() const;
  // Stores a calibration ("intrinsics" or "table") under the camera's name, in one
  // transaction; returns its id. Throws StoreError.
  std::int64_t Store(const std::string& kind, double residual_rms_px, const std::string& yaml);
};

// "camera 'default'" for messages.
QString CameraLabel(const std::string& camera_name);

}  // namespace tabref::gui
