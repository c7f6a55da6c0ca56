#include "app/gui/table_page.h"

#include <QHBoxLayout>
#include <QPushButton>
#include <QVBoxLayout>
#include <cmath>

#include "app/gui/calibration_overlay.h"
#include "app/gui/camera_view.h"
#include "app/gui/qt_text.h"
#include "app/gui/wizard_status.h"

namespace tabref::gui {
namespace {

// Under this corner RMS a table calibration is good; the library refuses one over 2 px.
constexpr double kGoodRmsPx = 0.5;

QString DescribeTable(const calibration::TableCalibration& table) {
  const cv::Vec3d eye = -(table.rotation.t() * table.translation);
  const double from_down_deg = std::acos(-table.rotation(2, 2)) * 180 / CV_PI;
  QString text =
      QObject::tr(
          "Reprojection error %1 px over the 16 marker corners: %2. The camera is %3 mm "
          "above the table, looking %4° from straight down.")
          .arg(QString::number(table.reprojection_rms_px, 'f', 2),
               table.reprojection_rms_px < kGoodRmsPx
                   ? QObject::tr("good")
                   : QObject::tr("usable; are all sheets flat and the marker size right?"),
               QString::number(eye[2], 'f', 0), QString::number(from_down_deg, 'f', 0));
  if (table.focal_estimated) {
    text += QObject::tr(
                " Without a lens calibration the focal length (%1 px) was estimated "
                "from the markers: expect millimetres of error at the table's edges.")
                .arg(QString::number(table.intrinsics.camera_matrix(0, 0), 'f', 0));
  }
  return text;
}

}  // namespace

TablePage::TablePage(CalibrationSession& session, QWidget* parent)
    : CameraPage(session, parent),
      markers_(new WizardStatus),
      calibration_(new WizardStatus),
      save_(new QPushButton(tr("&Save"))),
      saved_(new WizardStatus) {
  setTitle(tr("Calibrate the table"));
  setSubTitle(
      tr("Step 3 of 3: the camera must see all four corner markers. Redo this step "
         "whenever the camera or a marker sheet moves."));
  markers_->setObjectName("markers");
  calibration_->setObjectName("tableCalibration");
  save_->setObjectName("save");
  save_->setEnabled(false);
  saved_->setObjectName("saved");
  connect(save_, &QPushButton::clicked, this, &TablePage::save);
  auto* row = new QHBoxLayout;
  row->addWidget(calibration_, 1);
  row->addWidget(save_, 0, Qt::AlignTop);
  QVBoxLayout* layout = pageLayout();
  layout->addWidget(markers_);
  layout->addLayout(row);
  layout->addWidget(saved_);
}

void TablePage::initializePage() {
  newest_good_.reset();
  save_->setEnabled(false);
  saved_->clear();
  cameraView().setOverlay({});
  markers_->showInfo(tr("Waiting for the first picture…"));
  calibration_->clear();
  calibration::TableCalibrationOptions options;
  options.marker_side_mm = session_.marker_mm;
  std::optional<calibration::Intrinsics> lens;
  try {
    lens = session_.Lens();
  } catch (const std::exception& error) {
    saved_->showProblem(
        tr("The stored lens calibration is not used: %1").arg(ToQString(error.what())));
  }
  startCamera(MakeTableAnalyser(std::move(lens), options));
}

void TablePage::showFindings(const AnalysedFrame& frame) {
  const auto findings = std::dynamic_pointer_cast<const TableFindings>(frame.findings);
  if (!findings) return;
  cameraView().setOverlay([findings](QPainter& painter, const QSize&) {
    DrawTableMarkers(painter, findings->markers);
  });
  const QString seen = MarkersSeen(findings->markers);
  if (findings->markers.table_markers.size() == calibration::kTableMarkerCount) {
    markers_->showGood(seen);
  } else {
    markers_->showProblem(seen);
  }
  if (findings->table) {
    newest_good_ = findings->table;
    calibration_->showGood(DescribeTable(*findings->table));
  } else if (!findings->problem.isEmpty()) {
    calibration_->showProblem(findings->problem);
  } else if (newest_good_) {
    calibration_->showInfo(tr("Save keeps the last good calibration; ") +
                           DescribeTable(*newest_good_));
  }
  save_->setEnabled(newest_good_.has_value());
}

bool TablePage::save() {
  if (!newest_good_) {
    saved_->showProblem(tr("Nothing to save yet: the camera must see all four markers."));
    return false;
  }
  try {
    session_.saved_table_id = session_.Store("table", newest_good_->reprojection_rms_px,
                                             calibration::TableCalibrationToYaml(*newest_good_));
  } catch (const std::exception& error) {
    saved_->showProblem(tr("Not saved: %1").arg(ToQString(error.what())));
    return false;
  }
  session_.saved_table = newest_good_;
  saved_->showGood(tr("Saved as table calibration #%1 for %2.")
                       .arg(*session_.saved_table_id)
                       .arg(CameraLabel(session_.camera_name)));
  return true;
}

}  // namespace tabref::gui
