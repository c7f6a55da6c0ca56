#pragma once

#include "app/gui/background_job.h"
#include "app/gui/board_views.h"
#include "app/gui/camera_page.h"

class QLabel;
class QProgressBar;
class QPushButton;

namespace tabref::gui {

// The wizard's lens step: the board seen live, views kept automatically with a progress bar
// and what to do next, and Calibrate, which computes the intrinsics off the GUI thread and
// stores them. May be skipped: the stored intrinsics are shown, and the table step works
// without any (estimating the focal length).
class IntrinsicsPage : public CameraPage {
  Q_OBJECT

 public:
  static constexpr int kWantedViews = 15;

  explicit IntrinsicsPage(CalibrationSession& session, QWidget* parent = nullptr);

  void initializePage() override;
  bool isComplete() const override;

  int viewsKept() const;
  bool canCalibrate() const;
  bool calibrating() const { return job_.busy(); }
  const WizardStatus& result() const { return *result_; }

 public slots:
  // Calibrates from the views kept (ignored while one is running or too few are kept).
  void calibrate();

 signals:
  // A calibration ended (stored, or refused with the reason shown).
  void calibrationFinished();

 protected:
  void showFindings(const AnalysedFrame& frame) override;
  void allFramesSeen() override;

 private:
  void showStored();
  void showGuidance();

  QLabel* stored_;
  QProgressBar* progress_;
  WizardStatus* guidance_;
  QPushButton* calibrate_;
  WizardStatus* result_;
  BackgroundJob job_;
  std::shared_ptr<const BoardFindings> latest_;
};

}  // namespace tabref::gui
