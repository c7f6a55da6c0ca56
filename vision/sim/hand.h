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

// A hand tidying the table: it stops over each place in turn (table frame, mm), arriving at
// each at its time, to take a piece up or set one down there.
struct HandStop {
  cv::Vec2d at{0, 0};
  double time_s = 0;
};
// The hand comes in over this time to its first stop, and takes this long from one stop to the
// next.
inline constexpr double kHandComeInS = 0.4;
inline constexpr double kHandBetweenStopsS = 0.25;

// The hand of a player going from stop to stop, its arm from `heading`'s back side; over the
// last stop from then on. Nothing before it comes in (or without stops).
std::optional<HandPose> TidyingHand(const std::vector<HandStop>& stops, double heading,
                                    double time_s);

}  // namespace tabref::vision::sim
