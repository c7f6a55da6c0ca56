#include "tests/referee/observations.h"

#include <cmath>

#include "rules/core/game_setup.h"
#include "rules/registry.h"

namespace tabref::referee::testing {
namespace {

constexpr double kCoinMm = 19.05;
constexpr double kTileMm = 50.8;

double Base(const std::string& size) {
  return size == "small" ? 14.3 : size == "medium" ? 19.8 : 25.4;
}
double Height(const std::string& size) {
  return size == "small" ? 25.4 : size == "medium" ? 34.9 : 44.5;
}

vision::ObservedPiece Piece(vision::ObservedKind kind, int track, rules::Vec2 at) {
  vision::ObservedPiece piece;
  piece.kind = kind;
  piece.track_id = track;
  piece.position_mm = at;
  return piece;
}

}  // namespace

vision::ObservedPiece SuitCoin(int track, const std::string& suit, rules::Vec2 at) {
  vision::ObservedPiece piece = Piece(vision::ObservedKind::kCoin, track, at);
  piece.side = "suit";
  piece.suit = suit;
  piece.footprint = rules::Circle{at, kCoinMm / 2};
  return piece;
}

vision::ObservedPiece ValueCoin(int track, const std::string& rank, rules::Vec2 at) {
  vision::ObservedPiece piece = Piece(vision::ObservedKind::kCoin, track, at);
  piece.side = "value";
  piece.rank = rank;
  piece.footprint = rules::Circle{at, kCoinMm / 2};
  return piece;
}

vision::ObservedPiece FaceTile(int track, const std::string& suit, const std::string& rank,
                               rules::Vec2 at, double angle_deg) {
  vision::ObservedPiece piece = Piece(vision::ObservedKind::kTile, track, at);
  piece.side = "face";
  piece.suit = suit;
  piece.rank = rank;
  piece.angle_deg = angle_deg;
  piece.footprint = rules::Square(at, kTileMm, angle_deg);
  return piece;
}

vision::ObservedPiece Upright(int track, const std::string& colour, const std::string& size,
                              rules::Vec2 at, double angle_deg) {
  vision::ObservedPiece piece = Piece(vision::ObservedKind::kPyramid, track, at);
  piece.colour = colour;
  piece.size = size;
  piece.pose = "upright";
  piece.angle_deg = angle_deg;
  piece.footprint = rules::Square(at, Base(size), angle_deg);
  return piece;
}

vision::ObservedPiece Lying(int track, const std::string& colour, const std::string& size,
                            rules::Vec2 at, double apex_deg) {
  vision::ObservedPiece piece = Piece(vision::ObservedKind::kPyramid, track, at);
  piece.colour = colour;
  piece.size = size;
  piece.pose = "lying";
  piece.angle_deg = apex_deg;
  const double slant = std::hypot(Height(size), Base(size) / 2);
  piece.footprint = rules::LyingPyramid(at, Base(size), slant, apex_deg);
  return piece;
}

vision::TableObservation Table(std::vector<vision::ObservedPiece> pieces) {
  vision::TableObservation table;
  table.pieces = std::move(pieces);
  return table;
}

vision::ShotObservation Shot(vision::TableObservation before, vision::TableObservation after,
                             std::vector<int> moved,
                             const std::vector<std::pair<int, int>>& touches,
                             std::vector<int> left_table) {
  vision::ShotObservation shot;
  shot.before = std::move(before);
  shot.after = std::move(after);
  shot.moved = std::move(moved);
  double time = 0.1;
  for (const auto& [a, b] : touches) shot.contacts.push_back({time += 0.1, a, b});
  shot.left_table = std::move(left_table);
  return shot;
}

std::unique_ptr<rules::State> NewGame(const rules::Json& setup) {
  return rules::MakeGame(rules::GameSetup::FromJson(setup))->NewInitialState();
}

}  // namespace tabref::referee::testing
