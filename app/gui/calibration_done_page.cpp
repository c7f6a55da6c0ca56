#include "app/gui/calibration_done_page.h"

#include <QLabel>
#include <QVBoxLayout>

#include "app/gui/qt_text.h"

namespace tabref::gui {

CalibrationDonePage::CalibrationDonePage(CalibrationSession& session, QWidget* parent)
    : QWizardPage(parent), session_(session), summary_(new QLabel) {
  setTitle(tr("Done"));
  summary_->setObjectName("summary");
  summary_->setWordWrap(true);
  summary_->setTextFormat(Qt::PlainText);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(summary_);
  layout->addStretch(1);
}

void CalibrationDonePage::initializePage() {
  const QString camera = CameraLabel(session_.camera_name);
  QStringList lines;
  if (session_.new_intrinsics) {
    lines << tr("Lens: calibrated and stored for %1 (reprojection error %2 px).")
                 .arg(camera,
                      QString::number(*session_.new_intrinsics->avg_reprojection_error, 'f', 2));
  } else if (session_.saved_table && !session_.saved_table->focal_estimated) {
    lines << tr("Lens: the calibration stored earlier for %1 was used.").arg(camera);
  } else {
    lines << tr(
        "Lens: not calibrated; the focal length was estimated from the markers. "
        "Calibrate the lens for millimetre accuracy at the table's edges.");
  }
  if (session_.saved_table) {
    lines << tr("Table: saved as calibration #%1 for %2 (reprojection error %3 px).")
                 .arg(*session_.saved_table_id)
                 .arg(camera, QString::number(session_.saved_table->reprojection_rms_px, 'f', 2));
  } else {
    lines << tr("Table: not saved. Go Back and press Save once all four markers are seen.");
  }
  lines << QString()
        << tr("Next: start a game with Game → New game. Leave the camera and the marker sheets "
              "where they are; when either moves, calibrate the table again (Camera → "
              "Calibrate camera…, then Next through the lens step).");
  summary_->setText(lines.join("\n"));
}

QString CalibrationDonePage::summary() const { return summary_->text(); }

}  // namespace tabref::gui
