#pragma once

#include <vector>

#include "rules/core/json.h"

namespace tabref::referee {

// How far the places a live verdict recorded lie from the truth's: every piece placed in a
// shot's action (an object with a "position"), paired with the truth's nearest of the same
// player and pose within `kPairReachMm`.
struct PlaceErrors {
  static constexpr double kPairReachMm = 6;
  std::vector<double> position_mm;
  std::vector<double> upright_turn_deg;  // upright pyramids: modulo a quarter turn
  std::vector<double> lying_turn_deg;    // lying pyramids' apex directions
  int unpaired = 0;                      // truth places with no live one near

  void Add(const PlaceErrors& other);
};

// How far apart two turns of the piece `place` are (degrees): tiles and upright pyramids'
// bases are squares, alike every quarter turn; a lying pyramid's apex points one way only.
double TurnApartDeg(const rules::Json& place, double a_deg, double b_deg);

// Adds the errors of the places in `live` against those in `truth` (two rules actions).
void MeasurePlaces(const rules::Json& truth, const rules::Json& live, PlaceErrors& errors);

}  // namespace tabref::referee
