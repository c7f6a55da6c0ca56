#include "rules/ppolf/geometry.h"

#include <cmath>

namespace tabref::rules::ppolf {

std::optional<Standing> StandingOf(const std::optional<CoinSighting>& coin,
                                   const std::optional<TilePose>& hole, const Options& options) {
  if (!coin || !hole) return std::nullopt;
  const Circle coin_footprint{coin->at, options.coin_diameter_mm / 2.0};
  const Polygon hole_footprint = Square(hole->at, options.tile_width_mm, hole->angle_deg);
  return Standing{Gap(coin_footprint, hole_footprint), std::hypot(coin->sigma_mm, hole->sigma_mm)};
}

PuttRange ClassifyPuttRange(const std::optional<Standing>& standing, const Options& options) {
  if (!standing) return PuttRange::kUnknown;
  const double tolerance = options.Tolerance().For(standing->sigma_mm, 0.0);
  switch (CompareDistances(standing->gap_mm, options.PuttOutRangeMm(), tolerance)) {
    case Closeness::kCloser:
      return PuttRange::kWithin;
    case Closeness::kFarther:
      return PuttRange::kBeyond;
    case Closeness::kTooCloseToCall:
      break;
  }
  return PuttRange::kTooCloseToCall;
}

std::vector<int> ClosestWaiting(const std::vector<int>& waiting,
                                const std::vector<std::optional<Standing>>& standings,
                                const CloseCallTolerance& tolerance) {
  auto measurably_closer = [&](int a, int b) {
    const auto& sa = standings.at(static_cast<size_t>(a));
    const auto& sb = standings.at(static_cast<size_t>(b));
    return sa && sb &&
           CompareDistances(sa->gap_mm, sb->gap_mm, tolerance.For(sa->sigma_mm, sb->sigma_mm)) ==
               Closeness::kCloser;
  };
  std::vector<int> closest;
  for (int seat : waiting) {
    bool beaten = false;
    for (int other : waiting) beaten = beaten || measurably_closer(other, seat);
    if (!beaten) closest.push_back(seat);
  }
  return closest;
}

Json ToJson(const CoinSighting& coin) {
  return {{"at", rules::ToJson(coin.at)}, {"sigma_mm", coin.sigma_mm}};
}

Json ToJson(const TilePose& tile) {
  return {
      {"at", rules::ToJson(tile.at)}, {"angle_deg", tile.angle_deg}, {"sigma_mm", tile.sigma_mm}};
}

Json ToJson(const Standing& standing) {
  return {{"gap_mm", standing.gap_mm}, {"sigma_mm", standing.sigma_mm}};
}

}  // namespace tabref::rules::ppolf
