#include "app/gui/table_views.h"

#include <QObject>
#include <QStringList>

#include "app/gui/qt_text.h"
#include "calibration/calibration_error.h"

namespace tabref::gui {
namespace {

// "0", "0 and 1", "0, 1 and 3".
QString ListIds(const QList<int>& ids) {
  QStringList names;
  for (int id : ids) names << QString::number(id);
  if (names.size() <= 1) return names.join("");
  const QString last = names.takeLast();
  return QObject::tr("%1 and %2").arg(names.join(", "), last);
}

}  // namespace

FrameAnalyser MakeTableAnalyser(std::optional<calibration::Intrinsics> lens,
                                calibration::TableCalibrationOptions options) {
  return [lens = std::move(lens), options](const cv::Mat& frame) {
    auto findings = std::make_shared<TableFindings>();
    findings->markers = calibration::DetectTableMarkers(frame);
    if (findings->markers.table_markers.size() == calibration::kTableMarkerCount) {
      try {
        findings->table =
            calibration::CalibrateTable(findings->markers, frame.size(), lens, options);
      } catch (const calibration::CalibrationError& error) {
        findings->problem = ToQString(error.what());
      }
    }
    return std::shared_ptr<const FrameFindings>(std::move(findings));
  };
}

QString MarkersSeen(const calibration::MarkerDetection& markers) {
  QList<int> seen;
  QList<int> missing;
  for (int id = 0; id < calibration::kTableMarkerCount; ++id) {
    bool found = false;
    for (const calibration::MarkerObservation& marker : markers.table_markers) {
      found = found || marker.id == id;
    }
    (found ? seen : missing) << id;
  }
  if (missing.isEmpty()) return QObject::tr("All four markers seen.");
  if (seen.isEmpty()) {
    return QObject::tr("No table marker seen: are the sheets in the picture, flat and lit?");
  }
  QString text = seen.size() == 1 ? QObject::tr("Marker %1 seen; ").arg(ListIds(seen))
                                  : QObject::tr("Markers %1 seen; ").arg(ListIds(seen));
  text += missing.size() == 1 ? QObject::tr(
                                    "marker %1 not seen: is it covered, or outside the "
                                    "picture?")
                                    .arg(ListIds(missing))
                              : QObject::tr(
                                    "markers %1 not seen: are they covered, or outside "
                                    "the picture?")
                                    .arg(ListIds(missing));
  if (!markers.duplicated_ids.empty()) {
    text += QObject::tr(" A marker is seen twice: print each id once.");
  }
  return text;
}

}  // namespace tabref::gui
