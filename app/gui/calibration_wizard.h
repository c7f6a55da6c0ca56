#pragma once

#include <QWizard>

#include "app/gui/calibration_session.h"
#include "app/gui/camera_feed.h"

namespace tabref::gui {

class CalibrationDonePage;
class IntrinsicsPage;
class MarkersPage;
class TablePage;

// Camera → Calibrate camera…: prints the markers and the board, calibrates the lens from
// live board views and the table from the four corner markers, and stores both in the
// store's calibrations under the camera's name (as `tabref calibrate` does). The camera is
// read and analysed on a thread of its own; each calibration is stored whole or not at all.
class CalibrationWizard : public QWizard {
  Q_OBJECT

 public:
  enum PageId { kMarkersPage, kIntrinsicsPage, kTablePage, kDonePage };

  explicit CalibrationWizard(data::GameStore& store, QWidget* parent = nullptr);
  ~CalibrationWizard() override;

  MarkersPage& markersPage() { return *markers_; }
  IntrinsicsPage& intrinsicsPage() { return *intrinsics_; }
  TablePage& tablePage() { return *table_; }
  CalibrationDonePage& donePage() { return *done_; }
  const CalibrationSession& session() const { return session_; }

  // Stops the camera when the wizard closes, however it closes.
  void done(int result) override;

 private:
  CameraFeed feed_;
  CalibrationSession session_;
  MarkersPage* markers_;
  IntrinsicsPage* intrinsics_;
  TablePage* table_;
  CalibrationDonePage* done_;
};

}  // namespace tabref::gui
