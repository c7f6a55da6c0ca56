#include <algorithm>
#include <cmath>
#include <numbers>

#include "rules/bocce/state.h"

// The random player of the conformance playouts: plausible camera layouts and manual
// entries, with some near ties (rulings), short and lost jacks, bowls out of bounds and
// the occasional jack knocked out.
namespace tabref::rules::bocce {
namespace {

bool Chance(Rng& rng, double probability) { return std::bernoulli_distribution(probability)(rng); }

double Uniform(Rng& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

template <typename T>
const T& Pick(Rng& rng, const std::vector<T>& items) {
  return items[std::uniform_int_distribution<size_t>(0, items.size() - 1)(rng)];
}

// Most random coins carry no uncertainty, which keeps the playout logs small.
Coin Observed(Vec2 position, Rng& rng) {
  return {position, Chance(rng, 0.3) ? Uniform(rng, 0.1, 0.6) : 0.0};
}

Vec2 InCourt(const Court& court, Rng& rng) {
  const double r = court.coin_radius();
  return {Uniform(rng, court.rect().min.x + r, court.rect().max.x - r),
          Uniform(rng, court.rect().min.y + r, court.rect().max.y - r)};
}

Vec2 InCourtPast(const Court& court, CourtEnd end, Rng& rng) {
  const double r = court.coin_radius();
  const double line = court.DashedLine(end);
  const double edge = court.OuterEdge(Opposite(end));
  const double along = end == CourtEnd::kNear ? Uniform(rng, line + r + 1.0, edge - r)
                                              : Uniform(rng, edge + r, line - r - 1.0);
  return court.PointAt(along, court.Across(InCourt(court, rng)));
}

// A point in the end box at `end`, short of its dashed line.
Vec2 ShortOfLine(const Court& court, CourtEnd end, Rng& rng) {
  const double along = Uniform(rng, court.OuterEdge(end), court.DashedLine(end));
  return court.PointAt(along, court.Across(InCourt(court, rng)));
}

// A point on the table beyond the court, the coin's footprint completely outside.
Vec2 BeyondCourt(const Court& court, Rng& rng) {
  const double clearance = court.coin_radius() + Uniform(rng, 1.0, 60.0);
  const CourtEnd end = Chance(rng, 0.5) ? CourtEnd::kNear : CourtEnd::kFar;
  const double along = court.OuterEdge(end) + (end == CourtEnd::kNear ? -clearance : clearance);
  return court.PointAt(along, court.Across(InCourt(court, rng)));
}

// A bowl the same distance from the jack as `other` (within a fraction of a millimetre).
Vec2 NearTie(Vec2 jack, Vec2 other, Rng& rng) {
  const double radius = Distance(jack, other) + Uniform(rng, -0.3, 0.3);
  const double angle = Uniform(rng, 0.0, 2.0 * std::numbers::pi);
  return jack + Vec2{std::cos(angle), std::sin(angle)} * radius;
}

Vec2 NearJack(Vec2 jack, Rng& rng) {
  std::normal_distribution<double> scatter(0.0, 60.0);
  return jack + Vec2{scatter(rng), scatter(rng)};
}

// Where the flicked bowl comes to rest.
Vec2 RandomBowl(const Layout& before, int side, const Court& court, Rng& rng) {
  const Vec2 jack = before.jack->position;
  const auto& others = before.bowls[OtherSide(side)];
  if (Chance(rng, 0.08)) return BeyondCourt(court, rng);
  if (!others.empty() && Chance(rng, 0.15)) return NearTie(jack, Pick(rng, others).position, rng);
  return NearJack(jack, rng);
}

}  // namespace

Json BocceState::RandomAction(Rng& rng) const {
  switch (phase_) {
    case Phase::kDrawLeader:
      return {{"type", "leader"}, {"side", sides().Name(Chance(rng, 0.5) ? 0 : 1)}};
    case Phase::kPlaceJack: {
      if (Chance(rng, 0.3)) return {{"type", "jack"}, {"valid", Chance(rng, 0.85)}};
      const CourtEnd end = bocce().EndOfRound(round_);
      const double roll = Uniform(rng, 0.0, 1.0);
      if (roll < 0.05) return {{"type", "jack"}, {"position", nullptr}};
      const Vec2 at = roll < 0.1   ? BeyondCourt(court(), rng)
                      : roll < 0.2 ? ShortOfLine(court(), end, rng)
                                   : InCourtPast(court(), end, rng);
      return {{"type", "jack"}, {"position", rules::ToJson(at)}, {"sigma_mm", 0.4}};
    }
    case Phase::kBowls: {
      // Only the layout after the last flick decides a measured round; measuring it more
      // often than the others keeps rulings frequent and the playout logs small.
      const bool last_flick = bowls_flicked_[0] + bowls_flicked_[1] == 2 * kBowlsPerSide - 1;
      return Chance(rng, last_flick ? 0.6 : 0.3) ? RandomMeasuredBowl(rng) : RandomManualBowl(rng);
    }
    case Phase::kEnterResult:
    case Phase::kRuling:
      return OutcomeAction(LegalType(), Pick(rng, open_outcomes_), sides());
    case Phase::kOver:
      break;
  }
  return Json::object();
}

Json BocceState::RandomMeasuredBowl(Rng& rng) const {
  const auto anywhere = [&](int /*side*/, int /*index*/) {
    return Observed(InCourt(court(), rng), rng);
  };
  Layout layout =
      layout_ ? *layout_ : StandInLayout(Observed(InCourt(court(), rng), rng), anywhere);
  const int side = SideToFlick();
  const Vec2 bowl = RandomBowl(layout, side, court(), rng);
  if (Chance(rng, 0.1)) {
    auto& knocked_side = layout.bowls[Chance(rng, 0.5) ? 0 : 1];
    if (!knocked_side.empty()) knocked_side.front().position = BeyondCourt(court(), rng);
  }
  layout.bowls[side].push_back(Observed(bowl, rng));
  if (Chance(rng, 0.015)) layout.jack.reset();
  return MeasuredBowlAction(layout);
}

Json BocceState::RandomManualBowl(Rng& rng) const {
  Json action = {{"type", "bowl"}};
  if (Chance(rng, 0.015)) action["jack_out"] = true;
  if (Chance(rng, 0.08)) action["out"] = true;
  const int knocked = Chance(rng, 0.5) ? 0 : 1;
  if (bowls_in_play_[knocked] > 0 && Chance(rng, 0.1)) {
    action["knocked_out"] = {{sides().Name(knocked), 1}};
  }
  return action;
}

}  // namespace tabref::rules::bocce
