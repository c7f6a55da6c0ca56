// Random legal actions for the conformance playouts and the simulator: a mix of camera
// observations (with near-ties that need rulings) and manual entries, fouls included.
#include <algorithm>
#include <random>

#include "rules/ppolf/state.h"

namespace tabref::rules::ppolf {
namespace {

bool Chance(Rng& rng, double probability) { return std::bernoulli_distribution(probability)(rng); }

double Uniform(Rng& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

int PickSeat(const std::vector<int>& seats, Rng& rng) {
  return seats[std::uniform_int_distribution<size_t>(0, seats.size() - 1)(rng)];
}

TilePose RandomHolePose(Rng& rng) {
  return {{Uniform(rng, 250.0, 1150.0), Uniform(rng, 250.0, 650.0)},
          Uniform(rng, 0.0, 90.0),
          Uniform(rng, 0.2, 0.8)};
}

// A resting place `gap_mm` from the hole's footprint, straight out from one of its sides.
Vec2 PointAtGap(const TilePose& hole, double gap_mm, const Options& options, Rng& rng) {
  const int side = std::uniform_int_distribution<int>(0, 3)(rng);
  const Vec2 outward = Rotated({1.0, 0.0}, hole.angle_deg + 90.0 * side);
  return hole.at +
         outward * (options.tile_width_mm / 2.0 + options.coin_diameter_mm / 2.0 + gap_mm);
}

}  // namespace

Json PpolfState::RandomAction(Rng& rng) const {
  if (awaiting_putt_ruling_) return {{"type", "ruling"}, {"putt_out", Chance(rng, 0.5)}};
  const std::vector<int> next = NextFlickers();
  if (CloserRulingPossible() && Chance(rng, 0.3)) {
    return {{"type", "ruling"}, {"closer", Name(PickSeat(next, rng))}};
  }
  if (Chance(rng, 0.03)) return RandomLayout(rng);
  return RandomFlick(PickSeat(next, rng), rng);
}

Json PpolfState::RandomLayout(Rng& rng) const {
  return {{"type", "layout"},
          {"tiles", Json::array({HoleTileJson(hole_, RandomHolePose(rng), options_)})}};
}

double PpolfState::RandomGap(int seat, Rng& rng) const {
  const double draw = Uniform(rng, 0.0, 1.0);
  if (draw < 0.15) return options_.PuttOutRangeMm() + Uniform(rng, -0.5, 0.5);
  if (draw < 0.35) {
    for (int other : SeatsWithLie(Lie::kInPlay)) {
      const auto standing = StandingOfSeat(other);
      if (other != seat && standing) return standing->gap_mm + Uniform(rng, 0.0, 0.4);
    }
  }
  return Uniform(rng, 5.0, 600.0);
}

Json PpolfState::RandomFlick(int seat, Rng& rng) const {
  const bool putting = putting_out_ == seat ||
                       ClassifyPuttRange(StandingOfSeat(seat), options_) == PuttRange::kWithin;
  const bool hit = Chance(rng, putting ? 0.7 : 0.45);
  Json flick = {{"type", "flick"}, {"player", Name(seat)}};
  if (hit) flick["hit"] = true;
  if (Chance(rng, 0.05)) flick["off_table"] = true;
  std::vector<int> others = SeatsWithLie(Lie::kInPlay);
  others.erase(std::remove(others.begin(), others.end(), seat), others.end());
  if (!others.empty() && Chance(rng, 0.06)) {
    flick[Chance(rng, 0.5) ? "knocked_off" : "knocked_in"] = {Name(PickSeat(others, rng))};
  }
  if (Chance(rng, 0.02)) flick["holes_knocked_off"] = 1;
  if (options_.obstacles > 0 && Chance(rng, 0.03)) flick["obstacles_knocked_off"] = 1;
  if (Chance(rng, 0.3)) {  // told by the players, without positions
    if (!hit && Chance(rng, 0.3)) flick["putt_out"] = true;
    return flick;
  }
  const TilePose hole = Hole().value_or(RandomHolePose(rng));
  if (!Hole()) flick["hole"] = ToJson(hole);
  auto tile_of_hole = [this](int h) {
    return Json{{"suit", SuitColour(h / kHolesPerSuit, options_)},
                {"rank", RankName(h % kHolesPerSuit)}};
  };
  if (hit) {  // the camera names the tiles the coin touched
    flick.erase("hit");
    flick["touched"] = {tile_of_hole(hole_)};
  } else if (Chance(rng, 0.1)) {
    flick["touched"] = {tile_of_hole((hole_ + 1) % kHoleCount)};  // another hole: an obstacle
  }
  if (!hit) {
    const Vec2 resting = PointAtGap(hole, std::max(0.5, RandomGap(seat, rng)), options_, rng);
    flick["coins"] = {{{"player", Name(seat)},
                       {"at", rules::ToJson(resting)},
                       {"sigma_mm", Uniform(rng, 0.2, 1.0)}}};
  }
  return flick;
}

}  // namespace tabref::rules::ppolf
