#pragma once

#include "rules/core/json.h"

namespace tabref::rules::iceboule {

// The options of an Ice Boule game (the "options" object of the setup).
struct Options {
  // Points that win the game: the first player to reach them wins ("13 points").
  int target = 13;
  // Measured gaps closer than this many millimetres (or two combined sigmas) are not
  // decided by the camera; the players rule which piece is closer, or that they are equal.
  double close_call_mm = 1.0;
  // One-player game only: a piece scores when it is stacked (2), touching the target (1)
  // or its footprint lies at most this many millimetres from the target's (1).
  double solo_radius_mm = 30.0;
  // The rulebook's distances are stacked, touching, then measured: two pieces of different
  // players both touching the target are at an equal distance (a tie when they contend for
  // the lead). False lets the table rule which of the two is closer instead.
  bool touching_is_equal = true;

  // Reads the options object; missing keys keep their defaults, unknown keys are errors.
  static Options FromJson(const Json& json);
  Json ToJson() const;
  // Throws RuleError naming the option that is out of range.
  void Check() const;
};

}  // namespace tabref::rules::iceboule
