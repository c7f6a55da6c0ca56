#include "app/referee/bocce_referee.h"

#include <stdexcept>

#include "app/referee/observed_pieces.h"
#include "rules/bocce/bocce_game.h"
#include "rules/bocce/layout.h"

namespace tabref::referee {
namespace {

using rules::Json;
using vision::ObservedPiece;
using vision::ShotObservation;
using vision::TableObservation;

// The piece with this track after the shot, else before it.
const ObservedPiece* Seen(const ShotObservation& shot, int track) {
  const ObservedPiece* after = FindTrack(shot.after, track);
  return after != nullptr ? after : FindTrack(shot.before, track);
}

std::vector<PieceMatcher> MatchersFromJson(const Json& json, const std::string& what) {
  if (!json.is_array() || json.empty()) {
    throw std::invalid_argument(what + ": must be a non-empty list of pieces");
  }
  std::vector<PieceMatcher> matchers;
  for (size_t i = 0; i < json.size(); ++i) {
    matchers.push_back(PieceMatcher::FromJson(json[i], what + "[" + std::to_string(i) + "]"));
  }
  return matchers;
}

}  // namespace

BocceBinding BocceBinding::Default(int players) {
  BocceBinding binding;
  if (players == 8) {
    binding.bowls = {{{CoinShowingSuit("suns"), CoinShowingSuit("moons")},
                      {CoinShowingSuit("crowns"), CoinShowingSuit("arms")}}};
  } else {
    binding.bowls = {{{CoinShowingSuit("suns")}, {CoinShowingSuit("moons")}}};
  }
  return binding;
}

BocceBinding BocceBinding::FromJson(const Json& json, int players) {
  BocceBinding binding = Default(players);
  if (json.is_null()) return binding;
  if (!json.is_object()) throw std::invalid_argument("bocce binding: must be an object");
  for (const auto& [key, value] : json.items()) {
    if (key == "jack") {
      binding.jack = PieceMatcher::FromJson(value, "bocce binding jack");
    } else if (key == "bowls") {
      if (!value.is_array() || value.size() != 2) {
        throw std::invalid_argument("bocce binding bowls: must list the two sides' bowls");
      }
      for (size_t side = 0; side < 2; ++side) {
        binding.bowls[side] =
            MatchersFromJson(value[side], "bocce binding bowls[" + std::to_string(side) + "]");
      }
    } else {
      throw std::invalid_argument("bocce binding: unknown field \"" + key + "\" (jack, bowls)");
    }
  }
  return binding;
}

Json BocceBinding::ToJson() const {
  Json sides = Json::array();
  for (const auto& side : bowls) {
    Json list = Json::array();
    for (const PieceMatcher& matcher : side) list.push_back(matcher.ToJson());
    sides.push_back(list);
  }
  return {{"jack", jack.ToJson()}, {"bowls", sides}};
}

int BocceBinding::SideOf(const ObservedPiece& piece) const {
  for (int side = 0; side < 2; ++side) {
    for (const PieceMatcher& matcher : bowls[static_cast<size_t>(side)]) {
      if (matcher.Matches(piece)) return side;
    }
  }
  return -1;
}

bool BocceReferee::IsJack(const ShotObservation& shot, int track) const {
  const ObservedPiece* piece = Seen(shot, track);
  return piece != nullptr && binding_.jack.Matches(*piece);
}

int BocceReferee::SideOfTrack(const ShotObservation& shot, int track) const {
  const ObservedPiece* piece = Seen(shot, track);
  return piece != nullptr ? binding_.SideOf(*piece) : -1;
}

Verdict BocceReferee::Judge(const rules::State& state, const ShotObservation& shot) const {
  const Json details = state.Scorecard().details;
  const std::string phase = details.at("phase").get<std::string>();
  if (phase == "place_jack") return JudgeJack(state, shot);
  if (phase == "bowls") return JudgeBowl(state, details, shot);
  return Verdict::NotJudged("no flick is due now: " + state.StatusLine());
}

Verdict BocceReferee::JudgeJack(const rules::State& state, const ShotObservation& shot) const {
  const std::optional<int> jack = FirstMoved(shot, [&](int track) { return IsJack(shot, track); });
  if (!jack) return Verdict::NotJudged("the jack (" + binding_.jack.Describe() + ") did not move");
  if (const ObservedPiece* resting = FindTrack(shot.after, *jack)) {
    Json action = MeasuredPosition(*resting);
    action["type"] = "jack";
    return Verdict::Act(action, "the jack rests at " + rules::ToJson(resting->position_mm).dump());
  }
  if (Contains(shot.left_table, *jack)) {
    return Verdict::Act({{"type", "jack"}, {"position", nullptr}}, "the jack left the table");
  }
  return Verdict::Ask(ManualChoices(state, "the camera lost the jack: was it placed?", {"jack"}),
                      "the jack is not in view");
}

Verdict BocceReferee::JudgeBowl(const rules::State& state, const Json& details,
                                const ShotObservation& shot) const {
  const auto& game = dynamic_cast<const rules::bocce::BocceGame&>(state.game());
  const rules::bocce::Sides& sides = game.sides();
  const int flicking = sides.SideOfSeat(state.Actors().front());
  const double coin_radius = 0.5 * game.options().coin_diameter_mm;

  // The bowls in play before the shot: the engine's last layout found on the table again.
  std::array<std::vector<int>, 2> in_play;
  int jack_before = -1;
  if (!details.at("layout").is_null()) {
    const rules::bocce::Layout layout = rules::bocce::LayoutFromAction(details["layout"], sides);
    for (int side = 0; side < 2; ++side) {
      std::vector<rules::Vec2> positions;
      for (const rules::bocce::Coin& bowl : layout.bowls[static_cast<size_t>(side)])
        positions.push_back(bowl.position);
      std::vector<int> candidates;
      for (const ObservedPiece& piece : shot.before.pieces) {
        if (binding_.SideOf(piece) == side) candidates.push_back(piece.track_id);
      }
      for (int track : MatchToTracks(positions, shot.before, candidates, coin_radius)) {
        if (track >= 0) in_play[static_cast<size_t>(side)].push_back(track);
      }
    }
    if (layout.jack) {
      const std::vector<int> found =
          MatchToTracks({layout.jack->position}, shot.before,
                        TracksMatching(shot.before, binding_.jack), coin_radius);
      jack_before = found.front();
    }
  }
  if (jack_before < 0) {
    const std::vector<int> jacks = TracksMatching(shot.before, binding_.jack);
    if (!jacks.empty()) jack_before = jacks.front();
  }

  const std::optional<int> flicked = FirstMoved(shot, [&](int track) {
    const int side = SideOfTrack(shot, track);
    return side >= 0 && !Contains(in_play[static_cast<size_t>(side)], track);
  });
  if (!flicked) return Verdict::NotJudged("no new bowl was flicked");
  const int flicked_side = SideOfTrack(shot, *flicked);
  if (flicked_side != flicking) {
    return Verdict::NotJudged("a " + sides.Name(flicked_side) + " bowl was flicked, but " +
                              sides.Name(flicking) + " flick now");
  }
  in_play[static_cast<size_t>(flicking)].push_back(*flicked);

  Json action = {{"type", "bowl"}};
  const ObservedPiece* jack = jack_before >= 0 ? FindTrack(shot.after, jack_before) : nullptr;
  if (jack != nullptr) {
    action["jack"] = MeasuredPosition(*jack);
  } else if (jack_before >= 0 && Contains(shot.left_table, jack_before)) {
    action["jack"] = nullptr;
  } else {
    return Verdict::Ask(
        ManualChoices(state, "the camera lost the jack: what did the bowl do?", {"bowl"}),
        "the jack is not in view");
  }
  Json bowls = Json::object();
  int resting = 0;
  for (int side = 0; side < 2; ++side) {
    Json coins = Json::array();
    for (int track : in_play[static_cast<size_t>(side)]) {
      if (const ObservedPiece* bowl = FindTrack(shot.after, track)) {
        coins.push_back(MeasuredPosition(*bowl));
        ++resting;
      }
    }
    bowls[sides.Name(side)] = coins;
  }
  action["bowls"] = bowls;
  return Verdict::Act(action, std::to_string(resting) + " bowls in play on the table" +
                                  (jack == nullptr ? ", the jack left the table" : ""));
}

Focus BocceReferee::FocusOn(const rules::State& /*state*/, const TableObservation& table) const {
  Focus focus;
  const std::vector<int> jacks = TracksMatching(table, binding_.jack);
  if (!jacks.empty()) focus.track = jacks.front();
  for (const ObservedPiece& piece : table.pieces) {
    if (binding_.SideOf(piece) >= 0) focus.measured.push_back(piece.track_id);
  }
  return focus;
}

}  // namespace tabref::referee
