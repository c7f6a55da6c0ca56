#include "tests/vision/track/scenario.h"

#include <cmath>
#include <random>

namespace tabref::vision::testing {

constexpr double kPi = 3.14159265358979323846;

ObservedPiece Coin(const std::string& suit, rules::Vec2 at, double sigma) {
  ObservedPiece piece;
  piece.kind = ObservedKind::kCoin;
  piece.side = "suit";
  piece.suit = suit;
  piece.position_mm = at;
  piece.sigma_mm = sigma;
  piece.footprint = rules::Circle{at, kCoinRadius};
  piece.confidence = 0.95;
  return piece;
}

ObservedPiece Tile(rules::Vec2 at, double sigma) {
  ObservedPiece piece;
  piece.kind = ObservedKind::kTile;
  piece.side = "back";
  piece.position_mm = at;
  piece.sigma_mm = sigma;
  piece.footprint = rules::Square(at, kTileSide, 0);
  piece.confidence = 0.95;
  return piece;
}

std::function<std::optional<rules::Vec2>(double)> Waypoints(
    std::vector<std::pair<double, rules::Vec2>> points) {
  return [points](double t) -> std::optional<rules::Vec2> {
    if (t <= points.front().first) return points.front().second;
    for (size_t i = 0; i + 1 < points.size(); ++i) {
      const auto& [t0, p0] = points[i];
      const auto& [t1, p1] = points[i + 1];
      if (t <= t1) return p0 + (p1 - p0) * ((t - t0) / (t1 - t0));
    }
    return points.back().second;
  };
}

std::function<std::optional<rules::Vec2>(double)> Slide(rules::Vec2 from, rules::Vec2 heading,
                                                        double speed, double decel,
                                                        double start_s) {
  return [=](double t) -> std::optional<rules::Vec2> {
    const double stop_after = speed / decel;
    const double s = std::clamp(t - start_s, 0.0, stop_after);
    return from + heading * (speed * s - 0.5 * decel * s * s);
  };
}

rules::Polygon Rectangle(rules::Vec2 min, rules::Vec2 max) {
  return rules::Polygon{{min, {max.x, min.y}, max, {min.x, max.y}}};
}

std::vector<TrackEvent> RunScenario(PieceTracker& tracker, const std::vector<ScenarioPiece>& pieces,
                                    double duration_s, const ScenarioOptions& options) {
  std::mt19937 rng(options.seed);
  std::normal_distribution<double> noise(0, options.noise_mm);
  std::vector<TrackEvent> events;
  const int frames = static_cast<int>(std::round(duration_s * options.fps));
  for (int f = 0; f < frames; ++f) {
    TrackerFrame frame;
    frame.time_s = f / options.fps;
    frame.complete = true;
    frame.settled = options.settled;
    const bool hand =
        options.hand && frame.time_s >= options.hand->first && frame.time_s < options.hand->second;
    frame.hand_in_view = hand;
    if (hand) frame.hidden.push_back(options.hand_area);
    std::vector<int> index_in_frame(pieces.size(), -1);
    for (size_t p = 0; p < pieces.size(); ++p) {
      const ScenarioPiece& scenario = pieces[p];
      const std::optional<rules::Vec2> at = scenario.at(frame.time_s);
      if (!at) continue;
      ObservedPiece piece = scenario.look;
      if (hand && rules::Gap(rules::Circle{*at, kCoinRadius}, options.hand_area) <= 0) continue;
      const rules::Vec2 measured{at->x + noise(rng), at->y + noise(rng)};
      if (const auto* circle = std::get_if<rules::Circle>(&piece.footprint)) {
        piece.footprint = rules::Circle{measured, circle->radius};
      } else {
        rules::Polygon polygon = std::get<rules::Polygon>(piece.footprint);
        const double turn = scenario.angle_deg
                                ? (scenario.angle_deg(frame.time_s) - piece.angle_deg) * kPi / 180
                                : 0;
        for (rules::Vec2& v : polygon.vertices) {
          const rules::Vec2 r = v - piece.position_mm;
          v = measured + rules::Vec2{r.x * std::cos(turn) - r.y * std::sin(turn),
                                     r.x * std::sin(turn) + r.y * std::cos(turn)};
        }
        piece.footprint = polygon;
        if (scenario.angle_deg) piece.angle_deg = scenario.angle_deg(frame.time_s);
      }
      piece.position_mm = measured;
      index_in_frame[p] = static_cast<int>(frame.pieces.size());
      frame.pieces.push_back(piece);
    }
    for (size_t p = 0; p < pieces.size(); ++p) {
      const int under = pieces[p].on_top_of;
      if (index_in_frame[p] < 0 || under < 0 || index_in_frame[static_cast<size_t>(under)] < 0)
        continue;
      const rules::Vec2 top = *pieces[p].at(frame.time_s);
      const rules::Vec2 bottom = *pieces[static_cast<size_t>(under)].at(frame.time_s);
      if (rules::Distance(top, bottom) > 1) continue;
      frame.pieces[static_cast<size_t>(index_in_frame[p])].on_top_of =
          index_in_frame[static_cast<size_t>(under)];
    }
    for (TrackEvent& event : tracker.Update(frame)) events.push_back(std::move(event));
    if (options.after_frame) options.after_frame(frame.time_s, tracker);
  }
  return events;
}

}  // namespace tabref::vision::testing
