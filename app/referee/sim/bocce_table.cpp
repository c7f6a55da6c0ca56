#include "app/referee/sim/bocce_table.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/referee/sim/hands.h"
#include "rules/bocce/bocce_game.h"
#include "vision/sim/collision.h"
#include "vision/sim/piece_body.h"

namespace tabref::referee {
namespace {

using rules::Json;
using vision::sim::Body;
using vision::sim::PieceLook;
using vision::sim::Rng;
using vision::sim::Uniform;
using vision::sim::World;

constexpr double kTile = 50.8;
constexpr size_t kTilesPerBox = 6;
constexpr double kBoxDepth = 2 * kTile;      // back wall and side tiles
constexpr double kBoxHalfWidth = 2 * kTile;  // four tiles across
constexpr double kDashedLine = 1.5 * kTile;  // halfway through the free square
constexpr double kCourtInset = 40;           // court ends from the markers' lines
constexpr double kKnockChance = 0.2;         // a bowl aimed at an opponent's bowl instead
constexpr double kLongJackChance = 0.1;      // a jack flicked too hard
constexpr double kHeadingSigma = 2.2 * CV_PI / 180;
constexpr double kSpeedSigma = 0.07;

// The exact outcome of a round from the engine's layout (measured from exact positions):
// the side whose bowl is closest scores one point per bowl closer than the other side's best.
std::pair<Json, int> ExactOutcome(const Json& details) {
  const Json& distances = details.at("distances_to_jack");
  std::array<std::vector<double>, 2> sides;
  for (size_t side = 0; side < 2; ++side) {
    for (const Json& d : distances.at(side)) sides[side].push_back(d.get<double>());
    std::sort(sides[side].begin(), sides[side].end());
  }
  const auto best = [&](size_t side) { return sides[side].empty() ? 1e18 : sides[side].front(); };
  if (best(0) == best(1)) return {nullptr, 0};
  const size_t scorer = best(0) < best(1) ? 0 : 1;
  const double other = best(1 - scorer);
  const auto points = std::count_if(sides[scorer].begin(), sides[scorer].end(),
                                    [&](double d) { return d < other; });
  return {details.at("sides").at(scorer).at("name"), static_cast<int>(points)};
}

}  // namespace

GameTable BocceTable::SetUp(const vision::PieceSet& set, const Json& binding_json, int players,
                            Rng& rng) {
  const BocceBinding binding = BocceBinding::FromJson(binding_json, players);
  GameTable table;
  vision::sim::TableLayout& layout = table.layout;
  layout.play_width_mm = Uniform(950, 1100, rng);
  layout.play_depth_mm = Uniform(430, 500, rng);
  layout.far_marker_offset_mm = {Uniform(-6, 6, rng), Uniform(-6, 6, rng)};
  layout.table_margin_mm = Uniform(100, 140, rng);
  layout.material = vision::sim::TableMaterialFromString(
      std::vector<std::string>{"wood", "felt", "laminate"}[rng() % 3]);
  table_top_ = layout.TableTop();
  near_edge_ = kCourtInset;
  far_edge_ = layout.play_width_mm - kCourtInset;
  centre_y_ = 0.5 * layout.play_depth_mm;

  // The pieces: twelve end-box tiles face down, the jack, four bowls a side.
  std::vector<PieceMatcher> identities(2 * kTilesPerBox, FaceDownTile());
  identities.push_back(binding.jack);
  for (const auto& side : binding.bowls) {
    for (size_t k = 0; k < rules::bocce::kBowlsPerSide; ++k)
      identities.push_back(side[k % side.size()]);
  }
  const std::vector<PieceLook> looks = LooksFor(identities, set);
  const auto add = [&](const cv::Vec2d& at, bool held) {
    const PieceLook& look = looks[table.looks.size()];
    Body body = vision::sim::MakeBody(look, set, at, 0);
    if (held) body.support = vision::sim::Support::kHeld;
    table.looks.push_back(look);
    table.bodies.push_back(body);
    return static_cast<int>(table.bodies.size()) - 1;
  };
  // End boxes: four tiles across at the back, one at each side in front of them.
  for (const double edge : {near_edge_, far_edge_}) {
    const double inward = edge == near_edge_ ? 1 : -1;
    std::vector<cv::Vec2d> spots;
    for (const double across : {-1.5, -0.5, 0.5, 1.5})
      spots.emplace_back(edge + inward * 0.5 * kTile, centre_y_ + across * kTile);
    for (const double across : {-1.5, 1.5})
      spots.emplace_back(edge + inward * 1.5 * kTile, centre_y_ + across * kTile);
    for (const cv::Vec2d& spot : spots) {
      tiles_.push_back(add(spot, false));
      tile_homes_.push_back(spot);
    }
  }
  jack_ = add({0, 0}, true);
  for (auto& side : bowls_) {
    for (int k = 0; k < rules::bocce::kBowlsPerSide; ++k) side.push_back(add({0, 0}, true));
  }
  table.options = {{"court_min", {near_edge_, centre_y_ - kBoxHalfWidth}},
                   {"court_max", {far_edge_, centre_y_ + kBoxHalfWidth}},
                   {"axis", "x"},
                   {"end_box_depth_mm", kBoxDepth},
                   {"dashed_line_mm", kDashedLine},
                   {"coin_diameter_mm", set.coin_diameter_mm}};
  for (const double x : {near_edge_, far_edge_}) {
    for (const double y : {centre_y_ - kBoxHalfWidth, centre_y_ + kBoxHalfWidth})
      table.in_view.emplace_back(x, y, 0);
  }
  return table;
}

std::vector<int> BocceTable::Coins() const {
  std::vector<int> coins = {jack_};
  for (const auto& side : bowls_) coins.insert(coins.end(), side.begin(), side.end());
  return coins;
}

cv::Vec2d BocceTable::StartSpot(const std::string& end, double across) const {
  // Behind the dashed line, in front of the back wall: the middle of the free strip.
  const double from_edge = 0.5 * (kTile + kDashedLine);
  return {end == "near" ? near_edge_ + from_edge : far_edge_ - from_edge, centre_y_ + across};
}

Strike BocceTable::PlayShot(const rules::State& state, const Expectation& expected, World& world,
                            Rng& rng) {
  const Json details = state.Scorecard().details;
  const std::string end = details.at("end").get<std::string>();
  const double toward = end == "near" ? 0 : CV_PI;  // heading down the court
  const double free_half = kTile - 12;              // across the free square, the coin inside it
  Strike strike;
  cv::Vec2d aim_at;
  double extra_mm = 0;
  if (expected.shot == "jack") {
    PickUpAll(world, Coins());
    strike.body = jack_;
    world.Place(jack_, StartSpot(end, Uniform(-free_half, free_half, rng)),
                Uniform(-CV_PI, CV_PI, rng));
    const double length = far_edge_ - near_edge_;
    // Mostly well inside the court; now and then too long, into or over the far end.
    const double share = vision::sim::Chance(kLongJackChance, rng) ? Uniform(1.0, 1.25, rng)
                                                                   : Uniform(0.3, 0.92, rng);
    const double along = share * (length - kDashedLine);
    const cv::Vec2d start = world.Bodies()[static_cast<size_t>(jack_)].position;
    aim_at = cv::Vec2d(start[0], centre_y_ + Uniform(-0.6, 0.6, rng) * kBoxHalfWidth) +
             along * Direction(toward);
  } else {
    const auto& game = dynamic_cast<const rules::bocce::BocceGame&>(state.game());
    const int side = game.sides().SideOfSeat(expected.actors.front());
    const auto bowl = std::find_if(bowls_[static_cast<size_t>(side)].begin(),
                                   bowls_[static_cast<size_t>(side)].end(),
                                   [&](int body) { return Held(world, body); });
    if (bowl == bowls_[static_cast<size_t>(side)].end())
      throw std::logic_error("bocce: no bowl left in hand for side " + std::to_string(side));
    strike.body = *bowl;
    const cv::Rect2d box(StartSpot(end, 0)[0] - 3, centre_y_ - free_half, 6, 2 * free_half);
    const std::optional<cv::Vec2d> spot = NearestFreeSpot(
        world, *bowl, StartSpot(end, Uniform(-free_half, free_half, rng)), box, 1.0);
    world.Place(*bowl, spot.value_or(StartSpot(end, 0)), Uniform(-CV_PI, CV_PI, rng));
    const cv::Vec2d jack = world.Bodies()[static_cast<size_t>(jack_)].position;
    aim_at = jack;
    extra_mm = -world.Bodies()[static_cast<size_t>(*bowl)].radius * 2;  // stop short of it
    // Now and then knock an opponent's bowl lying close to the jack.
    if (vision::sim::Chance(kKnockChance, rng)) {
      for (int other : bowls_[static_cast<size_t>(1 - side)]) {
        const Body& target = world.Bodies()[static_cast<size_t>(other)];
        if (target.OnTable() && cv::norm(target.position - jack) < 60) {
          aim_at = target.position;
          extra_mm = 80;
          break;
        }
      }
    }
  }
  const Body& coin = world.Bodies()[static_cast<size_t>(strike.body)];
  const double heading = HeadingTo(coin.position, aim_at) + Gaussian(kHeadingSigma, rng);
  const double distance = cv::norm(aim_at - coin.position) + extra_mm;
  const double speed =
      SlideSpeed(coin, distance, world.Options()) * (1 + Gaussian(kSpeedSigma, rng));
  strike.velocity = std::max(50.0, speed) * Direction(heading);
  strike.spin = Gaussian(4, rng);
  return strike;
}

Json BocceTable::Answer(const rules::State& state, const ManualDecision& decision,
                        const World& /*world*/, Rng& rng) {
  if (decision.kind == "leader") {
    return decision.choices[rng() % decision.choices.size()].action;
  }
  if (decision.kind == "ruling") {
    const auto [side, points] = ExactOutcome(state.Scorecard().details);
    for (const rules::LegalAction& choice : decision.choices) {
      if (choice.action.at("side") == side &&
          (side.is_null() || choice.action.at("points") == points))
        return choice.action;
    }
    throw std::logic_error("bocce: the exact outcome " + side.dump() + " " +
                           std::to_string(points) + " is not among the ruling's choices");
  }
  throw std::logic_error("bocce: the simulated players cannot answer '" + decision.kind + "'");
}

void BocceTable::Tidy(const rules::State& /*state*/, const vision::ShotObservation& /*shot*/,
                      World& world) {
  // End-box tiles knocked out of place are put back before the next flick, moving a coin
  // out of the way when one lies there now.
  for (size_t k = 0; k < tiles_.size(); ++k) {
    const Body& tile = world.Bodies()[static_cast<size_t>(tiles_[k])];
    if (tile.OnTable() && tile.position == tile_homes_[k] && tile.angle == 0) continue;
    world.Place(tiles_[k], tile_homes_[k], 0);
    for (int coin : Coins()) {
      const Body& body = world.Bodies()[static_cast<size_t>(coin)];
      if (!body.OnTable() || FreeAt(world, coin, body.position, 0.2)) continue;
      if (const auto spot = NearestFreeSpot(world, coin, body.position, table_top_, 0.5))
        world.Place(coin, *spot, body.angle);
    }
  }
}

}  // namespace tabref::referee
