#include "app/gui/calibration_wizard.h"

#include "app/gui/calibration_done_page.h"
#include "app/gui/intrinsics_page.h"
#include "app/gui/markers_page.h"
#include "app/gui/table_page.h"

namespace tabref::gui {

CalibrationWizard::CalibrationWizard(data::GameStore& store, QWidget* parent)
    : QWizard(parent),
      session_(store, feed_),
      markers_(new MarkersPage(session_)),
      intrinsics_(new IntrinsicsPage(session_)),
      table_(new TablePage(session_)),
      done_(new CalibrationDonePage(session_)) {
  setWindowTitle(tr("Calibrate camera"));
  setWizardStyle(QWizard::ModernStyle);
  setOption(QWizard::NoBackButtonOnLastPage);
  setPage(kMarkersPage, markers_);
  setPage(kIntrinsicsPage, intrinsics_);
  setPage(kTablePage, table_);
  setPage(kDonePage, done_);
  resize(900, 800);
}

CalibrationWizard::~CalibrationWizard() { feed_.stop(); }

void CalibrationWizard::done(int result) {
  feed_.stop();
  QWizard::done(result);
}

}  // namespace tabref::gui
