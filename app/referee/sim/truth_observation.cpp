#include "app/referee/sim/truth_observation.h"

#include <algorithm>
#include <cmath>
#include <map>

#include "app/referee/observed_pieces.h"
#include "vision/sim/piece_body.h"

namespace tabref::referee {
namespace {

using vision::ObservedKind;
using vision::ObservedPiece;
using vision::sim::Body;
using vision::sim::PieceKind;
using vision::sim::PieceLook;

constexpr double kDegreesPerRadian = 180.0 / CV_PI;

// Degrees in (-180, 180].
double Degrees(double radians) {
  const double degrees = std::remainder(radians * kDegreesPerRadian, 360.0);
  return degrees == -180 ? 180 : degrees;
}

rules::Vec2 Point(const cv::Vec2d& p) { return {p[0], p[1]}; }

bool Observable(const PieceLook& look, const Body& body) {
  return !look.IsDistractor() && body.OnTable();
}

ObservedPiece Observe(const PieceLook& look, const Body& body, const vision::PieceSet& set,
                      double sigma_mm) {
  ObservedPiece piece;
  piece.position_mm = Point(body.position);
  piece.sigma_mm = sigma_mm;
  piece.angle_deg = Degrees(body.lying ? vision::sim::LyingApexDirection(body.angle) : body.angle);
  piece.footprint = FootprintOf(look, body, set);
  switch (look.kind) {
    case PieceKind::kCoin:
      piece.kind = ObservedKind::kCoin;
      piece.side = look.face_up ? "suit" : "value";
      if (look.face_up) {
        piece.suit = look.suit;
      } else {
        piece.rank = look.rank;
      }
      break;
    case PieceKind::kTile:
      piece.kind = ObservedKind::kTile;
      piece.side = look.face_up ? "face" : "back";
      if (look.face_up) {
        piece.suit = look.suit;
        piece.rank = look.rank;
      }
      break;
    default:
      piece.kind = ObservedKind::kPyramid;
      piece.colour = look.colour;
      piece.size = look.size;
      piece.pose = body.lying ? "lying" : "upright";
      break;
  }
  return piece;
}

}  // namespace

rules::Footprint FootprintOf(const PieceLook& look, const Body& body, const vision::PieceSet& set) {
  const vision::sim::PieceDimensions size = vision::sim::DimensionsOf(look, set);
  const rules::Vec2 centre = Point(body.position);
  const double angle_deg = body.angle * kDegreesPerRadian;
  if (look.kind == PieceKind::kCoin) return rules::Circle{centre, 0.5 * size.length_mm};
  if (look.kind != PieceKind::kPyramid || !body.lying)
    return rules::Square(centre, size.length_mm, angle_deg);
  // The face it lies on, in the solid's frame: base edge along x, apex toward -y.
  const double half = 0.5 * size.length_mm;
  const double edge = vision::sim::LyingBaseEdge(size.length_mm, size.height_mm);
  const double slant = std::hypot(size.height_mm, half);
  rules::Polygon triangle;
  for (rules::Vec2 corner :
       {rules::Vec2{half, edge}, rules::Vec2{-half, edge}, rules::Vec2{0, edge - slant}}) {
    triangle.vertices.push_back(centre + rules::Rotated(corner, angle_deg));
  }
  return triangle;
}

vision::TableObservation ObserveTable(const std::vector<PieceLook>& looks,
                                      const std::vector<Body>& bodies, const vision::PieceSet& set,
                                      double time_s, double sigma_mm) {
  vision::TableObservation table;
  table.time_s = time_s;
  std::map<size_t, int> index_of_body;
  for (size_t i = 0; i < bodies.size(); ++i) {
    if (!Observable(looks[i], bodies[i])) continue;
    ObservedPiece piece = Observe(looks[i], bodies[i], set, sigma_mm);
    piece.track_id = static_cast<int>(i);
    index_of_body[i] = static_cast<int>(table.pieces.size());
    table.pieces.push_back(piece);
  }
  for (ObservedPiece& piece : table.pieces) {
    const Body& body = bodies[static_cast<size_t>(piece.track_id)];
    if (body.support != vision::sim::Support::kStacked) continue;
    const auto carrier = index_of_body.find(static_cast<size_t>(body.carrier));
    if (carrier != index_of_body.end()) piece.on_top_of = carrier->second;
  }
  return table;
}

vision::ShotObservation ObserveShot(vision::TableObservation before, vision::TableObservation after,
                                    const std::vector<vision::sim::Event>& events,
                                    std::size_t first_event, int struck) {
  using vision::sim::EventType;
  vision::ShotObservation shot;
  shot.start_s = before.time_s;
  shot.rest_s = after.time_s;
  std::map<int, double> first_touch;
  for (size_t e = first_event; e < events.size(); ++e) {
    const vision::sim::Event& event = events[e];
    if (event.type == EventType::kFlick || event.type == EventType::kHop) {
      if (event.piece == struck) shot.start_s = event.time_s;
      if (!Contains(shot.flew, event.piece)) shot.flew.push_back(event.piece);
    } else if (event.type == EventType::kContact) {
      shot.contacts.push_back({event.time_s, event.piece, event.other});
      first_touch.emplace(event.piece, event.time_s);
      first_touch.emplace(event.other, event.time_s);
    } else if (event.type == EventType::kLeftTable) {
      shot.left_table.push_back(event.piece);
    }
  }
  std::vector<std::pair<double, int>> displaced;
  for (const ObservedPiece& was : before.pieces) {
    const ObservedPiece* now = nullptr;
    for (const ObservedPiece& piece : after.pieces) {
      if (piece.track_id == was.track_id) now = &piece;
    }
    const bool moved = now == nullptr || !(now->position_mm == was.position_mm) ||
                       now->angle_deg != was.angle_deg || now->pose != was.pose;
    if (!moved || was.track_id == struck) continue;
    const auto touched = first_touch.find(was.track_id);
    displaced.emplace_back(touched == first_touch.end() ? 1e18 : touched->second, was.track_id);
  }
  std::sort(displaced.begin(), displaced.end());
  shot.moved.push_back(struck);
  for (const auto& [time, track] : displaced) shot.moved.push_back(track);
  shot.before = std::move(before);
  shot.after = std::move(after);
  return shot;
}

}  // namespace tabref::referee
