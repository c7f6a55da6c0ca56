#pragma once

#include <optional>
#include <vector>

#include "calibration/board.h"
#include "calibration/coverage.h"

namespace tabref::calibration {

struct ViewSelectorOptions {
  double max_still_motion_px = 0.8;       // mean corner motion between frames of a still board
  int still_frames = 6;                   // consecutive still frames before a view is taken
  double min_new_area = 0.04;             // image fraction a view must add, unless it adds a tilt
  int min_corners_fraction_percent = 50;  // of the last view's corners a match must share

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// Picks calibration views from a live camera: a view is taken when the board has been held
// still for a moment (no motion blur, no rolling-shutter skew) and it adds coverage (a new
// part of the image or a new tilt).
class ViewSelector {
 public:
  ViewSelector(cv::Size image_size, const ViewSelectorOptions& options = {});

  // The board found in the newest frame (nothing when not found). Returns true when this
  // frame was taken as a view.
  bool Offer(const std::optional<BoardView>& found);
  // A photo of the board rather than a video frame (it was held still when taken): taken
  // when it adds coverage. Returns true when it was.
  bool OfferStill(const BoardView& found);

  const std::vector<BoardView>& Views() const { return views_; }
  CoverageReport Coverage() const { return coverage_.Report(); }

 private:
  // Mean motion of the corners both views share; nothing when they share too few.
  std::optional<double> Motion(const BoardView& from, const BoardView& to) const;
  // Takes the view when it adds coverage.
  bool TakeIfNew(const BoardView& found);

  ViewSelectorOptions options_;
  CoverageMap coverage_;
  std::optional<BoardView> previous_;
  int still_count_ = 0;
  std::vector<BoardView> views_;
};

}  // namespace tabref::calibration
