#include "app/referee/iceboule_referee.h"

#include <algorithm>
#include <array>
#include <map>
#include <stdexcept>

#include "app/referee/observed_pieces.h"
#include "rules/iceboule/turn_order.h"

namespace tabref::referee {
namespace {

using rules::Json;
using vision::ObservedPiece;
using vision::ShotObservation;
using vision::TableObservation;

constexpr std::array<const char*, 5> kSetColours = {"red", "yellow", "green", "blue", "black"};

// The engine builds a lying pyramid's outline around the centroid of the face it lies on
// (rules::LyingPyramid), which is a little off the point below the solid's centroid.
rules::Vec2 EnginePosition(const ObservedPiece& piece) {
  return piece.pose == "lying" ? rules::Centroid(piece.footprint) : piece.position_mm;
}

Json PyramidJson(const ObservedPiece& piece) {
  return {{"position", rules::ToJson(EnginePosition(piece))},
          {"pose", piece.pose.value_or("upright")},
          {"angle_deg", piece.angle_deg},
          {"sigma_mm", piece.sigma_mm}};
}

int IndexOf(const TableObservation& table, int track) {
  for (size_t i = 0; i < table.pieces.size(); ++i) {
    if (table.pieces[i].track_id == track) return static_cast<int>(i);
  }
  return -1;
}

// A shot piece as the engine reads it, with its contact with the target.
Json ShotPieceJson(const std::string& player, const ObservedPiece& piece,
                   const TableObservation& after, int target_track) {
  Json entry = {{"player", player}};
  entry.update(PyramidJson(piece));
  const ObservedPiece& target = *FindTrack(after, target_track);
  const bool upright = piece.pose.value_or("upright") == "upright";
  const bool stacked = upright && target.pose.value_or("upright") == "upright" && piece.on_top_of &&
                       *piece.on_top_of == IndexOf(after, target_track);
  if (stacked) {
    entry["stacked_on_target"] = true;
  } else if (rules::Gap(piece.footprint, target.footprint) <= IceBouleReferee::kTouchingGapMm) {
    entry["touching_target"] = true;
  }
  return entry;
}

}  // namespace

IceBouleBinding IceBouleBinding::Default(int players) {
  if (players + 1 > static_cast<int>(kSetColours.size())) {
    throw std::invalid_argument("iceboule binding: " + std::to_string(players) +
                                " players and a target need " + std::to_string(players + 1) +
                                " colours, the set has " + std::to_string(kSetColours.size()));
  }
  IceBouleBinding binding;
  binding.colours.assign(kSetColours.begin(), kSetColours.begin() + players);
  binding.target = kSetColours[static_cast<size_t>(players)];
  return binding;
}

IceBouleBinding IceBouleBinding::FromJson(const Json& json, int players) {
  if (json.is_null()) return Default(players);
  if (!json.is_object()) throw std::invalid_argument("iceboule binding: must be an object");
  // Fields left out keep their defaults, when the set has enough colours for any.
  IceBouleBinding binding;
  if (players < static_cast<int>(kSetColours.size())) binding = Default(players);
  for (const auto& [key, value] : json.items()) {
    if (key == "colours") {
      if (!value.is_array()) throw std::invalid_argument("iceboule binding colours: a list");
      binding.colours.clear();
      for (const Json& colour : value) {
        if (!colour.is_string())
          throw std::invalid_argument("iceboule binding colours: colour names");
        binding.colours.push_back(colour.get<std::string>());
      }
    } else if (key == "target") {
      if (!value.is_string()) throw std::invalid_argument("iceboule binding target: a colour");
      binding.target = value.get<std::string>();
    } else {
      throw std::invalid_argument("iceboule binding: unknown field \"" + key +
                                  "\" (colours, target)");
    }
  }
  if (static_cast<int>(binding.colours.size()) != players) {
    throw std::invalid_argument("iceboule binding colours: give one colour per player (" +
                                std::to_string(players) + ")");
  }
  std::vector<std::string> all = binding.colours;
  all.push_back(binding.target);
  std::sort(all.begin(), all.end());
  if (std::adjacent_find(all.begin(), all.end()) != all.end() || binding.target.empty()) {
    throw std::invalid_argument(
        "iceboule binding: every player needs a colour of his own and the target a colour no "
        "player uses");
  }
  return binding;
}

Json IceBouleBinding::ToJson() const { return {{"colours", colours}, {"target", target}}; }

int IceBouleBinding::SeatOf(const ObservedPiece& piece) const {
  if (piece.kind != vision::ObservedKind::kPyramid || !piece.colour) return -1;
  const auto found = std::find(colours.begin(), colours.end(), *piece.colour);
  return found == colours.end() ? -1 : static_cast<int>(found - colours.begin());
}

bool IceBouleReferee::IsTarget(const ObservedPiece& piece) const {
  return Pyramid(binding_.target).Matches(piece);
}

Verdict IceBouleReferee::Judge(const rules::State& state, const ShotObservation& shot) const {
  const Json details = state.Scorecard().details;
  const std::string phase = details.at("phase").get<std::string>();
  if (phase == "place_target") return JudgePlacement(state, details, shot);
  if (phase == "shooting") return JudgeShot(state, details, shot);
  return Verdict::NotJudged("no shot is due now: " + state.StatusLine());
}

Verdict IceBouleReferee::JudgePlacement(const rules::State& state, const Json& details,
                                        const ShotObservation& shot) const {
  const std::optional<int> target = FirstMoved(shot, [&](int track) {
    const ObservedPiece* piece = FindTrack(shot.before, track);
    return piece != nullptr && IsTarget(*piece);
  });
  if (!target) return Verdict::NotJudged("the target (" + binding_.target + ") was not thrown");
  const ObservedPiece* resting = FindTrack(shot.after, *target);
  if (resting == nullptr) {
    return Verdict::NotJudged("the target left the table (or the view): centrifice it again");
  }
  if (resting->pose.value_or("upright") != "upright") {
    return Verdict::NotYet("the target lies on its side: stand it upright where it lies");
  }
  // The catapult: the target stood on a piece of the starting player's colour.
  const ObservedPiece* thrown = FindTrack(shot.before, *target);
  const ObservedPiece* centrifuge =
      thrown->on_top_of ? &shot.before.pieces.at(static_cast<size_t>(*thrown->on_top_of)) : nullptr;
  const Json& starter = details.at("current_end").at("starting_player");
  std::string player;
  if (!starter.is_null()) {
    player = starter.get<std::string>();
  } else if (centrifuge != nullptr && binding_.SeatOf(*centrifuge) >= 0) {
    player = state.game().PlayerName(binding_.SeatOf(*centrifuge));
  } else {
    return Verdict::Ask(ManualChoices(state, "who placed the target?", {"place_target"}),
                        "the catapult under the target was not seen");
  }
  const std::optional<std::string> size =
      resting->size ? resting->size : (centrifuge != nullptr ? centrifuge->size : std::nullopt);
  if (!size) {
    return Verdict::Ask(ManualChoices(state, "what size is the target?", {"place_target"}),
                        "the target's size was not seen");
  }
  Json action = {{"type", "place_target"}, {"player", player}, {"size", *size}};
  action["position"] = rules::ToJson(resting->position_mm);
  action["angle_deg"] = resting->angle_deg;
  action["sigma_mm"] = resting->sigma_mm;
  return Verdict::Act(action, player + " placed the " + *size + " target");
}

Verdict IceBouleReferee::JudgeShot(const rules::State& state, const Json& details,
                                   const ShotObservation& shot) const {
  const Json& end = details.at("current_end");
  const auto& players = state.game().setup().players;
  const int active = state.Actors().front();
  const PieceMatcher target_matcher =
      Pyramid(binding_.target, end.at("target_size").get<std::string>());
  const auto size_of = [&](int seat) {
    return end.at("sizes").at(players[static_cast<size_t>(seat)]).get<std::string>();
  };
  const auto ask_leader = [&](const std::string& why) {
    return Verdict::Ask(ManualChoices(state, why + ": who leads now?", {"shot"}), why);
  };
  bool any_shot = false;
  for (const auto& [name, left] : end.at("pieces_left").items())
    any_shot |= left.get<int>() < rules::iceboule::kPiecesPerPlayer;
  if (!end.at("measured").get<bool>() && any_shot) {
    return ask_leader("the end is kept by hand (the camera has not measured every piece)");
  }

  // The target, and the engine's pieces found on the table before the shot.
  const Json engine_pieces = end.contains("layout") ? end["layout"]["pieces"] : Json::array();
  std::vector<rules::Vec2> target_at;
  if (end.contains("layout"))
    target_at.push_back(rules::PointFromJson(end["layout"]["target"]["position"]));
  const std::vector<int> targets = TracksMatching(shot.before, target_matcher);
  int target = targets.empty() ? -1 : targets.front();
  if (!target_at.empty()) {
    const int near = MatchToTracks(target_at, shot.before, targets, 1e9).front();
    if (near >= 0) target = near;
  }
  if (target < 0 || FindTrack(shot.after, target) == nullptr) {
    return ask_leader("the target left the table (or the view)");
  }
  const bool target_moved = Contains(shot.moved, target);

  std::vector<int> tracks(engine_pieces.size(), -1);
  for (int seat = 0; seat < state.game().NumPlayers(); ++seat) {
    std::vector<size_t> mine;
    std::vector<rules::Vec2> positions;
    for (size_t i = 0; i < engine_pieces.size(); ++i) {
      const Json& piece = engine_pieces[i];
      if (piece.at("player") != players[static_cast<size_t>(seat)] || !piece.contains("position"))
        continue;
      mine.push_back(i);
      positions.push_back(rules::PointFromJson(piece["position"]));
    }
    if (mine.empty()) continue;
    const PieceMatcher matcher =
        Pyramid(binding_.colours[static_cast<size_t>(seat)], size_of(seat));
    const std::vector<int> found =
        MatchToTracks(positions, shot.before, TracksMatching(shot.before, matcher), 30.0);
    for (size_t k = 0; k < mine.size(); ++k) tracks[mine[k]] = found[k];
  }

  Json pieces = Json::array();
  for (size_t i = 0; i < engine_pieces.size(); ++i) {
    Json entry = engine_pieces[i];
    entry.erase("distance");
    const int track = tracks[i];
    const bool moved = track >= 0 && (Contains(shot.moved, track) || target_moved);
    if (moved) {
      const std::string& player = entry.at("player").get_ref<const std::string&>();
      const ObservedPiece* resting = FindTrack(shot.after, track);
      entry = resting != nullptr ? ShotPieceJson(player, *resting, shot.after, target)
                                 : Json{{"player", player}, {"off_table", true}};
    }
    pieces.push_back(entry);
  }

  const std::optional<int> projectile = FirstMoved(shot, [&](int track) {
    const ObservedPiece* piece = FindTrack(shot.before, track);
    return piece != nullptr && track != target && binding_.SeatOf(*piece) >= 0 &&
           !Contains(tracks, track);
  });
  if (!projectile) return Verdict::NotJudged("no projectile was centrificed");
  const ObservedPiece& thrown = *FindTrack(shot.before, *projectile);
  const int owner = binding_.SeatOf(thrown);
  if (owner != active) {
    return Verdict::NotJudged(players[static_cast<size_t>(owner)] + "'s piece was shot, but " +
                              state.StatusLine());
  }
  if (thrown.size && *thrown.size != size_of(active)) {
    return Verdict::NotJudged(players[static_cast<size_t>(active)] + " shot a " + *thrown.size +
                              " piece but plays " + size_of(active) + " this end");
  }
  const ObservedPiece* landed = FindTrack(shot.after, *projectile);
  pieces.push_back(
      landed != nullptr
          ? ShotPieceJson(players[static_cast<size_t>(active)], *landed, shot.after, target)
          : Json{{"player", players[static_cast<size_t>(active)]}, {"off_table", true}});

  Json action = {{"type", "shot"}, {"player", players[static_cast<size_t>(active)]}};
  action["target"] = PyramidJson(*FindTrack(shot.after, target));
  action["pieces"] = pieces;
  return Verdict::Act(action,
                      players[static_cast<size_t>(active)] +
                          (landed != nullptr ? "'s piece landed" : "'s piece left the table"));
}

Focus IceBouleReferee::FocusOn(const rules::State& /*state*/, const TableObservation& table) const {
  Focus focus;
  for (const ObservedPiece& piece : table.pieces) {
    if (IsTarget(piece) && focus.track < 0) focus.track = piece.track_id;
    if (binding_.SeatOf(piece) >= 0) focus.measured.push_back(piece.track_id);
  }
  return focus;
}

}  // namespace tabref::referee
