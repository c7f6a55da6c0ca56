#include "app/referee/sim/ppolf_table.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "app/referee/observed_pieces.h"
#include "app/referee/sim/hands.h"
#include "app/referee/sim/truth_observation.h"
#include "rules/ppolf/options.h"
#include "vision/sim/piece_body.h"

namespace tabref::referee {
namespace {

using rules::Json;
using vision::sim::Body;
using vision::sim::Rng;
using vision::sim::Uniform;
using vision::sim::World;

constexpr double kTile = 50.8;
constexpr double kEdgeClearance = 3 * kTile;  // rulebook: tiles three tile widths from the edge
constexpr double kTileSpacing = 2 * kTile;    // and two tile widths from each other
constexpr double kSheetClearance = 5;
constexpr double kDetourMm = 150;  // a detour point's distance from the hole
constexpr double kSlipChance = 0.03;
constexpr double kDegree = CV_PI / 180;

bool Inside(const cv::Rect2d& rect, const cv::Vec2d& p, double inset) {
  return p[0] >= rect.x + inset && p[0] <= rect.x + rect.width - inset && p[1] >= rect.y + inset &&
         p[1] <= rect.y + rect.height - inset;
}

cv::Rect2d Shrunk(const cv::Rect2d& rect, double by) {
  return {rect.x + by, rect.y + by, rect.width - 2 * by, rect.height - 2 * by};
}

}  // namespace

GameTable PpolfTable::SetUp(const vision::PieceSet& set, const Json& binding_json, int players,
                            Rng& rng) {
  const PpolfBinding binding = PpolfBinding::FromJson(binding_json, players);
  set_ = set;
  GameTable table;
  vision::sim::TableLayout& layout = table.layout;
  layout.play_width_mm = Uniform(1350, 1550, rng);
  layout.play_depth_mm = Uniform(900, 1050, rng);
  layout.far_marker_offset_mm = {Uniform(-8, 8, rng), Uniform(-8, 8, rng)};
  layout.table_margin_mm = Uniform(110, 130, rng);
  layout.material = vision::sim::TableMaterialFromString(
      std::vector<std::string>{"wood", "felt", "laminate"}[rng() % 3]);
  table_top_ = layout.TableTop();

  std::vector<PieceMatcher> identities(binding.tiles.begin(), binding.tiles.end());
  identities.insert(identities.end(), binding.coins.begin(), binding.coins.begin() + players);
  table.looks = LooksFor(identities, set);
  for (size_t piece = 0; piece < table.looks.size(); ++piece) {
    Body body = vision::sim::MakeBody(table.looks[piece], set, {0, 0}, 0);
    if (piece < binding.tiles.size()) {
      tiles_.push_back(static_cast<int>(piece));
    } else {
      body.support = vision::sim::Support::kHeld;
      coins_.push_back(static_cast<int>(piece));
    }
    table.bodies.push_back(body);
  }
  LayCourse(layout, table.bodies, rng);
  looks_ = table.looks;
  const cv::Rect2d top = table_top_;
  for (const auto& [x, y] : {std::pair{top.x, top.y},
                             {top.x + top.width, top.y},
                             {top.x + top.width, top.y + top.height},
                             {top.x, top.y + top.height}})
    table.in_view.emplace_back(x, y, 0);
  return table;
}

void PpolfTable::LayCourse(const vision::sim::TableLayout& layout, std::vector<Body>& bodies,
                           Rng& rng) const {
  const cv::Rect2d top = layout.TableTop();
  std::vector<rules::Footprint> sheets;
  for (const cv::Vec3d& centre : layout.MarkerCentres()) {
    sheets.emplace_back(rules::Square({centre[0], centre[1]},
                                      layout.marker_side_mm + 2 * layout.paper_margin_mm, 0));
  }
  for (int restart = 0; restart < 200; ++restart) {
    std::vector<rules::Footprint> placed;
    std::vector<std::pair<cv::Vec2d, double>> poses;
    for (size_t tile = 0; tile < tiles_.size(); ++tile) {
      for (int attempt = 0; attempt < 400 && poses.size() == tile; ++attempt) {
        const double angle = Uniform(-CV_PI, CV_PI, rng);
        const double reach = 0.5 * kTile * (std::abs(std::cos(angle)) + std::abs(std::sin(angle)));
        const double inset = kEdgeClearance + reach;
        const cv::Vec2d centre(Uniform(top.x + inset, top.x + top.width - inset, rng),
                               Uniform(top.y + inset, top.y + top.height - inset, rng));
        const rules::Footprint square = rules::Square(ToRules(centre), kTile, angle / kDegree);
        const auto too_close = [&](const std::vector<rules::Footprint>& others, double gap) {
          return std::any_of(others.begin(), others.end(), [&](const rules::Footprint& other) {
            return rules::Gap(square, other) < gap;
          });
        };
        if (too_close(placed, kTileSpacing) || too_close(sheets, kSheetClearance)) continue;
        placed.push_back(square);
        poses.emplace_back(centre, angle);
      }
      if (poses.size() == tile) break;
    }
    if (poses.size() < tiles_.size()) continue;
    for (size_t tile = 0; tile < tiles_.size(); ++tile) {
      Body& body = bodies[static_cast<size_t>(tiles_[tile])];
      body.position = poses[tile].first;
      body.angle = poses[tile].second;
    }
    return;
  }
  throw std::runtime_error("could not lay out the Ppolf course on a table of " +
                           std::to_string(static_cast<int>(top.width)) + " x " +
                           std::to_string(static_cast<int>(top.height)) + " mm");
}

double PpolfTable::GapToTile(const World& world, int coin, int tile) const {
  const auto footprint = [&](int body) {
    return FootprintOf(looks_[static_cast<size_t>(body)], world.Bodies()[static_cast<size_t>(body)],
                       set_);
  };
  return rules::Gap(footprint(coin), footprint(tile));
}

cv::Vec2d PpolfTable::TeeSpot(const World& world, int coin, int tee, int hole, Rng& rng) const {
  const Body& tee_tile = world.Bodies()[static_cast<size_t>(tee)];
  const double toward =
      HeadingTo(tee_tile.position, world.Bodies()[static_cast<size_t>(hole)].position);
  const double radius = world.Bodies()[static_cast<size_t>(coin)].radius;
  const rules::Footprint square =
      rules::Square(ToRules(tee_tile.position), kTile, tee_tile.angle / kDegree);
  for (int attempt = 0; attempt < 400; ++attempt) {
    const double spread = attempt < 200 ? 70 * kDegree : CV_PI;
    const double heading = toward + Uniform(-spread, spread, rng);
    const cv::Vec2d spot =
        tee_tile.position +
        Uniform(0.5 * kTile + radius, 0.75 * kTile + radius + 45, rng) * Direction(heading);
    const double gap = rules::Gap(rules::Circle{ToRules(spot), radius}, square);
    if (gap < 2 || gap > kTile || !Inside(table_top_, spot, kTile)) continue;
    if (FreeAt(world, coin, spot, 1.0)) return spot;
  }
  return tee_tile.position + (0.75 * kTile + radius + 10) * Direction(toward);
}

cv::Vec2d PpolfTable::AimPoint(const World& world, int coin, int hole) const {
  const double radius = world.Bodies()[static_cast<size_t>(coin)].radius;
  const auto blocked = [&](const cv::Vec2d& from, const cv::Vec2d& to) {
    for (int tile : tiles_) {
      const Body& body = world.Bodies()[static_cast<size_t>(tile)];
      if (tile == hole || !body.OnTable()) continue;
      const double clearance = 0.5 * kTile * std::sqrt(2.0) + radius + 2;
      if (rules::DistanceToSegment(ToRules(body.position), ToRules(from), ToRules(to)) < clearance)
        return true;
    }
    return false;
  };
  const cv::Vec2d from = world.Bodies()[static_cast<size_t>(coin)].position;
  const cv::Vec2d target = world.Bodies()[static_cast<size_t>(hole)].position;
  if (!blocked(from, target)) return target;
  std::optional<cv::Vec2d> best;
  double shortest = 1e18;
  for (int k = 0; k < 24; ++k) {
    const cv::Vec2d detour = target + kDetourMm * Direction(2 * CV_PI * k / 24);
    if (!Inside(table_top_, detour, 2 * kTile) || blocked(from, detour) || blocked(detour, target))
      continue;
    const double length = cv::norm(detour - from) + cv::norm(target - detour);
    if (length < shortest) shortest = length, best = detour;
  }
  return best.value_or(target);
}

Strike PpolfTable::PlayShot(const rules::State& state, const Expectation& expected, World& world,
                            Rng& rng) {
  const Json details = state.Scorecard().details;
  const int hole_number = details.at("hole_number").get<int>();
  const int hole = tiles_.at(static_cast<size_t>(rules::ppolf::TargetTile(hole_number - 1)));
  const int tee = tiles_.at(static_cast<size_t>(rules::ppolf::TeeTile(hole_number - 1)));
  // Of players too close to call, the one truly closest goes.
  int seat = expected.actors.front();
  for (int other : expected.actors) {
    const int mine = coins_[static_cast<size_t>(seat)];
    const int theirs = coins_[static_cast<size_t>(other)];
    if (!Held(world, theirs) && !Held(world, mine) &&
        GapToTile(world, theirs, hole) < GapToTile(world, mine, hole))
      seat = other;
  }
  const int coin = coins_[static_cast<size_t>(seat)];
  if (Held(world, coin))
    world.Place(coin, TeeSpot(world, coin, tee, hole, rng), Uniform(-CV_PI, CV_PI, rng));

  const Body& body = world.Bodies()[static_cast<size_t>(coin)];
  const cv::Vec2d aim = AimPoint(world, coin, hole);
  const bool at_hole = aim == world.Bodies()[static_cast<size_t>(hole)].position;
  const double distance = cv::norm(aim - body.position) + (at_hole ? Uniform(5, 35, rng) : 0);
  // A flick is a snap of a finger: its direction and strength scatter more the longer it is.
  const double reach = std::min(1.0, distance / 900);
  const double heading =
      HeadingTo(body.position, aim) + Gaussian((2.0 + 4.5 * reach) * kDegree, rng);
  double speed =
      SlideSpeed(body, distance, world.Options()) * (1 + Gaussian(0.08 + 0.07 * reach, rng));
  if (vision::sim::Chance(kSlipChance, rng)) speed *= Uniform(1.6, 2.2, rng);
  Strike strike;
  strike.body = coin;
  strike.velocity = std::max(40.0, speed) * Direction(heading);
  strike.spin = Gaussian(5, rng);
  return strike;
}

Json PpolfTable::Answer(const rules::State& state, const ManualDecision& decision,
                        const World& world, Rng& /*rng*/) {
  const Json details = state.Scorecard().details;
  if (decision.kind == "ruling" && !details.at("putt_out_ruling_for").is_null()) {
    const auto& players = state.game().setup().players;
    const std::string name = details["putt_out_ruling_for"].get<std::string>();
    const auto seat =
        static_cast<size_t>(std::find(players.begin(), players.end(), name) - players.begin());
    const int hole = tiles_.at(
        static_cast<size_t>(rules::ppolf::TargetTile(details.at("hole_number").get<int>() - 1)));
    const auto options = rules::ppolf::Options::FromJson(state.game().ResolvedOptions());
    const bool within = GapToTile(world, coins_.at(seat), hole) <= options.PuttOutRangeMm();
    for (const rules::LegalAction& choice : decision.choices) {
      if (choice.action.value("putt_out", !within) == within) return choice.action;
    }
  }
  throw std::logic_error("ppolf: the simulated players cannot answer '" + decision.kind +
                         "': " + decision.question);
}

cv::Vec2d PpolfTable::PutBackFromEdge(const World& world, int coin,
                                      const cv::Vec2d& edge_point) const {
  const cv::Rect2d& top = table_top_;
  const std::array<std::pair<double, cv::Vec2d>, 4> edges = {
      std::pair{edge_point[0] - top.x, cv::Vec2d(1, 0)},
      std::pair{top.x + top.width - edge_point[0], cv::Vec2d(-1, 0)},
      std::pair{edge_point[1] - top.y, cv::Vec2d(0, 1)},
      std::pair{top.y + top.height - edge_point[1], cv::Vec2d(0, -1)}};
  const auto nearest = std::min_element(
      edges.begin(), edges.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  cv::Vec2d spot = edge_point + (nearest->first + kTile) * nearest->second;
  spot[0] = std::clamp(spot[0], top.x + kTile, top.x + top.width - kTile);
  spot[1] = std::clamp(spot[1], top.y + kTile, top.y + top.height - kTile);
  return NearestFreeSpot(world, coin, spot, Shrunk(top, 20), 1.0).value_or(spot);
}

void PpolfTable::Tidy(const rules::State& state, const vision::ShotObservation& shot,
                      World& world) {
  if (state.IsTerminal()) return PickUpAll(world, coins_);
  const Json details = state.Scorecard().details;
  for (size_t seat = 0; seat < coins_.size(); ++seat) {
    const int coin = coins_[seat];
    if (details.at("players").at(seat).at("state") != "in play") {
      if (!Held(world, coin)) world.PickUp(coin);
      continue;
    }
    if (world.Bodies()[static_cast<size_t>(coin)].OnTable()) continue;
    cv::Vec2d spot;
    if (coin == shot.moved.front()) {
      // One tile width in from where it fell off.
      cv::Vec2d edge_point = world.Bodies()[static_cast<size_t>(coin)].position;
      for (const vision::sim::Event& event : world.Events()) {
        if (event.type == vision::sim::EventType::kLeftTable && event.piece == coin)
          edge_point = event.value;
      }
      spot = PutBackFromEdge(world, coin, edge_point);
    } else {
      // Knocked off: back where it was.
      const vision::ObservedPiece* was = FindTrack(shot.before, coin);
      const cv::Vec2d at = was != nullptr ? ToCv(was->position_mm) : cv::Vec2d(0, 0);
      spot = NearestFreeSpot(world, coin, at, Shrunk(table_top_, 20), 1.0).value_or(at);
    }
    world.Place(coin, spot, world.Bodies()[static_cast<size_t>(coin)].angle);
  }
  for (int tile : tiles_) {
    if (world.Bodies()[static_cast<size_t>(tile)].OnTable()) continue;
    const vision::ObservedPiece* was = FindTrack(shot.before, tile);
    if (was == nullptr) continue;
    const cv::Vec2d at =
        NearestFreeSpot(world, tile, ToCv(was->position_mm), Shrunk(table_top_, 20), 1.0)
            .value_or(ToCv(was->position_mm));
    world.Place(tile, at, was->angle_deg * kDegree);
  }
}

std::optional<std::string> PpolfTable::StopBefore(const rules::State& state) const {
  if (options_.holes <= 0 || state.IsTerminal()) return std::nullopt;
  const int hole_number = state.Scorecard().details.at("hole_number").get<int>();
  if (hole_number <= options_.holes) return std::nullopt;
  return "stopped after hole " + std::to_string(options_.holes) + " of 18 (holes limit)";
}

}  // namespace tabref::referee
