#pragma once

#include <QString>
#include <optional>
#include <vector>

#include "app/gui/camera_feed.h"
#include "calibration/board.h"
#include "calibration/coverage.h"

namespace tabref::gui {

// The lens step's analysis of one frame: the board in it and the views kept so far.
struct BoardFindings : FrameFindings {
  std::optional<calibration::BoardView> board;  // found in this frame
  bool taken = false;                           // this frame was kept as a view
  std::vector<calibration::BoardView> views;    // kept so far
  calibration::CoverageReport coverage;         // of the views kept
  int frames_without_board = 0;                 // so far
};

// Finds the printed ChArUco board (calibration::PrintedCharucoBoard) in every frame and
// keeps a view when it is seen well and adds coverage (calibration::ViewSelector). Pictures
// from a folder were held still when taken; video frames must show the board still first.
FrameAnalyser MakeBoardAnalyser(bool photos);

// What to do next, in a line or two: "9 of 15 views kept. Next: show the board in the
// top-left; tilt it 20-40 degrees with the left edge nearer."
QString BoardNextStep(const BoardFindings& findings, int min_views, int wanted_views, bool photos);

}  // namespace tabref::gui
