#include "calibration/view_selector.h"

#include <stdexcept>

namespace tabref::calibration {

void ViewSelectorOptions::Check() const {
  if (!(max_still_motion_px > 0)) {
    throw std::invalid_argument("ViewSelectorOptions.max_still_motion_px must be positive");
  }
  if (still_frames < 1)
    throw std::invalid_argument("ViewSelectorOptions.still_frames must be 1 or more");
  if (!(min_new_area >= 0 && min_new_area < 1)) {
    throw std::invalid_argument("ViewSelectorOptions.min_new_area must be in [0, 1)");
  }
  if (min_corners_fraction_percent < 1 || min_corners_fraction_percent > 100) {
    throw std::invalid_argument(
        "ViewSelectorOptions.min_corners_fraction_percent must be in 1..100");
  }
}

ViewSelector::ViewSelector(cv::Size image_size, const ViewSelectorOptions& options)
    : options_(options), coverage_(image_size) {
  options_.Check();
}

std::optional<double> ViewSelector::Motion(const BoardView& from, const BoardView& to) const {
  double sum = 0;
  int shared = 0;
  for (size_t i = 0; i < to.object_points.size(); ++i) {
    for (size_t j = 0; j < from.object_points.size(); ++j) {
      if (from.object_points[j] == to.object_points[i]) {
        sum += cv::norm(to.image_points[i] - from.image_points[j]);
        ++shared;
        break;
      }
    }
  }
  if (shared == 0 || shared * 100 < options_.min_corners_fraction_percent *
                                        static_cast<int>(from.object_points.size())) {
    return std::nullopt;
  }
  return sum / shared;
}

bool ViewSelector::Offer(const std::optional<BoardView>& found) {
  if (!found) {
    previous_.reset();
    still_count_ = 0;
    return false;
  }
  const std::optional<double> motion = previous_ ? Motion(*previous_, *found) : std::nullopt;
  still_count_ = motion && *motion <= options_.max_still_motion_px ? still_count_ + 1 : 0;
  previous_ = found;
  if (still_count_ < options_.still_frames) return false;
  if (!TakeIfNew(*found)) return false;
  still_count_ = 0;
  return true;
}

bool ViewSelector::OfferStill(const BoardView& found) { return TakeIfNew(found); }

bool ViewSelector::TakeIfNew(const BoardView& found) {
  if (coverage_.NewArea(found) < options_.min_new_area && !coverage_.AddsTilt(found)) {
    return false;
  }
  BoardView view = found;
  view.name = "view " + std::to_string(views_.size() + 1);
  coverage_.Add(view);
  views_.push_back(view);
  return true;
}

}  // namespace tabref::calibration
