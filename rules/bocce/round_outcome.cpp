#include "rules/bocce/round_outcome.h"

#include <algorithm>
#include <cmath>

#include "rules/core/field_reader.h"

namespace tabref::rules::bocce {
namespace {

struct Reach {
  double distance_mm;
  double sigma_mm;  // of the distance: jack and bowl uncertainties combined
};

std::vector<Reach> ReachesToJack(const Coin& jack, const std::vector<Coin>& bowls) {
  std::vector<Reach> reaches;
  reaches.reserve(bowls.size());
  for (const Coin& bowl : bowls) {
    reaches.push_back(
        {Distance(jack.position, bowl.position), std::hypot(jack.sigma_mm, bowl.sigma_mm)});
  }
  std::sort(reaches.begin(), reaches.end(),
            [](const Reach& a, const Reach& b) { return a.distance_mm < b.distance_mm; });
  return reaches;
}

Closeness Compare(const Reach& a, const Reach& b, const CloseCallTolerance& tolerance) {
  return CompareDistances(a.distance_mm, b.distance_mm, tolerance.For(a.sigma_mm, b.sigma_mm));
}

// The outcomes in which `side` (bowls `mine`) scores against the other side's closest.
void AddScoringOutcomes(int side, const std::vector<Reach>& mine, const Reach& their_closest,
                        const CloseCallTolerance& tolerance, std::vector<RoundOutcome>& out) {
  int surely_closer = 0;
  int too_close_to_call = 0;
  for (const Reach& bowl : mine) {
    const Closeness closeness = Compare(bowl, their_closest, tolerance);
    surely_closer += closeness == Closeness::kCloser ? 1 : 0;
    too_close_to_call += closeness == Closeness::kTooCloseToCall ? 1 : 0;
  }
  for (int points = std::max(1, surely_closer); points <= surely_closer + too_close_to_call;
       ++points) {
    out.push_back({side, points});
  }
}

}  // namespace

bool operator==(const RoundOutcome& a, const RoundOutcome& b) {
  return a.side == b.side && a.points == b.points;
}

std::vector<RoundOutcome> MeasuredOutcomes(const Layout& in_bounds,
                                           const CloseCallTolerance& tolerance) {
  const std::array<std::vector<Reach>, 2> reaches = {
      ReachesToJack(*in_bounds.jack, in_bounds.bowls[0]),
      ReachesToJack(*in_bounds.jack, in_bounds.bowls[1])};
  if (reaches[0].empty() || reaches[1].empty()) {
    return CountedOutcomes({in_bounds.BowlCount(0), in_bounds.BowlCount(1)});
  }
  std::vector<RoundOutcome> outcomes;
  for (int side = 0; side < 2; ++side) {
    AddScoringOutcomes(side, reaches[side], reaches[OtherSide(side)].front(), tolerance, outcomes);
  }
  if (Compare(reaches[0].front(), reaches[1].front(), tolerance) == Closeness::kTooCloseToCall) {
    outcomes.push_back({kNobody, 0});
  }
  return outcomes;
}

std::vector<RoundOutcome> CountedOutcomes(const std::array<int, 2>& bowls_in_play) {
  const auto [first, second] = bowls_in_play;
  if (first == 0 && second == 0) return {{kNobody, 0}};
  if (second == 0) return {{0, first}};
  if (first == 0) return {{1, second}};
  std::vector<RoundOutcome> outcomes;
  for (int side = 0; side < 2; ++side) {
    for (int points = 1; points <= bowls_in_play[side]; ++points) {
      outcomes.push_back({side, points});
    }
  }
  outcomes.push_back({kNobody, 0});
  return outcomes;
}

RoundOutcome OutcomeFromAction(const Json& body, const std::string& context, const Sides& sides) {
  FieldReader reader(body, context);
  RoundOutcome outcome;
  if (reader.Has("side")) {
    outcome.side = sides.IndexOf(reader.String("side"));
    outcome.points = reader.Int("points", 1, kBowlsPerSide);
  } else if (reader.Has("points")) {
    reader.Fail("points", "needs the \"side\" that scored them (null side: nobody scored)");
  }
  reader.Allow({"side"});
  reader.RejectUnknown();
  return outcome;
}

Json OutcomeAction(const std::string& type, const RoundOutcome& outcome, const Sides& sides) {
  if (outcome.side == kNobody) return {{"type", type}, {"side", nullptr}};
  return {{"type", type}, {"side", sides.Name(outcome.side)}, {"points", outcome.points}};
}

std::string Describe(const RoundOutcome& outcome, const Sides& sides) {
  if (outcome.side == kNobody) return "no score";
  return sides.Name(outcome.side) + " " + std::to_string(outcome.points);
}

std::string DescribeAll(const std::vector<RoundOutcome>& outcomes, const Sides& sides) {
  std::vector<std::string> texts;
  texts.reserve(outcomes.size());
  for (const auto& outcome : outcomes) texts.push_back(Describe(outcome, sides));
  return JoinChoices(texts);
}

Tally AddRoundPoints(int total, int points, int target, bool bust_rule) {
  if (bust_rule && total + points > target) return {points, true, total - points};
  return {points, false, total + points};
}

}  // namespace tabref::rules::bocce
