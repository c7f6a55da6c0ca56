#pragma once

#include <opencv2/core.hpp>
#include <optional>

#include "vision/sim/body.h"

namespace tabref::vision::sim {

// Where two footprints overlap: `normal` points from a to b, `depth` is the overlap (mm)
// along it and `point` a table-frame point of the contact.
struct Contact {
  cv::Vec2d normal;
  double depth = 0;
  cv::Vec2d point;
};

// The overlap of two footprints (discs and rotated boxes), or nothing when they are apart.
std::optional<Contact> FindContact(const Body& a, const Body& b);

}  // namespace tabref::vision::sim
