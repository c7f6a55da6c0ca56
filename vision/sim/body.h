#pragma once

#include <opencv2/core.hpp>

namespace tabref::vision::sim {

// What holds a body up.
enum class Support {
  kTable,    // on the table top (sliding or at rest)
  kAir,      // in flight after a hop (centrifice)
  kFalling,  // crossed the table edge, dropping to the floor
  kFloor,    // came to rest on the floor
  kStacked,  // rides on another body (a pyramid on a pyramid)
  kHeld,     // in a player's hand, off the table: no physics, not drawn
};

// A piece as the physics sees it: a rigid footprint on the table plane (2D) plus height
// for hops and falls. Lengths in mm, time in s, mass in g, angles in radians.
struct Body {
  bool is_disc = true;  // a disc of `radius`, otherwise a box of `half_extent`
  double radius = 0;
  cv::Vec2d half_extent{0, 0};
  cv::Vec2d lying_half_extent{0, 0};  // a pyramid's footprint box when it lies on a face
  cv::Vec2d lying_offset{0, 0};       // that box's centre from `position`, in the body's frame
  bool can_lie = false;               // a hop may land it lying
  bool lying = false;
  double mass = 1;
  double inertia = 1;     // about the vertical axis, g mm^2
  double friction = 0.3;  // Coulomb coefficient against the table
  double spin_drag = 1;   // angular deceleration per unit of friction * g, 1/mm

  cv::Vec2d position{0, 0};  // below the centroid, table frame
  cv::Vec2d velocity{0, 0};
  double angle = 0;       // about +z
  double spin = 0;        // rad/s about +z
  double elevation = 0;   // of the base above the table top (negative once fallen off)
  double climb_rate = 0;  // d(elevation)/dt
  Support support = Support::kTable;
  int carrier = -1;         // the body it stands on when stacked
  double stack_height = 0;  // elevation above the carrier when stacked

  bool Moving() const;
  // Half sizes of the footprint box for its current pose (discs: radius, radius).
  cv::Vec2d FootprintHalfExtent() const;
  // Centre of the footprint box in the table frame: `position`, except for a lying pyramid,
  // whose centroid is not the middle of the face it lies on.
  cv::Vec2d FootprintCentre() const;
  // On the table top, standing or carried by another piece (not in the air, fallen or held).
  bool OnTable() const;
};

}  // namespace tabref::vision::sim
