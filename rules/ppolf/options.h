#pragma once

#include <string>

#include "rules/core/closeness.h"
#include "rules/core/json.h"

namespace tabref::rules::ppolf {

struct Options {
  // Measured differences below this many millimetres are never decided by the camera.
  double close_call_mm = 1.0;
  // The name of the third suit's colour in this set: "green" or "yellow".
  std::string third_suit = "green";
  // Obstacles on the course besides the holes (the optional rule: 5 for the remaining
  // black tiles, more for other objects); knocking one off the table costs a penalty flick.
  int obstacles = 0;
  // Par for the solitaire variant's result ("2 under par").
  int par = 36;
  // Whether a tee shot that comes to rest within two tile widths of the hole starts a
  // putt-out at once (before the next player tees off) or waits for the first round.
  bool putt_out_on_tee_off = true;
  // The side of a tile: the unit of "tile widths" in the putt-out rule.
  double tile_width_mm = 50.8;
  // The diameter of a coin: its footprint when measuring gaps.
  double coin_diameter_mm = 19.05;

  // Reads every field, rejecting unknown keys; throws RuleError via Check() too.
  static Options FromJson(const Json& json);
  Json ToJson() const;
  // Throws RuleError when a value is outside what the game allows.
  void Check() const;

  CloseCallTolerance Tolerance() const { return {close_call_mm, 2.0}; }
  // A coin whose footprint is at most this far from the hole's footprint must putt out.
  double PuttOutRangeMm() const { return 2.0 * tile_width_mm; }
};

}  // namespace tabref::rules::ppolf
