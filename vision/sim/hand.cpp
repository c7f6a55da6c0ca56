#include "vision/sim/hand.h"

#include <algorithm>
#include <cmath>

namespace tabref::vision::sim {
namespace {

constexpr double kReachS = 0.7;      // the hand comes in over this time before the flick
constexpr double kWithdrawS = 0.5;   // and leaves over this time after it
constexpr double kReachMm = 420;     // from where it starts to the piece
constexpr double kLetGoS = 0.15;     // a hand that set a piece down leaves it over this time
constexpr double kShoulderMm = 150;  // the arm reaches on this far past the table's edge

// An ellipse of semi-axes (along, across) centred at `centre` in hand coordinates (x toward
// the fingertips, y to the left), tilted by `tilt`.
std::vector<cv::Vec2d> Ellipse(cv::Vec2d centre, double along, double across, double tilt) {
  std::vector<cv::Vec2d> outline;
  constexpr int kPoints = 16;
  for (int i = 0; i < kPoints; ++i) {
    const double a = 2 * CV_PI * i / kPoints;
    const cv::Vec2d local(along * std::cos(a), across * std::sin(a));
    outline.push_back(centre + cv::Vec2d(std::cos(tilt) * local[0] - std::sin(tilt) * local[1],
                                         std::sin(tilt) * local[0] + std::cos(tilt) * local[1]));
  }
  return outline;
}

double SmoothStep(double x) {
  x = std::clamp(x, 0.0, 1.0);
  return x * x * (3 - 2 * x);
}

// The hand over `at` (fingertips just short of it), drawn back along `heading` and lifted by
// `away` (0: down at it, 1: where it comes in from), `lift_mm` higher still.
HandPose HandOver(const cv::Vec2d& at, double heading, double away, double lift_mm = 0) {
  const cv::Vec2d direction(std::cos(heading), std::sin(heading));
  HandPose pose;
  pose.heading = heading;
  pose.fingertip = at - (12 + kReachMm * away) * direction;
  pose.height = 18 + 40 * away + lift_mm;
  return pose;
}

}  // namespace

std::vector<std::vector<cv::Vec3d>> HandPolygons(const HandPose& pose) {
  // A right hand with curled fingers seen from above, fingertips at x = 0.
  const std::vector<std::vector<cv::Vec2d>> shapes{
      {{-pose.arm_mm, -40}, {-95, -42}, {-95, 42}, {-pose.arm_mm, 40}},  // forearm
      Ellipse({-70, 0}, 48, 44, 0),                                      // palm
      Ellipse({-22, 24}, 24, 9, 0.25),                                   // index finger
      Ellipse({-18, 6}, 26, 9.5, 0.05),
      Ellipse({-24, -12}, 24, 9, -0.1),
      Ellipse({-36, -29}, 20, 8, -0.25),
      Ellipse({-62, 44}, 24, 10, 0.9),  // thumb
  };
  const double c = std::cos(pose.heading);
  const double s = std::sin(pose.heading);
  std::vector<std::vector<cv::Vec3d>> polygons;
  for (const auto& shape : shapes) {
    std::vector<cv::Vec3d> polygon;
    for (const cv::Vec2d& p : shape) {
      polygon.emplace_back(pose.fingertip[0] + c * p[0] - s * p[1],
                           pose.fingertip[1] + s * p[0] + c * p[1], pose.height);
    }
    polygons.push_back(polygon);
  }
  return polygons;
}

double ArmOverEdge(const HandPose& pose, const cv::Rect2d& top) {
  // Back along the arm from the fingertips to where it leaves the rectangle.
  const cv::Vec2d back(-std::cos(pose.heading), -std::sin(pose.heading));
  double exit = 0;
  bool found = false;
  for (int axis = 0; axis < 2; ++axis) {
    if (std::abs(back[axis]) < 1e-9) continue;
    const double low = axis == 0 ? top.x : top.y;
    const double high = low + (axis == 0 ? top.width : top.height);
    const double run = ((back[axis] > 0 ? high : low) - pose.fingertip[axis]) / back[axis];
    exit = found ? std::min(exit, std::max(run, 0.0)) : std::max(run, 0.0);
    found = true;
  }
  return std::max(pose.arm_mm, exit + kShoulderMm);
}

std::optional<HandPose> FlickingHand(const cv::Vec2d& target, double heading, double flick_s,
                                     double time_s, std::optional<double> placed_s) {
  const double before = flick_s - time_s;
  const double after = time_s - flick_s;
  const double since_placed = placed_s ? time_s - *placed_s : -1;
  const bool placing = since_placed >= 0 && since_placed < kLetGoS && before > kReachS;
  if ((before > kReachS && !placing) || after > kWithdrawS) return std::nullopt;
  const double away = placing       ? SmoothStep(since_placed / kLetGoS)
                      : before >= 0 ? 1 - SmoothStep(1 - before / kReachS)
                                    : SmoothStep(after / kWithdrawS);
  return HandOver(target, heading, away);
}

std::optional<HandPose> TidyingHand(const std::vector<HandStop>& stops, double heading,
                                    double time_s) {
  if (stops.empty() || time_s < stops.front().time_s - kHandComeInS) return std::nullopt;
  if (time_s < stops.front().time_s) {
    const double away = 1 - SmoothStep(1 - (stops.front().time_s - time_s) / kHandComeInS);
    return HandOver(stops.front().at, heading, away);
  }
  size_t next = 1;
  while (next < stops.size() && stops[next].time_s <= time_s) ++next;
  if (next == stops.size()) return HandOver(stops.back().at, heading, 0);
  // From one stop to the next, lifted on the way.
  const HandStop& from = stops[next - 1];
  const HandStop& to = stops[next];
  const double span = std::max(1e-6, to.time_s - from.time_s);
  const double u = SmoothStep((time_s - from.time_s) / span);
  return HandOver(from.at + (to.at - from.at) * u, heading, 0, 25 * std::sin(CV_PI * u));
}

}  // namespace tabref::vision::sim
