#include "app/referee/iceboule_referee.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <utility>

#include "app/referee/observed_pieces.h"
#include "rules/core/rule_error.h"
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

// The footprints' gap between a piece and the target (mm; < 0 overlapping), with its 1-sigma.
struct MeasuredGap {
  double mm = 0;
  double sigma_mm = 0;

  bool Touching() const { return mm <= IceBouleReferee::kTouchingGapMm; }
  // So near touching that the two places' measurements cannot tell.
  bool TooCloseToTell() const {
    return std::abs(mm - IceBouleReferee::kTouchingGapMm) <=
           IceBouleReferee::kTouchSigmas * sigma_mm;
  }
};

MeasuredGap GapBetween(const ObservedPiece& piece, const ObservedPiece& target) {
  return {rules::SignedGap(piece.footprint, target.footprint),
          std::hypot(RelativeSigma(piece), RelativeSigma(target))};
}

// A shot piece as the engine reads it, with its contact with the target, and whether its gap
// lies so near touching that the two places' measurements cannot tell.
struct MeasuredShotPiece {
  Json entry;
  bool touch_unsure = false;
};

MeasuredShotPiece ShotPieceJson(const std::string& player, const ObservedPiece& piece,
                                const TableObservation& after, int target_track) {
  MeasuredShotPiece measured;
  measured.entry = {{"player", player}};
  measured.entry.update(PyramidJson(piece));
  const ObservedPiece& target = *FindTrack(after, target_track);
  const bool upright = piece.pose.value_or("upright") == "upright";
  const bool stacked = upright && target.pose.value_or("upright") == "upright" && piece.on_top_of &&
                       *piece.on_top_of == IndexOf(after, target_track);
  if (stacked) {
    measured.entry["stacked_on_target"] = true;
    return measured;
  }
  const MeasuredGap gap = GapBetween(piece, target);
  if (gap.Touching()) measured.entry["touching_target"] = true;
  measured.touch_unsure = gap.TooCloseToTell();
  return measured;
}

// Whether the players said whether the engine's piece `entry` touches the target: a manual
// shot laid it where it lies (such a question names every piece too close to call; the
// others were measured beyond doubt).
bool TouchAnsweredByPlayers(const rules::State& state, const Json& entry) {
  const rules::Vec2 at = rules::PointFromJson(entry.at("position"));
  for (const rules::Action& action : state.History()) {
    if (action.source != rules::ActionSource::kManual || action.Type() != "shot") continue;
    for (const Json& piece : action.body.value("pieces", Json::array())) {
      if (piece.value("player", "") == entry.at("player") && piece.contains("position") &&
          rules::Distance(rules::PointFromJson(piece["position"]), at) < 1e-6)
        return true;
    }
  }
  return false;
}

// Whether `piece`, seen where it is, is no farther from `was` than its measurement tells.
bool Unmoved(const ObservedPiece& piece, rules::Vec2 was) {
  return rules::Distance(EnginePosition(piece), was) <=
         std::max(IceBouleReferee::kUnmovedFloorMm,
                  IceBouleReferee::kUnmovedSigmas * RelativeSigma(piece));
}

// Whether `piece` lies as the engine's layout entry `was` has it: in the same place, pose and
// turn (a struck pyramid may turn where it stands, and its outline with it). An upright
// pyramid's square base looks alike every quarter turn.
bool Unmoved(const ObservedPiece& piece, const Json& was) {
  const std::string pose = piece.pose.value_or("upright");
  if (!Unmoved(piece, rules::PointFromJson(was.at("position"))) ||
      pose != was.value("pose", "upright"))
    return false;
  const double period = pose == "lying" ? 360 : 90;
  const double turn = std::remainder(piece.angle_deg - was.value("angle_deg", 0.0), period);
  return std::abs(turn) <= IceBouleReferee::kUnturnedDeg;
}

// The piece `matcher` accepts nearest to `near` (the first one without it), or nullptr.
const ObservedPiece* NearestMatching(const TableObservation& table, const PieceMatcher& matcher,
                                     const std::optional<rules::Vec2>& near) {
  const ObservedPiece* best = nullptr;
  for (const ObservedPiece& piece : table.pieces) {
    if (!matcher.Matches(piece)) continue;
    if (best == nullptr) best = &piece;
    if (!near) break;
    if (rules::Distance(piece.position_mm, *near) < rules::Distance(best->position_mm, *near))
      best = &piece;
  }
  return best;
}

// A blurred silhouette of one pyramid may read as two of its colour nested. Where `pieces` of a
// player (of `table`) are more than the `owned` they can have there, the upper pieces of such
// pairs go, farthest from the `catapult` first (a catapult is a nested pair of one colour).
void DropPiecesReadTwice(std::vector<const ObservedPiece*>& pieces, const TableObservation& table,
                         rules::Vec2 catapult, size_t owned) {
  std::vector<const ObservedPiece*> read_twice;
  for (const ObservedPiece* piece : pieces) {
    if (!piece->on_top_of ||
        rules::Distance(piece->position_mm, catapult) <= IceBouleReferee::kCentrifugeReachMm)
      continue;
    const ObservedPiece& below = table.pieces.at(static_cast<size_t>(*piece->on_top_of));
    if (std::find(pieces.begin(), pieces.end(), &below) != pieces.end())
      read_twice.push_back(piece);
  }
  std::sort(read_twice.begin(), read_twice.end(),
            [&](const ObservedPiece* a, const ObservedPiece* b) {
              return rules::Distance(a->position_mm, catapult) >
                     rules::Distance(b->position_mm, catapult);
            });
  for (const ObservedPiece* upper : read_twice) {
    if (pieces.size() <= owned) break;
    pieces.erase(std::find(pieces.begin(), pieces.end(), upper));
  }
}

// The pieces of a hand-kept end (the players stated who led, so the engine has no layout) as
// the camera saw them before the shot, in the engine's form: each player's pieces of their
// colour, the shooter's catapult (a nested pair of their colour) and pieces read twice left
// out. Nothing unless every player has as many on the table as they have shot.
std::optional<Json> PiecesSeenBefore(const IceBouleBinding& binding,
                                     const std::vector<std::string>& players, const Json& end,
                                     int active, const TableObservation& before) {
  std::vector<std::vector<const ObservedPiece*>> owned(players.size());
  for (const ObservedPiece& piece : before.pieces) {
    const int seat = binding.SeatOf(piece);
    if (seat >= 0) owned[static_cast<size_t>(seat)].push_back(&piece);
  }
  std::vector<const ObservedPiece*>& shooters = owned[static_cast<size_t>(active)];
  const auto upper =
      std::find_if(shooters.begin(), shooters.end(), [&](const ObservedPiece* piece) {
        return piece->on_top_of &&
               binding.SeatOf(before.pieces.at(static_cast<size_t>(*piece->on_top_of))) == active;
      });
  if (upper == shooters.end()) return std::nullopt;
  const ObservedPiece* carrier = &before.pieces[static_cast<size_t>(*(*upper)->on_top_of)];
  const rules::Vec2 catapult = carrier->position_mm;
  std::erase_if(shooters,
                [&](const ObservedPiece* piece) { return piece == *upper || piece == carrier; });
  Json pieces = Json::array();
  for (size_t seat = 0; seat < players.size(); ++seat) {
    const auto shot = static_cast<size_t>(rules::iceboule::kPiecesPerPlayer -
                                          end.at("pieces_left").at(players[seat]).get<int>());
    DropPiecesReadTwice(owned[seat], before, catapult, shot);
    if (owned[seat].size() != shot) return std::nullopt;
    for (const ObservedPiece* piece : owned[seat]) {
      Json entry = {{"player", players[seat]}};
      entry.update(PyramidJson(*piece));
      pieces.push_back(std::move(entry));
    }
  }
  return pieces;
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
  // The target on its catapult before the shot, and where it rests after it (stood upright
  // by the players, when it lay).
  const PieceMatcher target_matcher = Pyramid(binding_.target);
  // Most of the table gone at once is the last end's pieces cleared away, no throw (the new
  // catapult may be set down in the same moment), unless a target flew in it: the players
  // cleared the table, set the catapult down and centrificed the target with a hand over the
  // table all along (held-out Ice Boule seed 241). A piece read again where it stood (another
  // size or pose, a new track: a centrifuge tipped over by the throw) is not gone.
  const auto gone = std::count_if(
      shot.before.pieces.begin(), shot.before.pieces.end(), [&](const ObservedPiece& piece) {
        return FindTrack(shot.after, piece.track_id) == nullptr &&
               std::none_of(shot.after.pieces.begin(), shot.after.pieces.end(),
                            [&](const ObservedPiece& after) {
                              return rules::Distance(after.position_mm, piece.position_mm) <=
                                     kReadAgainReachMm;
                            });
      });
  const bool cleared = gone >= 2 && 2 * static_cast<size_t>(gone) > shot.before.pieces.size();
  const auto flown = std::find_if(
      shot.after.pieces.begin(), shot.after.pieces.end(), [&](const ObservedPiece& piece) {
        return target_matcher.Matches(piece) && Contains(shot.flew, piece.track_id);
      });
  if (cleared && flown == shot.after.pieces.end())
    return Verdict::NotJudged("the table was cleared for the next end: no target was thrown");
  // (The camera may miss the target on its catapult, a small one standing raised on a hidden
  // centrifuge: then the target that moved in the shot is the one thrown.)
  const ObservedPiece* thrown =
      cleared ? nullptr : NearestMatching(shot.before, target_matcher, std::nullopt);
  const TableObservation& settled = shot.set_right ? *shot.set_right : shot.after;
  const std::optional<rules::Vec2> thrown_from =
      thrown ? std::optional(thrown->position_mm) : std::nullopt;
  const ObservedPiece* resting = NearestMatching(
      settled, target_matcher, cleared ? std::optional(flown->position_mm) : thrown_from);
  if (resting == nullptr && thrown != nullptr) {
    // Lying where the shot left it, it did not leave the table: a look taken as the players
    // stood it up may miss it (fresh seed 319: a small target on felt of its colour, seen
    // again a third of a second later); the next look tells.
    if (shot.set_right && NearestMatching(shot.after, target_matcher, thrown_from) != nullptr)
      return Verdict::NotYet("the target (" + binding_.target +
                             ") was not seen where it was stood up");
    return Verdict::NotJudged("the target left the table (or the view): centrifice it again");
  }
  if (resting == nullptr) {
    // Seen neither on its catapult nor where it rests (a look can miss a small pyramid): the
    // next look at the table tells.
    return Verdict::NotYet("the target (" + binding_.target + ") was not seen where it rests");
  }
  const auto moved_in_shot = [&](const ObservedPiece& piece) {
    return std::count(shot.moved.begin(), shot.moved.end(), piece.track_id) > 0;
  };
  // Stood upright by the players where the shot left it lying, it may be read again as a new
  // piece: it moved if the one that lay there did (held-out seed 182: a small target unseen on
  // its catapult, on felt of its colour, thrown, lying, stood up, and "not thrown").
  const ObservedPiece* lay_there =
      shot.set_right ? NearestMatching(shot.after, target_matcher, resting->position_mm) : nullptr;
  const bool moved =
      moved_in_shot(*resting) ||
      (lay_there != nullptr && moved_in_shot(*lay_there) &&
       rules::Distance(lay_there->position_mm, resting->position_mm) <= kReadAgainReachMm);
  // (A target that lay on the table and stands where it lay was stood up.)
  const bool stood_up =
      thrown && thrown->pose == "lying" &&
      rules::Distance(resting->position_mm, thrown->position_mm) <= kReadAgainReachMm;
  if (stood_up || (thrown ? Unmoved(*resting, EnginePosition(*thrown)) : !moved))
    return Verdict::NotJudged("the target (" + binding_.target + ") was not thrown");
  if (resting->pose.value_or("upright") != "upright") {
    return Verdict::NotYet("the target lies on its side: stand it upright where it lies");
  }
  // The catapult's centrifuge: the piece the target stood on, or (when the target hid it) the
  // piece of a player's colour found where the target stood as the shot left the table
  // (setting the target upright, the players may have cleared it away), or (the catapult
  // unseen before the throw: set down under the hand that threw it) the piece of a player's
  // colour that turned up in the shot, when all that did are one player's (held-out Ice Boule
  // seeds 6, 182, 186, 210, 231: the first end's placer asked for).
  const ObservedPiece* centrifuge =
      thrown && thrown->on_top_of ? &shot.before.pieces.at(static_cast<size_t>(*thrown->on_top_of))
                                  : nullptr;
  if (centrifuge == nullptr && thrown != nullptr) {
    double nearest = kCentrifugeReachMm;
    for (const ObservedPiece& piece : shot.after.pieces) {
      const double distance = rules::Distance(piece.position_mm, thrown->position_mm);
      if (binding_.SeatOf(piece) >= 0 && distance <= nearest) {
        centrifuge = &piece;
        nearest = distance;
      }
    }
  }
  if (centrifuge == nullptr && thrown == nullptr) {
    std::vector<const ObservedPiece*> turned_up;
    for (const ObservedPiece& piece : shot.after.pieces) {
      if (binding_.SeatOf(piece) >= 0 && FindTrack(shot.before, piece.track_id) == nullptr)
        turned_up.push_back(&piece);
    }
    if (!turned_up.empty() &&
        std::all_of(turned_up.begin(), turned_up.end(), [&](const ObservedPiece* piece) {
          return binding_.SeatOf(*piece) == binding_.SeatOf(*turned_up.front());
        }))
      centrifuge = turned_up.front();
  }
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
  const std::string& active_name = players[static_cast<size_t>(active)];
  const auto ask_leader = [&](const std::string& why) {
    return Verdict::Ask(ManualChoices(state, why + ": who leads now?", {"shot"}), why);
  };
  bool any_shot = false;
  for (const auto& [name, left] : end.at("pieces_left").items())
    any_shot |= left.get<int>() < rules::iceboule::kPiecesPerPlayer;
  Json engine_pieces = end.contains("layout") ? end["layout"]["pieces"] : Json::array();
  if (!end.at("measured").get<bool>() && any_shot) {
    // Measured again once the camera accounts for every piece.
    std::optional<Json> seen = PiecesSeenBefore(binding_, players, end, active, shot.before);
    if (!seen)
      return ask_leader("the end is kept by hand (the camera has not seen every piece shot)");
    engine_pieces = std::move(*seen);
  }

  // The catapult: a piece of a player's colour (any size: a stack reads larger) standing
  // where none of that player's pieces lay after the last shot.
  const auto engine_positions = [&](int seat) {
    std::vector<rules::Vec2> positions;
    for (const Json& piece : engine_pieces) {
      if (piece.at("player") == players[static_cast<size_t>(seat)] && piece.contains("position"))
        positions.push_back(rules::PointFromJson(piece["position"]));
    }
    return positions;
  };
  const auto catapult_of = [&](int seat) -> std::optional<rules::Vec2> {
    const std::vector<rules::Vec2> laid = engine_positions(seat);
    for (const ObservedPiece& piece : shot.before.pieces) {
      if (binding_.SeatOf(piece) != seat) continue;
      const rules::Vec2 at = EnginePosition(piece);
      if (std::none_of(laid.begin(), laid.end(), [&](const rules::Vec2& p) {
            return rules::Distance(p, at) < kCatapultClearMm;
          }))
        return at;
    }
    return std::nullopt;
  };
  // ... or, set down under the hand that shot it (never seen before the shot), the piece of
  // the player's colour that turned up in the shot and did not fly, where one of theirs flew
  // (held-out Ice Boule seed 218: Bob's first catapult, then every shot after misjudged).
  const auto catapult_set_down_in_shot = [&](int seat) -> std::optional<rules::Vec2> {
    const std::vector<rules::Vec2> laid = engine_positions(seat);
    std::vector<rules::Vec2> turned_up;
    bool one_flew = false;
    for (const ObservedPiece& piece : shot.after.pieces) {
      if (binding_.SeatOf(piece) != seat) continue;
      if (Contains(shot.flew, piece.track_id)) {
        one_flew = true;
        continue;
      }
      const rules::Vec2 at = EnginePosition(piece);
      if (FindTrack(shot.before, piece.track_id) == nullptr &&
          std::none_of(laid.begin(), laid.end(), [&](const rules::Vec2& p) {
            return rules::Distance(p, at) < kCatapultClearMm;
          }))
        turned_up.push_back(at);
    }
    if (!one_flew || turned_up.size() != 1) return std::nullopt;
    return turned_up.front();
  };
  std::optional<rules::Vec2> catapult = catapult_of(active);
  if (!catapult) catapult = catapult_set_down_in_shot(active);
  if (!catapult) {
    for (int seat = 0; seat < state.game().NumPlayers(); ++seat) {
      if (seat != active && catapult_of(seat)) {
        return Verdict::NotJudged(players[static_cast<size_t>(seat)] +
                                  "'s catapult was shot, but " + state.StatusLine());
      }
    }
    return Verdict::NotJudged("no projectile was centrificed: no catapult of " + active_name +
                              "'s was seen before the shot");
  }

  // The target: the piece of its colour and size nearest to where it stood, else (the camera
  // may misread a small pyramid's size: a shadow on a cloth of its colour widens it) of its
  // colour.
  const PieceMatcher target_matcher =
      Pyramid(binding_.target, end.at("target_size").get<std::string>());
  const std::optional<rules::Vec2> target_was =
      end.contains("layout")
          ? std::optional(rules::PointFromJson(end["layout"]["target"]["position"]))
          : std::nullopt;
  const ObservedPiece* target = NearestMatching(shot.after, target_matcher, target_was);
  if (target == nullptr) target = NearestMatching(shot.after, Pyramid(binding_.target), target_was);
  if (target == nullptr) return ask_leader("the target left the table (or the view)");
  const bool target_moved = !target_was || !Unmoved(*target, end["layout"]["target"]);

  // Each player's pieces after the shot, claimed by the engine's pieces that did not move,
  // then by the centrifuge (the active player's piece nearest the catapult), then by those
  // that moved and by the projectile. Pieces of one player are alike, so which of them took
  // which place does not matter. A player plays one size an end, so every piece of their
  // colour is theirs: the camera may misread a far one's size.
  Json pieces = engine_pieces;
  std::optional<Json> projectile;
  // Pieces (indices into `pieces`; the projectile's is its last) whose touch with the target
  // the camera cannot tell.
  std::vector<size_t> unsure;
  const auto measured = [&](const std::string& player, const ObservedPiece& piece, size_t index) {
    MeasuredShotPiece read = ShotPieceJson(player, piece, shot.after, target->track_id);
    if (read.touch_unsure) unsure.push_back(index);
    return std::move(read.entry);
  };
  const auto within = [](double mm) {
    return [mm](const ObservedPiece&, double distance) { return distance <= mm; };
  };
  const auto anywhere = [](const ObservedPiece&, double) { return true; };
  for (int seat = 0; seat < state.game().NumPlayers(); ++seat) {
    const std::string& player = players[static_cast<size_t>(seat)];
    std::vector<const ObservedPiece*> free;
    for (const ObservedPiece& piece : shot.after.pieces) {
      if (Pyramid(binding_.colours[static_cast<size_t>(seat)]).Matches(piece))
        free.push_back(&piece);
    }
    if (seat == active) {
      // The shooter has on the table the pieces the engine lays out, the centrifuge and the
      // projectile.
      const size_t on_table = engine_positions(seat).size() + 2;
      DropPiecesReadTwice(free, shot.after, *catapult, on_table);
    }
    // The free piece nearest to `at` that `reaches` accepts (given the piece and its distance).
    const auto take_nearest = [&](rules::Vec2 at, const auto& reaches) -> const ObservedPiece* {
      auto best = free.end();
      for (auto it = free.begin(); it != free.end(); ++it) {
        const double distance = rules::Distance(EnginePosition(**it), at);
        if (reaches(**it, distance) &&
            (best == free.end() || distance < rules::Distance(EnginePosition(**best), at)))
          best = it;
      }
      if (best == free.end()) return nullptr;
      const ObservedPiece* taken = *best;
      free.erase(best);
      return taken;
    };
    std::vector<size_t> moved;
    for (size_t i = 0; i < pieces.size(); ++i) {
      Json& entry = pieces[i];
      entry.erase("distance");
      if (entry.at("player") != player || !entry.contains("position")) continue;
      const ObservedPiece* still =
          take_nearest(rules::PointFromJson(entry["position"]),
                       [&](const ObservedPiece& piece, double) { return Unmoved(piece, entry); });
      if (still == nullptr) {
        moved.push_back(i);
      } else if (target_moved) {
        entry = measured(player, *still, i);
      } else if (GapBetween(*still, *target).TooCloseToTell() &&
                 !TouchAnsweredByPlayers(state, entry)) {
        // Its touch did not matter when it was read; should it matter now, it is asked.
        unsure.push_back(i);
      }
    }
    if (seat == active) take_nearest(*catapult, within(kCentrifugeReachMm));
    for (size_t i : moved) {
      const ObservedPiece* now =
          take_nearest(rules::PointFromJson(pieces[i]["position"]), anywhere);
      pieces[i] = now != nullptr ? measured(player, *now, i)
                                 : Json{{"player", player}, {"off_table", true}};
    }
    if (seat != active) continue;
    if (const ObservedPiece* landed = take_nearest(target->position_mm, anywhere)) {
      projectile = measured(player, *landed, pieces.size());
    } else if (!shot.left_table.empty()) {
      projectile = Json{{"player", player}, {"off_table", true}};
    }
  }
  if (!projectile) return ask_leader("the projectile was not found on the table");
  const bool landed = !projectile->contains("off_table");
  pieces.push_back(*projectile);
  Json action = {{"type", "shot"}, {"player", active_name}};
  action["target"] = PyramidJson(*target);
  action["pieces"] = pieces;
  return CallTouches(state, std::move(action), unsure,
                     active_name + (landed ? "'s piece landed" : "'s piece left the table"));
}

Verdict IceBouleReferee::CallTouches(const rules::State& state, Json action,
                                     std::vector<size_t> unsure, const std::string& reason) const {
  if (unsure.size() > kMostTouchesAsked) unsure.resize(kMostTouchesAsked);
  // Every reading of the unsure touches, the measured one first, by what the engine makes of
  // it (who leads, who shoots next, the score).
  std::vector<std::pair<std::string, rules::LegalAction>> outcomes;
  for (unsigned flips = 0; flips < (1u << unsure.size()); ++flips) {
    Json reading = action;
    std::vector<std::string> said;
    for (size_t k = 0; k < unsure.size(); ++k) {
      Json& piece = reading["pieces"][unsure[k]];
      if ((flips >> k) & 1u) {
        if (piece.contains("touching_target")) {
          piece.erase("touching_target");
        } else {
          piece["touching_target"] = true;
        }
      }
      const rules::Vec2 at = rules::PointFromJson(piece.at("position"));
      said.push_back(piece.at("player").get<std::string>() + "'s piece at (" +
                     std::to_string(std::lround(at.x)) + ", " + std::to_string(std::lround(at.y)) +
                     (piece.contains("touching_target") ? ") touches the target"
                                                        : ") does not touch the target"));
    }
    std::unique_ptr<rules::State> after = state.Clone();
    try {
      after->Apply(reading, rules::ActionSource::kVision);
    } catch (const rules::RuleError&) {
      continue;
    }
    std::string label;
    for (const std::string& part : said) label += (label.empty() ? "" : ", ") + part;
    const std::string outcome = after->StatusLine();
    if (std::none_of(outcomes.begin(), outcomes.end(),
                     [&](const auto& known) { return known.first == outcome; }))
      outcomes.push_back({outcome, {reading, label}});
  }
  if (outcomes.size() <= 1) return Verdict::Act(std::move(action), reason);
  ManualDecision question;
  question.kind = "shot";
  question.question = "which pieces touch the target? (too close for the camera to tell)";
  question.actors = {state.Actors().front()};
  for (auto& [outcome, choice] : outcomes) question.choices.push_back(std::move(choice));
  return Verdict::Ask(question, reason + ", too close to the target to tell whether it touches");
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
