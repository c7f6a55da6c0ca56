#include "rules/iceboule/random_play.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace tabref::rules::iceboule {
namespace {

double Uniform(Rng& rng, double low, double high) {
  return std::uniform_real_distribution<double>(low, high)(rng);
}

Vec2 RandomDirection(Rng& rng) { return Rotated({1.0, 0.0}, Uniform(rng, 0.0, 360.0)); }

// The position along `direction` from the target's centre at which `piece`'s footprint is
// `gap_mm` from the target's (the gap grows monotonically along the ray).
Vec2 PositionAtGap(const Pyramid& target, Pyramid piece, Vec2 direction, double gap_mm) {
  auto gap_at = [&](double distance) {
    piece.position = target.position + direction * distance;
    return Gap(piece.Outline(), target.Outline());
  };
  double near = 0.0;
  double far = 64.0;
  while (gap_at(far) <= gap_mm) far *= 2.0;
  for (int step = 0; step < 32; ++step) {  // to a few nanometres
    const double middle = (near + far) / 2.0;
    (gap_at(middle) <= gap_mm ? near : far) = middle;
  }
  return target.position + direction * far;
}

double BestRivalGap(const Layout& layout, int shooter) {
  double best = std::numeric_limits<double>::infinity();
  for (const ShotPiece& piece : layout.pieces) {
    if (piece.owner == shooter || !piece.on_table || piece.touching_target ||
        piece.stacked_on_target) {
      continue;
    }
    best = std::min(best, Gap(piece.on_table->Outline(), layout.target.Outline()));
  }
  return best;
}

bool HasStackedPiece(const Layout& layout) {
  return std::any_of(layout.pieces.begin(), layout.pieces.end(),
                     [](const ShotPiece& piece) { return piece.stacked_on_target; });
}

void KnockAPiece(Rng& rng, Layout& layout) {
  std::vector<ShotPiece*> knockable;
  for (ShotPiece& piece : layout.pieces) {
    if (piece.on_table) knockable.push_back(&piece);
  }
  if (knockable.empty()) return;
  ShotPiece& piece = *knockable[rng() % knockable.size()];
  piece.stacked_on_target = false;
  if (Chance(rng, 0.1)) {
    piece.on_table.reset();
    piece.touching_target = false;
    return;
  }
  piece.on_table->position = piece.on_table->position + RandomDirection(rng) * Uniform(rng, 5, 60);
  piece.touching_target = Gap(piece.on_table->Outline(), layout.target.Outline()) == 0.0;
}

ShotPiece LandedPiece(Rng& rng, const Layout& layout, int shooter, PieceSize size) {
  ShotPiece piece{shooter, std::nullopt, false, false};
  if (Chance(rng, 0.05)) return piece;  // flew off the table
  const Skill skill = SkillOfSeat(shooter);
  Pyramid pyramid{size,
                  {},
                  Chance(rng, 0.3) ? Pose::kLying : Pose::kUpright,
                  Uniform(rng, 0.0, 360.0),
                  Uniform(rng, 0.2, 0.8)};
  const Vec2 direction = RandomDirection(rng);
  const double rival_gap = BestRivalGap(layout, shooter);
  if (Chance(rng, skill.contact_chance)) {
    if (Chance(rng, 0.3) && !HasStackedPiece(layout) && layout.target.pose == Pose::kUpright) {
      pyramid.pose = Pose::kUpright;
      pyramid.position = layout.target.position;
      piece.stacked_on_target = true;
    } else {
      pyramid.position = PositionAtGap(layout.target, pyramid, direction, 0.0);
      piece.touching_target = true;
    }
  } else if (Chance(rng, 0.15) && std::isfinite(rival_gap)) {
    const double level_gap = std::max(0.2, rival_gap + Uniform(rng, -0.4, 0.4));
    pyramid.position = PositionAtGap(layout.target, pyramid, direction, level_gap);
  } else {
    const double gap = std::exponential_distribution<double>(1.0 / skill.spread_mm)(rng);
    pyramid.position = PositionAtGap(layout.target, pyramid, direction, gap);
  }
  piece.on_table = pyramid;
  return piece;
}

}  // namespace

bool Chance(Rng& rng, double probability) { return Uniform(rng, 0.0, 1.0) < probability; }

Skill SkillOfSeat(int seat) { return Skill{6.0 + 30.0 * seat, 0.12 / (1.0 + 3.0 * seat)}; }

Pyramid RandomTarget(Rng& rng, PieceSize size) {
  return Pyramid{size,
                 {Uniform(rng, 300.0, 900.0), Uniform(rng, 250.0, 600.0)},
                 Pose::kUpright,
                 Uniform(rng, 0.0, 90.0),
                 Uniform(rng, 0.2, 0.6)};
}

Layout RandomShot(Rng& rng, Layout before, int shooter, PieceSize size) {
  if (Chance(rng, 0.15)) KnockAPiece(rng, before);
  before.pieces.push_back(LandedPiece(rng, before, shooter, size));
  return before;
}

Layout RandomLayout(Rng& rng, PieceSize target_size, const std::vector<int>& shots,
                    const std::vector<PieceSize>& sizes) {
  Layout layout{RandomTarget(rng, target_size), {}};
  for (size_t seat = 0; seat < shots.size(); ++seat) {
    for (int shot = 0; shot < shots[seat]; ++shot) {
      layout = RandomShot(rng, layout, static_cast<int>(seat), sizes[seat]);
    }
  }
  return layout;
}

}  // namespace tabref::rules::iceboule
