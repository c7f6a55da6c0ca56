#pragma once

#include <optional>
#include <vector>

#include "rules/core/geometry.h"
#include "vision/track/tracker_options.h"

namespace tabref::vision {

// The way a finger pushed the piece resting at `at` as it flicked it: away from the hand, as
// a unit vector. The hand is the table areas it hides (`hand`, around the moment of the
// flick); its part within TrackerOptions::push_reach_mm of the piece lies behind the push
// (the finger, then the hand and arm it belongs to). None when too little of the hand lies
// there, or it lies around the piece too evenly to say a side.
std::optional<rules::Vec2> FlickPush(rules::Vec2 at, const std::vector<rules::Polygon>& hand,
                                     const TrackerOptions& options);

}  // namespace tabref::vision
