#pragma once

#include <string>
#include <vector>

#include "rules/bocce/layout.h"
#include "rules/bocce/sides.h"
#include "rules/core/closeness.h"
#include "rules/core/json.h"

namespace tabref::rules::bocce {

inline constexpr int kNobody = -1;

// How a round ended: the side that scored (kNobody when no side did) and its points.
struct RoundOutcome {
  int side = kNobody;
  int points = 0;
};

bool operator==(const RoundOutcome& a, const RoundOutcome& b);

// Every outcome the measured layout (in-bounds coins only, jack present) allows: exactly
// one when the measurement settles the round, several when a comparison that decides the
// score is too close to call. Only the side with the closest bowl scores, one point per
// bowl closer to the jack than the other side's closest; equally close means no score.
std::vector<RoundOutcome> MeasuredOutcomes(const Layout& in_bounds,
                                           const CloseCallTolerance& tolerance);

// Every outcome that bowls-in-play counts alone allow, for rounds entered by hand.
std::vector<RoundOutcome> CountedOutcomes(const std::array<int, 2>& bowls_in_play);

// Reads {"side": "<name>" or null, "points": n} (points only with a side).
RoundOutcome OutcomeFromAction(const Json& body, const std::string& context, const Sides& sides);
Json OutcomeAction(const std::string& type, const RoundOutcome& outcome, const Sides& sides);
// "Suns 2" or "no score".
std::string Describe(const RoundOutcome& outcome, const Sides& sides);
std::string DescribeAll(const std::vector<RoundOutcome>& outcomes, const Sides& sides);

// A side's total after a round's points: past the target with the bust rule, the points
// are subtracted instead.
struct Tally {
  int points = 0;
  bool bust = false;
  int total = 0;  // after the round
};

Tally AddRoundPoints(int total, int points, int target, bool bust_rule);

}  // namespace tabref::rules::bocce
