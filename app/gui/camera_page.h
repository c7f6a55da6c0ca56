#pragma once

#include <QWizardPage>

class QVBoxLayout;

#include "app/gui/calibration_session.h"
#include "app/gui/camera_feed.h"

namespace tabref::gui {

class CameraView;
class WizardStatus;

// A wizard page that watches the camera: the live picture, a line saying what the camera is
// doing, and the page's own analysis of every frame (on the capture thread). The camera runs
// while the page is on show.
class CameraPage : public QWizardPage {
  Q_OBJECT

 public:
  CameraView& cameraView() { return *camera_; }
  const WizardStatus& cameraStatus() const { return *camera_status_; }
  // Frames the source delivered since the page was opened (the GUI may have skipped some).
  qint64 framesRead() const { return frames_read_; }
  // The source read to its end (a folder or a file) or failed.
  bool sourceEnded() const { return source_ended_; }

  bool validatePage() override;
  void cleanupPage() override;

 protected:
  CameraPage(CalibrationSession& session, QWidget* parent);

  // The camera picture and its status line; a page adds its own widgets below.
  QVBoxLayout* pageLayout() { return layout_; }

  // Opens the session's camera with `analyser`.
  void startCamera(FrameAnalyser analyser);
  void stopCamera();
  virtual void showFindings(const AnalysedFrame& frame) = 0;
  // After the last frame of a folder or file (not after a failure).
  virtual void allFramesSeen() {}

  CalibrationSession& session_;

 private:
  void showOpened(const QString& description);
  void showEnded(const QString& problem);

  CameraView* camera_;
  WizardStatus* camera_status_;
  QVBoxLayout* layout_;
  QList<QMetaObject::Connection> connections_;
  qint64 frames_read_ = 0;
  bool source_ended_ = false;
};

}  // namespace tabref::gui
