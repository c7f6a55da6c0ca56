#pragma once

#include "rules/core/closeness.h"
#include "rules/core/geometry.h"
#include "rules/core/json.h"

namespace tabref::rules::bocce {

// The table axis that runs from one end of the court to the other.
enum class Axis { kX, kY };

// The two ends of the court: near is the end at the low coordinate of the axis.
enum class CourtEnd { kNear, kFar };

// Every option of a bocce game. The court defaults are built from piecepack tiles
// (50.8 mm): end boxes three tiles wide and two deep, 3 feet (914.4 mm) apart.
struct Options {
  // Corner of the court rectangle (the outer edges of both end boxes) with the lowest
  // table coordinates, in table mm.
  Vec2 court_min{100.0, 100.0};
  // The opposite corner of the court rectangle.
  Vec2 court_max{1217.6, 252.4};
  // The table axis along which the two ends of the court lie.
  Axis axis = Axis::kX;
  // Depth of each end box along the axis.
  double end_box_depth_mm = 101.6;
  // Distance of each end box's dashed line from the court's outer edge at that end.
  double dashed_line_mm = 50.8;
  // Diameter of a piecepack coin (jack and bowls).
  double coin_diameter_mm = 19.05;
  // Distance differences below this are never decided by measurement.
  double close_call_mm = 1.0;
  // Points that win the game.
  int target = 21;
  // A side whose round would take it past the target subtracts the round's points.
  bool bust_rule = true;
  // Whether two players alternate ends each round (teams always do).
  bool two_player_alternate_ends = false;
  // The end round 1 is played from.
  CourtEnd first_end = CourtEnd::kNear;

  // Reads a bocce options object; missing keys keep their defaults, unknown keys and bad
  // values throw RuleError naming the field.
  static Options FromJson(const Json& json);
  Json ToJson() const;
  // Throws RuleError when the options do not describe a playable court and game.
  void Check() const;
  CloseCallTolerance Tolerance() const { return {close_call_mm, 2.0}; }
};

const char* ToString(CourtEnd end);
CourtEnd Opposite(CourtEnd end);

}  // namespace tabref::rules::bocce
