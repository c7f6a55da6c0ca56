#pragma once

#include <QWizardPage>

#include "app/gui/calibration_session.h"

class QLabel;

namespace tabref::gui {

// The wizard's last page: what was calibrated and stored, and what to do next.
class CalibrationDonePage : public QWizardPage {
  Q_OBJECT

 public:
  explicit CalibrationDonePage(CalibrationSession& session, QWidget* parent = nullptr);

  void initializePage() override;
  QString summary() const;

 private:
  CalibrationSession& session_;
  QLabel* summary_;
};

}  // namespace tabref::gui
