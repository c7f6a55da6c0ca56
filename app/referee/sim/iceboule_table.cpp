#include "app/referee/sim/iceboule_table.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>

#include "app/referee/observed_pieces.h"
#include "app/referee/sim/hands.h"
#include "vision/sim/piece_body.h"

namespace tabref::referee {
namespace {

using rules::Json;
using vision::sim::Body;
using vision::sim::Rng;
using vision::sim::Uniform;
using vision::sim::World;

constexpr int kStashPerSize = 5;
constexpr double kLineFromEdge = 140;  // the starting line, from the play area's left edge
constexpr double kDegree = CV_PI / 180;
constexpr std::array<const char*, 3> kSizes = {"small", "medium", "large"};

// How a piece lies relative to the target, closest first, as the engine's details say.
std::pair<int, double> Closeness(const Json& piece) {
  const Json& distance = piece.at("distance");
  const std::string contact = distance.at("contact").get<std::string>();
  if (contact == "stacked") return {0, 0.0};
  if (contact == "touching") return {1, 0.0};
  return {2, distance.at("gap_mm").get<double>()};
}

}  // namespace

GameTable IceBouleTable::SetUp(const vision::PieceSet& set, const Json& binding_json, int players,
                               Rng& rng) {
  binding_ = IceBouleBinding::FromJson(binding_json, players);
  set_ = set;
  GameTable table;
  vision::sim::TableLayout& layout = table.layout;
  layout.play_width_mm = Uniform(760, 900, rng);
  layout.play_depth_mm = Uniform(460, 540, rng);
  layout.far_marker_offset_mm = {Uniform(-6, 6, rng), Uniform(-6, 6, rng)};
  layout.table_margin_mm = Uniform(100, 140, rng);
  layout.material = vision::sim::TableMaterialFromString(
      std::vector<std::string>{"wood", "felt", "laminate"}[rng() % 3]);
  table_top_ = layout.TableTop();
  line_x_ = kLineFromEdge;
  target_area_ = {0.45 * layout.play_width_mm, 0.3 * layout.play_depth_mm,
                  0.35 * layout.play_width_mm, 0.4 * layout.play_depth_mm};

  std::vector<std::string> colours = binding_.colours;
  colours.push_back(binding_.target);
  std::vector<PieceMatcher> identities;
  for (size_t c = 0; c < colours.size(); ++c) {
    const int count = c + 1 < colours.size() ? kStashPerSize : 1;  // one target per size
    for (const char* size : kSizes) {
      for (int k = 0; k < count; ++k) identities.push_back(Pyramid(colours[c], size));
    }
  }
  table.looks = LooksFor(identities, set);
  for (const vision::sim::PieceLook& look : table.looks) {
    Body body = vision::sim::MakeBody(look, set, {0, 0}, 0);
    body.support = vision::sim::Support::kHeld;
    pieces_.push_back(static_cast<int>(table.bodies.size()));
    table.bodies.push_back(body);
  }
  looks_ = table.looks;
  const cv::Rect2d top = table_top_;
  for (const auto& [x, y] : {std::pair{top.x, top.y},
                             {top.x + top.width, top.y},
                             {top.x + top.width, top.y + top.height},
                             {top.x, top.y + top.height}})
    table.in_view.emplace_back(x, y, 0);
  return table;
}

int IceBouleTable::InHand(const World& world, const std::string& colour, const std::string& size,
                          int except) const {
  for (int piece : pieces_) {
    const vision::sim::PieceLook& look = looks_[static_cast<size_t>(piece)];
    if (piece != except && look.colour == colour && look.size == size && Held(world, piece))
      return piece;
  }
  return -1;
}

void IceBouleTable::BuildCatapult(World& world, int bottom, int top, Rng& rng) {
  const cv::Rect2d behind_line(line_x_ - 90, target_area_.y - 40, 60, target_area_.height + 80);
  const cv::Vec2d wanted(Uniform(behind_line.x, behind_line.x + behind_line.width, rng),
                         Uniform(behind_line.y, behind_line.y + behind_line.height, rng));
  const cv::Vec2d spot = NearestFreeSpot(world, bottom, wanted, behind_line, 3.0).value_or(wanted);
  world.Place(bottom, spot, Uniform(-CV_PI, CV_PI, rng));
  const auto dimensions = [&](int piece) {
    return vision::sim::DimensionsOf(looks_[static_cast<size_t>(piece)], set_);
  };
  world.PlaceOnTop(top, bottom, vision::sim::NestedHeight(dimensions(bottom), dimensions(top)));
  centrifuge_ = bottom;
}

Strike IceBouleTable::Centrifice(const World& world, int piece, const cv::Vec2d& aim,
                                 double distance_sigma, Rng& rng) const {
  const Body& body = world.Bodies()[static_cast<size_t>(piece)];
  Strike strike;
  strike.body = piece;
  strike.hop = true;
  strike.climb = Uniform(450, 750, rng);
  const double distance = cv::norm(aim - body.position) * (1 + Gaussian(distance_sigma, rng));
  const double speed = HopSpeed(body, distance, strike.climb, body.elevation, world.Options());
  strike.velocity = speed * Direction(HeadingTo(body.position, aim) + Gaussian(2.5 * kDegree, rng));
  strike.spin = Gaussian(3, rng);
  return strike;
}

Strike IceBouleTable::PlayShot(const rules::State& state, const Expectation& expected, World& world,
                               Rng& rng) {
  const Json end = state.Scorecard().details.at("current_end");
  const auto& players = state.game().setup().players;
  if (expected.shot == "place_target") {
    PickUpAll(world, pieces_);
    // In the first end the table decides at random who goes first.
    const std::string starter = end.at("starting_player").is_string()
                                    ? end["starting_player"].get<std::string>()
                                    : players[rng() % players.size()];
    const auto seat =
        static_cast<size_t>(std::find(players.begin(), players.end(), starter) - players.begin());
    const std::string size = kSizes[rng() % kSizes.size()];
    target_ = InHand(world, binding_.target, size);
    placing_target_ = true;
    BuildCatapult(world, InHand(world, binding_.colours[seat], size), target_, rng);
    const cv::Vec2d aim(Uniform(target_area_.x, target_area_.x + target_area_.width, rng),
                        Uniform(target_area_.y, target_area_.y + target_area_.height, rng));
    return Centrifice(world, target_, aim, 0.05, rng);
  }
  const int active = expected.actors.front();
  const std::string& colour = binding_.colours[static_cast<size_t>(active)];
  const std::string size =
      end.at("sizes").at(players[static_cast<size_t>(active)]).get<std::string>();
  const int centrifuge = InHand(world, colour, size);
  const int projectile = InHand(world, colour, size, centrifuge);
  if (centrifuge < 0 || projectile < 0) {
    throw std::logic_error("iceboule: " + players[static_cast<size_t>(active)] +
                           " has no catapult of " + size + " pieces left in hand");
  }
  BuildCatapult(world, centrifuge, projectile, rng);
  return Centrifice(world, projectile, world.Bodies()[static_cast<size_t>(target_)].position, 0.08,
                    rng);
}

void IceBouleTable::AtRest(const rules::State& /*state*/, World& world) {
  if (!placing_target_) return;
  placing_target_ = false;
  const Body& target = world.Bodies()[static_cast<size_t>(target_)];
  if (target.OnTable() && target.lying) world.Place(target_, target.position, target.angle);
}

Json IceBouleTable::Answer(const rules::State& state, const ManualDecision& decision,
                           const World& world, Rng& rng) {
  const Json end = state.Scorecard().details.at("current_end");
  if (decision.kind == "choose_size") {
    const std::string player = state.game().PlayerName(decision.actors.front());
    std::vector<Json> mine;
    for (const rules::LegalAction& choice : decision.choices) {
      if (choice.action.at("player") == player) mine.push_back(choice.action);
    }
    return mine.at(rng() % mine.size());
  }
  if (decision.kind == "ruling") {
    const Json& pieces = end.at("layout").at("pieces");
    const Json& question = end.at("question").at("pieces");
    const Json& first = pieces.at(question.at(0).get<size_t>());
    const Json& second = pieces.at(question.at(1).get<size_t>());
    const auto a = Closeness(first);
    const auto b = Closeness(second);
    Json answer = {{"type", "ruling"}};
    if (a == b) {
      answer["equal"] = true;
    } else {
      answer["closer"] = (a < b ? first : second).at("player");
    }
    return answer;
  }
  if (decision.kind == "shot") {
    // The target is gone: no piece can be measured against it.
    const bool target_on_table =
        target_ >= 0 && world.Bodies()[static_cast<size_t>(target_)].OnTable();
    if (!target_on_table) {
      for (const rules::LegalAction& choice : decision.choices) {
        if (choice.action.value("leader", "") == "none") return choice.action;
      }
    }
  }
  if (decision.kind == "end_result" && !decision.choices.empty()) {
    return decision.choices.front().action;
  }
  throw std::logic_error("iceboule: the simulated players cannot answer '" + decision.kind +
                         "': " + decision.question);
}

void IceBouleTable::Tidy(const rules::State& /*state*/, const vision::ShotObservation& /*shot*/,
                         World& world) {
  if (centrifuge_ >= 0 && !Held(world, centrifuge_)) world.PickUp(centrifuge_);
  centrifuge_ = -1;
}

}  // namespace tabref::referee
