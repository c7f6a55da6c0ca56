#include "vision/sim/shots.h"

#include <algorithm>
#include <cmath>

#include "vision/sim/random.h"

namespace tabref::vision::sim {
namespace {

constexpr int kHopEvery = 3;  // every third shot is a centrifice when a pyramid can take it

bool Playable(const Body& body) { return body.support == Support::kTable && !body.lying; }

bool CarriesAnother(const std::vector<Body>& bodies, int carrier) {
  return std::any_of(bodies.begin(), bodies.end(), [&](const Body& other) {
    return other.support == Support::kStacked && other.carrier == carrier;
  });
}

// The pieces of `kind` a player may strike now: on the table, standing, carrying nothing.
std::vector<int> Candidates(const World& world, const std::vector<PieceLook>& looks,
                            PieceKind kind) {
  std::vector<int> found;
  const std::vector<Body>& bodies = world.Bodies();
  for (size_t i = 0; i < looks.size(); ++i) {
    const int piece = static_cast<int>(i);
    if (looks[i].kind == kind && Playable(bodies[i]) && !CarriesAnother(bodies, piece)) {
      found.push_back(piece);
    }
  }
  return found;
}

}  // namespace

ShotDirector::ShotDirector(int shots, double pause_s, std::uint64_t seed)
    : shots_left_(shots), pause_s_(pause_s), rng_(seed) {}

void ShotDirector::BeforeStep(World& world, const std::vector<PieceLook>& looks) {
  if (!next_fired_ && world.Time() >= shots_.back().time_s) {
    const Shot& shot = shots_.back();
    if (shot.hop) {
      world.Hop(shot.piece, shot.velocity, shot.climb);
    } else {
      world.Flick(shot.piece, shot.velocity, shot.spin);
    }
    next_fired_ = true;
  }
  if (next_fired_ && shots_left_ > 0 && world.AtRest()) {
    if (std::optional<Shot> shot = Plan(world, looks)) {
      shots_.push_back(*shot);
      next_fired_ = false;
    }
    --shots_left_;
  }
}

bool ShotDirector::Done(const World& world) const {
  return shots_left_ == 0 && next_fired_ && world.AtRest();
}

std::optional<Shot> ShotDirector::Plan(const World& world, const std::vector<PieceLook>& looks) {
  const bool hop_turn = (shots_.size() + 1) % kHopEvery == 0;
  std::vector<int> pieces =
      Candidates(world, looks, hop_turn ? PieceKind::kPyramid : PieceKind::kCoin);
  if (pieces.empty()) pieces = Candidates(world, looks, PieceKind::kCoin);
  if (pieces.empty()) return std::nullopt;
  Shot shot;
  shot.piece = Pick(pieces, rng_);
  shot.hop = looks[static_cast<size_t>(shot.piece)].kind == PieceKind::kPyramid;
  shot.time_s = world.Time() + pause_s_;
  // Aim, a little off line, at a random piece, so that there are hits to referee; a piece
  // drawn to aim at itself is sent off in a random direction instead.
  const std::vector<Body>& bodies = world.Bodies();
  shot.from = bodies[static_cast<size_t>(shot.piece)].position;
  const cv::Vec2d aim = Pick(bodies, rng_).position - shot.from;
  const double heading =
      (cv::norm(aim) < 1 ? Uniform(-CV_PI, CV_PI, rng_) : std::atan2(aim[1], aim[0])) +
      Uniform(-0.12, 0.12, rng_);
  const cv::Vec2d direction(std::cos(heading), std::sin(heading));
  shot.velocity = Uniform(shot.hop ? 350 : 400, shot.hop ? 800 : 1600, rng_) * direction;
  shot.spin = Uniform(-12, 12, rng_);
  shot.climb = shot.hop ? Uniform(500, 900, rng_) : 0;
  return shot;
}

std::optional<HandPose> ShotDirector::Hand(double time_s) const {
  for (const Shot& shot : shots_) {
    const double heading = std::atan2(shot.velocity[1], shot.velocity[0]);
    const std::optional<HandPose> hand = FlickingHand(shot.from, heading, shot.time_s, time_s);
    if (hand) return hand;
  }
  return std::nullopt;
}

}  // namespace tabref::vision::sim
