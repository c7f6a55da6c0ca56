#pragma once

#include <utility>
#include <vector>

#include "rules/core/geometry.h"

namespace tabref::vision {

// Why a coin candidate at one of DetectionHints::unchanged_coin_misses_mm was turned down.
inline constexpr const char* kUnchangedCoinMissReason =
    "turned down before, its place unchanged since";

// What a caller that watches the table (the live camera) knows before a detection, all in
// table millimetres.
struct DetectionHints {
  // Where it saw a piece come to rest: within DetectionOptions::expected_reach_mm of these a
  // piece is taken on less evidence (a blurred face, a faint rim, a poor outline).
  std::vector<rules::Vec2> expected_mm;
  // Where an earlier detection turned a coin candidate down at its fit, in a part of the
  // image that has not changed since: a candidate within DetectionOptions::
  // unchanged_miss_reach_px of one is turned down again without fitting (a Ppolf course's
  // printed suit rings make a hundred such candidates a frame, each fitted twice). Never
  // near an expected place.
  std::vector<rules::Vec2> unchanged_coin_misses_mm;

  // Hints of pieces seen coming to rest at `places` alone.
  static DetectionHints Expecting(std::vector<rules::Vec2> places) {
    DetectionHints hints;
    hints.expected_mm = std::move(places);
    return hints;
  }
};

}  // namespace tabref::vision
