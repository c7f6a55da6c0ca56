#pragma once

#include <QWizardPage>

#include "app/gui/calibration_session.h"

class QComboBox;
class QDoubleSpinBox;
class QLineEdit;
class QPushButton;

namespace tabref::gui {

class WizardStatus;

// The wizard's first page: what to print and where to lay it, the PDFs to print, and which
// camera (a webcam, a folder of pictures, a video or the synthetic table) and its name in the
// store.
class MarkersPage : public QWizardPage {
  Q_OBJECT

 public:
  enum SourceKind { kWebcam, kPictureFolder, kOtherSource };

  explicit MarkersPage(CalibrationSession& session, QWidget* parent = nullptr);

  // Writes the table markers and the board as PDF into `folder`; false (with the reason in
  // the page) when they cannot be written.
  bool writeSheetsTo(const QString& folder);
  void chooseSource(SourceKind kind, const QString& value);
  void setCameraName(const QString& name);
  const WizardStatus& status() const { return *status_; }

  // Refuses to go on without a usable source and name; keeps them in the session.
  bool validatePage() override;

 private:
  void askFolderForSheets();
  void browseForSource();
  void showSourceHint();

  CalibrationSession& session_;
  QComboBox* paper_;
  QDoubleSpinBox* marker_mm_;
  QComboBox* source_kind_;
  QLineEdit* source_;
  QPushButton* browse_;
  QLineEdit* camera_name_;
  WizardStatus* status_;
};

}  // namespace tabref::gui
