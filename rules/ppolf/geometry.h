#pragma once

#include <optional>
#include <vector>

#include "rules/core/closeness.h"
#include "rules/core/geometry.h"
#include "rules/core/json.h"
#include "rules/ppolf/options.h"

// What the camera measures on a Ppolf course and the two decisions made from it: the
// closeness order and whether a coin must putt out. Distances to the hole are footprint
// gaps: coin disc to tile square, 0 when they touch.
namespace tabref::rules::ppolf {

// Where a coin rests.
struct CoinSighting {
  Vec2 at;
  double sigma_mm = 0.0;  // 1-sigma position uncertainty
};

// Where a tile lies.
struct TilePose {
  Vec2 at;
  double angle_deg = 0.0;
  double sigma_mm = 0.0;
};

// A coin's measured distance to the hole at the start of a round.
struct Standing {
  double gap_mm = 0.0;
  double sigma_mm = 0.0;
};

enum class PuttRange { kWithin, kBeyond, kTooCloseToCall, kUnknown };

// The gap from a coin to the hole and its uncertainty; nullopt when either is unknown.
std::optional<Standing> StandingOf(const std::optional<CoinSighting>& coin,
                                   const std::optional<TilePose>& hole, const Options& options);

// Whether the coin is within two tile widths (footprint gap <= 2 tile widths) of the hole.
PuttRange ClassifyPuttRange(const std::optional<Standing>& standing, const Options& options);

// Of the `waiting` seats, those that may flick next: no other waiting seat is measurably
// closer. Seats without a standing are never measurably farther, so with no measurements
// every waiting seat may flick.
std::vector<int> ClosestWaiting(const std::vector<int>& waiting,
                                const std::vector<std::optional<Standing>>& standings,
                                const CloseCallTolerance& tolerance);

Json ToJson(const CoinSighting& coin);
Json ToJson(const TilePose& tile);
Json ToJson(const Standing& standing);

}  // namespace tabref::rules::ppolf
