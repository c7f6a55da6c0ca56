#pragma once

#include <vector>

#include "calibration/board.h"
#include "calibration/markers.h"

class QPainter;

namespace tabref::gui {

// What the calibration pages draw over the camera picture, in frame pixel coordinates
// (CameraView::Overlay).

// The outlines of the board views kept so far, shaded: the parts of the picture covered.
void DrawKeptViews(QPainter& painter, const std::vector<calibration::BoardView>& views);
// The board's corners found in the frame, and its outline.
void DrawBoardCorners(QPainter& painter, const calibration::BoardView& board);
// Each table marker found, outlined with its id in large type.
void DrawTableMarkers(QPainter& painter, const calibration::MarkerDetection& markers);

}  // namespace tabref::gui
