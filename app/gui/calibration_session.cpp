#include "app/gui/calibration_session.h"

#include <QObject>

#include "app/gui/qt_text.h"

namespace tabref::gui {

std::optional<data::CalibrationRecord> CalibrationSession::StoredIntrinsics() const {
  return store.LatestCalibration("intrinsics", camera_name);
}

std::optional<calibration::Intrinsics> CalibrationSession::Lens() const {
  if (new_intrinsics) return new_intrinsics;
  if (auto stored = StoredIntrinsics()) {
    return calibration::IntrinsicsFromYaml(
        stored->yaml, "the stored intrinsics of " + CameraLabel(camera_name).toStdString());
  }
  return std::nullopt;
}

std::int64_t CalibrationSession::Store(const std::string& kind, double residual_rms_px,
                                       const std::string& yaml) {
  data::CalibrationRecord record;
  record.kind = kind;
  record.camera = camera_name;
  record.residual_rms = residual_rms_px;
  record.yaml = yaml;
  return store.SaveCalibration(record);
}

QString CameraLabel(const std::string& camera_name) {
  return QObject::tr("camera '%1'").arg(ToQString(camera_name));
}

}  // namespace tabref::gui
