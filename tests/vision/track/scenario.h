#pragma once

#include <functional>
#include <optional>
#include <vector>

#include "rules/core/geometry.h"
#include "vision/track/piece_tracker.h"

// Synthetic observation sequences for the tracker: pieces with known paths sampled at a frame
// rate, with measurement noise, hands and pieces out of sight.
namespace tabref::vision::testing {

inline constexpr double kCoinRadius = 9.525;
inline constexpr double kTileSide = 50.8;

ObservedPiece Coin(const std::string& suit, rules::Vec2 at, double sigma = 0.2);
ObservedPiece Tile(rules::Vec2 at, double sigma = 0.3);

// A piece of the scenario: its look and where it is at each time (nothing: not in view).
struct ScenarioPiece {
  ObservedPiece look;
  std::function<std::optional<rules::Vec2>(double time_s)> at;
  // The scenario piece it stands on while both are in view at the same place (an index into
  // the scenario's pieces), or -1.
  int on_top_of = -1;
  // Its angle (degrees) at each time, turning its outline about its centre; empty: the look's.
  std::function<double(double time_s)> angle_deg = {};
};

// Piecewise-linear motion through `points` at the given times, then at rest at the last.
std::function<std::optional<rules::Vec2>(double)> Waypoints(
    std::vector<std::pair<double, rules::Vec2>> points);
// A slide from `from` at `speed` (mm/s) along `heading` (unit), decelerating at `decel`
// (mm/s^2) from `start_s`, at rest before and after.
std::function<std::optional<rules::Vec2>(double)> Slide(rules::Vec2 from, rules::Vec2 heading,
                                                        double speed, double decel, double start_s);

struct ScenarioOptions {
  double fps = 30;
  double noise_mm = 0.15;  // Gaussian measurement noise per coordinate
  // Every frame a full detection of a settled table (TrackerFrame::settled), as the camera
  // analysis makes them; false: every piece every frame, as the synthetic table's truth.
  bool settled = false;
  unsigned seed = 1;
  // Hand over the table during [from, to): this area hidden.
  std::optional<std::pair<double, double>> hand;
  rules::Polygon hand_area;
  // Called after every frame (checks in the middle of a run).
  std::function<void(double time_s, const PieceTracker& tracker)> after_frame;
};

// Runs the tracker over `duration_s` of the scenario (complete frames every frame) and
// returns every event.
std::vector<TrackEvent> RunScenario(PieceTracker& tracker, const std::vector<ScenarioPiece>& pieces,
                                    double duration_s, const ScenarioOptions& options = {});

rules::Polygon Rectangle(rules::Vec2 min, rules::Vec2 max);

}  // namespace tabref::vision::testing
