// What may be done now: the legal actions with their labels, and random play.
#include "rules/iceboule/random_play.h"
#include "rules/iceboule/state.h"

namespace tabref::rules::iceboule {
namespace {

// Where the camera example of a placed target stands.
constexpr Vec2 kExampleTargetPosition{600.0, 400.0};

std::string SizeText(PieceSize size) { return SizeName(size) + " (" + IcehouseName(size) + ")"; }

Json ShotJson(const std::string& player, const Layout& layout,
              const std::vector<std::string>& players) {
  Json shot = layout.ToJson(players);
  shot["type"] = "shot";
  shot["player"] = player;
  return shot;
}

}  // namespace

std::vector<int> IceBouleState::PlayersWhoMayPlaceTarget() const {
  if (end_.starter >= 0) return {end_.starter};
  return AllSeats();
}

std::vector<std::string> IceBouleState::LeaderChoices() const {
  std::vector<std::string> choices;
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    if (seat == end_.active || end_.shots[static_cast<size_t>(seat)] > 0) {
      choices.push_back(Name(seat));
    }
  }
  choices.emplace_back("none");
  return choices;
}

Json IceBouleState::MeasuredShotExample() const {
  const Pyramid target = end_.layout
                             ? end_.layout->target
                             : Pyramid{*end_.target_size, kExampleTargetPosition, Pose::kUpright};
  Layout layout = end_.layout.value_or(Layout{target, {}});
  if (!end_.layout) {
    for (int seat = 0; seat < game().NumPlayers(); ++seat) {
      for (int shot = 0; shot < end_.shots[static_cast<size_t>(seat)]; ++shot) {
        layout.pieces.push_back(ShotPiece{seat, std::nullopt, false, false});
      }
    }
  }
  const Pyramid landed{*end_.sizes[static_cast<size_t>(end_.active)],
                       target.position + Vec2{0.0, -80.0}, Pose::kUpright, 0.0, 0.5};
  layout.pieces.push_back(ShotPiece{end_.active, landed, false, false});
  return ShotJson(Name(end_.active), layout, Players());
}

std::vector<LegalAction> IceBouleState::LegalActions() const {
  std::vector<LegalAction> legal;
  switch (CurrentPhase()) {
    case Phase::kPlaceTarget:
      for (int seat : PlayersWhoMayPlaceTarget()) {
        for (PieceSize size : kAllSizes) {
          legal.push_back(
              {{{"type", "place_target"}, {"player", Name(seat)}, {"size", SizeName(size)}},
               Name(seat) + " stands a " + SizeText(size) + " target upright (by hand)"});
        }
        legal.push_back({{{"type", "place_target"},
                          {"player", Name(seat)},
                          {"size", "medium"},
                          {"position", ToJson(kExampleTargetPosition)},
                          {"sigma_mm", 0.4}},
                         Name(seat) + " places the target where the camera sees it",
                         true});
      }
      break;
    case Phase::kChooseSizes:
      for (int seat : Actors()) {
        for (PieceSize size : kAllSizes) {
          legal.push_back(
              {{{"type", "choose_size"}, {"player", Name(seat)}, {"size", SizeName(size)}},
               Name(seat) + " plays " + SizeText(size) + " pieces this end"});
        }
      }
      break;
    case Phase::kShooting:
      for (const std::string& leader : LeaderChoices()) {
        legal.push_back(
            {{{"type", "shot"}, {"player", Name(end_.active)}, {"leader", leader}},
             Name(end_.active) + " shoots; " +
                 (leader == "none" ? std::string("no piece leads") : leader + " leads")});
      }
      legal.push_back({MeasuredShotExample(),
                       Name(end_.active) + " shoots; the camera reports the table", true});
      break;
    case Phase::kRuling:
      for (size_t piece : {end_.question->first, end_.question->second}) {
        const std::string& owner = Name(end_.layout->pieces[piece].owner);
        legal.push_back({{{"type", "ruling"}, {"closer", owner}}, owner + "'s piece is closer"});
      }
      legal.push_back({{{"type", "ruling"}, {"equal", true}}, "the pieces are equally close"});
      break;
    case Phase::kEndResult:
      if (!IsSolo() && end_.lead.leader < 0) {
        legal.push_back({{{"type", "end_result"}, {"tie", true}}, "the end is a tie: replay it"});
        break;
      }
      for (int points = MinEndPoints(); points <= kMaxEndPoints; ++points) {
        const std::string& scorer = Name(IsSolo() ? 0 : end_.lead.leader);
        legal.push_back({{{"type", "end_result"}, {"player", scorer}, {"points", points}},
                         scorer + " scores " + std::to_string(points)});
      }
      break;
    case Phase::kGameOver:
      break;
  }
  return legal;
}

Json IceBouleState::RandomMeasuredShot(Rng& rng) const {
  const std::vector<PieceSize> sizes = ChosenSizes();
  // Not value_or: a random layout costs a bisection per piece and must not be made (nor
  // draw from the generator) when the camera layout is known.
  const Layout before =
      end_.layout ? *end_.layout : RandomLayout(rng, *end_.target_size, end_.shots, sizes);
  const Layout after =
      RandomShot(rng, before, end_.active, sizes[static_cast<size_t>(end_.active)]);
  return ShotJson(Name(end_.active), after, Players());
}

Json IceBouleState::RandomAction(Rng& rng) const {
  const Phase phase = CurrentPhase();
  if (phase == Phase::kPlaceTarget && Chance(rng, 0.85)) {
    const std::vector<int> seats = PlayersWhoMayPlaceTarget();
    const int seat = seats[rng() % seats.size()];
    const PieceSize size = kAllSizes[rng() % std::size(kAllSizes)];
    const Pyramid target = RandomTarget(rng, size);
    return {{"type", "place_target"},        {"player", Name(seat)},
            {"size", SizeName(size)},        {"position", ToJson(target.position)},
            {"angle_deg", target.angle_deg}, {"sigma_mm", target.sigma_mm}};
  }
  if (phase == Phase::kShooting && Chance(rng, end_.layout ? 0.95 : 0.1)) {
    return RandomMeasuredShot(rng);
  }
  if (phase == Phase::kRuling && !Chance(rng, 0.1)) {
    const size_t piece = Chance(rng, 0.5) ? end_.question->first : end_.question->second;
    return {{"type", "ruling"}, {"closer", Name(end_.layout->pieces[piece].owner)}};
  }
  std::vector<Json> concrete;
  for (const LegalAction& legal : LegalActions()) {
    if (!legal.needs_measurement) concrete.push_back(legal.action);
  }
  return concrete[rng() % concrete.size()];
}

}  // namespace tabref::rules::iceboule
