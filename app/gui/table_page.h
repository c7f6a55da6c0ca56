#pragma once

#include "app/gui/camera_page.h"
#include "app/gui/table_views.h"

class QPushButton;

namespace tabref::gui {

// The wizard's table step: the live picture with the four corner markers found or missing,
// the table calibrated from every frame with its reprojection error, and Save, which stores
// the newest good calibration under the camera's name.
class TablePage : public CameraPage {
  Q_OBJECT

 public:
  explicit TablePage(CalibrationSession& session, QWidget* parent = nullptr);

  void initializePage() override;

  bool hasCalibration() const { return newest_good_.has_value(); }
  const WizardStatus& markerStatus() const { return *markers_; }
  const WizardStatus& calibrationStatus() const { return *calibration_; }

 public slots:
  // Stores the newest good calibration; false (with the reason shown) when there is none or
  // the store refuses it.
  bool save();

 protected:
  void showFindings(const AnalysedFrame& frame) override;

 private:
  WizardStatus* markers_;
  WizardStatus* calibration_;
  QPushButton* save_;
  WizardStatus* saved_;
  std::optional<calibration::TableCalibration> newest_good_;
};

}  // namespace tabref::gui
