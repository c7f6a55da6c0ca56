#include "app/gui/board_views.h"

#include <QObject>

#include "app/gui/qt_text.h"
#include "calibration/printable_sheets.h"
#include "calibration/view_selector.h"

namespace tabref::gui {
namespace {

constexpr double kMinNewAreaOfPhoto = 0.01;

// What the analyser keeps from frame to frame, on the capture thread.
struct BoardTracking {
  calibration::BoardSpec board = calibration::PrintedCharucoBoard();
  std::optional<calibration::ViewSelector> selector;  // made at the first frame's size
  int frames_without_board = 0;
};

}  // namespace

FrameAnalyser MakeBoardAnalyser(bool photos) {
  auto tracking = std::make_shared<BoardTracking>();
  calibration::ViewSelectorOptions options;
  // A photo was taken on purpose: keep it unless it nearly repeats the views kept.
  if (photos) options.min_new_area = kMinNewAreaOfPhoto;
  return [tracking, photos, options](const cv::Mat& frame) -> std::shared_ptr<const FrameFindings> {
    BoardTracking& state = *tracking;
    if (!state.selector) state.selector.emplace(frame.size(), options);
    auto findings = std::make_shared<BoardFindings>();
    findings->board = calibration::DetectBoard(frame, state.board, "");
    if (!findings->board) ++state.frames_without_board;
    if (photos) {
      findings->taken = findings->board && state.selector->OfferStill(*findings->board);
    } else {
      findings->taken = state.selector->Offer(findings->board);
    }
    findings->views = state.selector->Views();
    findings->coverage = state.selector->Coverage();
    findings->frames_without_board = state.frames_without_board;
    return findings;
  };
}

QString BoardNextStep(const BoardFindings& findings, int min_views, int wanted_views, bool photos) {
  const int kept = static_cast<int>(findings.views.size());
  const QString missing = ToQString(findings.coverage.Missing());
  QString text = QObject::tr("%1 of %2 views kept").arg(kept).arg(wanted_views);
  if (kept > 0) {
    text += QObject::tr(" (they cover %1 % of the picture)")
                .arg(qRound(100 * findings.coverage.area_fraction));
  }
  text += ". ";
  if (kept >= min_views && missing.isEmpty()) {
    return text + QObject::tr("Good coverage: press Calibrate.");
  }
  if (kept >= min_views) {
    return text + QObject::tr("You can press Calibrate now; better still: %1.").arg(missing);
  }
  if (photos) {
    return text + QObject::tr("Next: add pictures of the whole board to the folder%1.")
                      .arg(missing.isEmpty() ? QString() : ": " + missing);
  }
  if (!findings.board) {
    return text + QObject::tr(
                      "Next: hold the ChArUco board in front of the camera, all of it "
                      "in view.");
  }
  if (findings.taken) {
    return text + QObject::tr("View taken. Next: %1.")
                      .arg(missing.isEmpty() ? QObject::tr("another one, in a new place or tilt")
                                             : missing);
  }
  return text +
         QObject::tr("Board seen: hold it still%1.")
             .arg(missing.isEmpty() ? QString() : QObject::tr(" somewhere new (%1)").arg(missing));
}

}  // namespace tabref::gui
