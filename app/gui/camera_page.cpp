#include "app/gui/camera_page.h"

#include <QVBoxLayout>

#include "app/gui/camera_view.h"
#include "app/gui/qt_text.h"
#include "app/gui/wizard_status.h"

namespace tabref::gui {

CameraPage::CameraPage(CalibrationSession& session, QWidget* parent)
    : QWizardPage(parent),
      session_(session),
      camera_(new CameraView),
      camera_status_(new WizardStatus),
      layout_(new QVBoxLayout(this)) {
  camera_->setMinimumSize(480, 270);
  camera_status_->setObjectName("cameraStatus");
  layout_->addWidget(camera_, 1);
  layout_->addWidget(camera_status_);
}

void CameraPage::startCamera(FrameAnalyser analyser) {
  stopCamera();
  frames_read_ = 0;
  source_ended_ = false;
  camera_->clearFrame();
  camera_status_->showInfo(tr("Opening %1…").arg(ToQString(session_.source)));
  CameraFeed& feed = session_.feed;
  connections_ << connect(&feed, &CameraFeed::frameArrived, this,
                          [this](const AnalysedFrame& frame) {
                            frames_read_ = frame.index + 1;
                            camera_->setFrame(frame.image);
                            showFindings(frame);
                          })
               << connect(&feed, &CameraFeed::opened, this, &CameraPage::showOpened)
               << connect(&feed, &CameraFeed::waiting, camera_status_, &WizardStatus::showProblem)
               << connect(&feed, &CameraFeed::finished, this, &CameraPage::showEnded);
  feed.start(session_.source, std::move(analyser));
}

void CameraPage::stopCamera() {
  for (const QMetaObject::Connection& connection : connections_) disconnect(connection);
  connections_.clear();
  session_.feed.stop();
}

void CameraPage::showOpened(const QString& description) {
  camera_status_->showInfo(tr("Camera: %1").arg(description));
}

void CameraPage::showEnded(const QString& problem) {
  source_ended_ = true;
  if (!problem.isEmpty()) {
    camera_status_->showProblem(problem);
    return;
  }
  camera_status_->showInfo(session_.source_is_photos
                               ? tr("All %1 pictures of the folder looked at.").arg(frames_read_)
                               : tr("The source ended after %1 frames.").arg(frames_read_));
  allFramesSeen();
}

bool CameraPage::validatePage() {
  stopCamera();
  return true;
}

void CameraPage::cleanupPage() {
  stopCamera();
  QWizardPage::cleanupPage();
}

}  // namespace tabref::gui
