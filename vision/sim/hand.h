#pragma once

#include <opencv2/core.hpp>
#include <optional>
#include <vector>

namespace tabref::vision::sim {

// A player's hand reaching over the table: the fingertips at `fingertip` (table frame, mm),
// the arm coming from the direction opposite `heading` (radians), `height` mm above the top.
struct HandPose {
  cv::Vec2d fingertip{0, 0};
  double heading = CV_PI / 2;
  double height = 30;
  // How far the forearm reaches back from the fingertips: a real arm (and the player behind
  // it) always continues out of the camera's view.
  double arm_mm = 800;
};

// The hand's outline as convex polygons (palm, fingers, thumb, forearm) in the table frame.
std::vector<std::vector<cv::Vec3d>> HandPolygons(const HandPose& pose);

// The forearm length that takes the hand's arm past the edge of the table top `top` (the
// player stands there): at least the pose's own.
double ArmOverEdge(const HandPose& pose, const cv::Rect2d& top);

// The hand of a player flicking a piece at `target` at time `flick_s`: it reaches in from
// `heading`'s back side before the flick and withdraws after. Nothing when out of view. A
// hand that set the piece (or the catapult) down at `placed_s` stays at it from then on:
// pieces do not appear on the table by themselves.
std::optional<HandPose> FlickingHand(const cv::Vec2d& target, double heading, double flick_s,
                                     double time_s, std::optional<double> placed_s = std::nullopt);

}  // namespace tabref::vision::sim
