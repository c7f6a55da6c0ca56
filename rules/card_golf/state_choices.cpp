#include <stdexcept>

#include "rules/card_golf/state.h"

namespace tabref::rules::card_golf {
namespace {

constexpr double kRapChance = 0.06;
constexpr double kTakeDiscardChance = 0.3;
constexpr double kDrawAndDiscardChance = 0.35;
constexpr double kNameOptionalCardChance = 0.5;
constexpr double kNamePlayerChance = 0.3;
constexpr double kPeekChance = 0.5;

std::string TurnLabel(Turn::Kind kind, const std::string& top, int slot) {
  switch (kind) {
    case Turn::Kind::kTakeDiscard:
      return "Take the " + top + " from the discard pile and discard a card from hand";
    case Turn::Kind::kDrawAndDiscard:
      return "Draw from the deck and discard a card from hand";
    case Turn::Kind::kDrawToField:
      return "Draw, then put a card face down into field " + SlotName(slot) +
             " and discard the card it replaces";
    case Turn::Kind::kRap:
      break;
  }
  return "";
}

}  // namespace

CardChooser CardGolfState::Chooser(Rng* rng) const {
  return CardChooser(golf().supply(), KnownCards(), rng);
}

Json CardGolfState::DealAction(int dealer, CardChooser& chooser) const {
  Json action = {
      {"type", kDealType}, {"dealer", Name(dealer)}, {"flipped", chooser.Unseen().ToString()}};
  Json peeked = Json::object();
  for (int seat = 0; seat < game().NumPlayers(); ++seat) {
    if (!chooser.Chance(kPeekChance)) continue;
    std::vector<int> slots = {1, 2, 3, 4, 5, 6};
    while (slots.size() > kPeekedCards) {
      slots.erase(slots.begin() + chooser.Index(static_cast<int>(slots.size())));
    }
    peeked[Name(seat)] = slots;
  }
  if (!peeked.empty()) action["peeked"] = peeked;
  return action;
}

Json CardGolfState::TurnAction(Turn::Kind kind, int slot, CardChooser& chooser) const {
  const PlayerCards& player = Cards(to_play_);
  Json action = {{"type", TurnTypeName(kind)}};
  if (chooser.Chance(kNamePlayerChance)) action["player"] = Name(to_play_);
  if (kind == Turn::Kind::kRap) return action;

  // The hand as the table knows it once the new card is in it.
  std::vector<Card> hand = player.known_hand();
  constexpr int kHandDuringTurn = kHandCards + 1;
  if (kind == Turn::Kind::kTakeDiscard) {
    hand.push_back(discard_pile_.back());
    action["discard"] = chooser.FromHand(hand, kHandDuringTurn).ToString();
    return action;
  }
  if (chooser.Chance(kNameOptionalCardChance)) {
    const Card drawn = chooser.Unseen();
    hand.push_back(drawn);
    action["drawn"] = drawn.ToString();
  }
  if (kind == Turn::Kind::kDrawAndDiscard) {
    action["discard"] = chooser.FromHand(hand, kHandDuringTurn).ToString();
    return action;
  }
  action["slot"] = slot + 1;
  if (chooser.Chance(kNameOptionalCardChance)) {
    action["placed"] = chooser.FromHand(hand, kHandDuringTurn).ToString();
  }
  const std::optional<Card>& lying_there = player.known_field(slot);
  action["replaced"] = (lying_there ? *lying_there : chooser.Unseen()).ToString();
  return action;
}

Json CardGolfState::RevealAction(int seat, CardChooser& chooser) const {
  const PlayerCards& player = Cards(seat);
  std::vector<Card> field;
  for (int slot = 0; slot < kFieldCards; ++slot) {
    const std::optional<Card>& known = player.known_field(slot);
    field.push_back(known ? *known : chooser.Unseen());
  }
  std::vector<Card> hand = player.known_hand();
  while (hand.size() < static_cast<size_t>(kHandCards)) hand.push_back(chooser.Unseen());
  return {{"type", kRevealType},
          {"player", Name(seat)},
          {"field", CardsToJson(field)},
          {"hand", CardsToJson(hand)}};
}

std::string CardGolfState::RapLabel() const {
  if (InLastTurns()) return "Rap: give up this last turn";
  return golf().options().rap == RapRule::kGameEnds
             ? "Rap: end the game now"
             : "Rap: end the game after everyone else has one more turn";
}

std::vector<LegalAction> CardGolfState::LegalActions() const {
  std::vector<LegalAction> legal;
  const auto example = [&](auto make) {
    CardChooser chooser = Chooser(nullptr);
    return make(chooser);
  };
  switch (phase_) {
    case Phase::kDeal:
      for (int seat = 0; seat < game().NumPlayers(); ++seat) {
        legal.push_back({example([&](CardChooser& c) { return DealAction(seat, c); }),
                         Name(seat) + " deals; enter the card turned up"});
      }
      break;
    case Phase::kTurns: {
      const std::string top = discard_pile_.back().ToString();
      for (Turn::Kind kind : {Turn::Kind::kTakeDiscard, Turn::Kind::kDrawAndDiscard}) {
        legal.push_back({example([&](CardChooser& c) { return TurnAction(kind, 0, c); }),
                         TurnLabel(kind, top, 0)});
      }
      for (int slot = 0; slot < kFieldCards; ++slot) {
        const Turn::Kind kind = Turn::Kind::kDrawToField;
        legal.push_back({example([&](CardChooser& c) { return TurnAction(kind, slot, c); }),
                         TurnLabel(kind, top, slot)});
      }
      legal.push_back({{{"type", kRapType}}, RapLabel()});
      break;
    }
    case Phase::kReveal:
      for (int seat : Unrevealed()) {
        legal.push_back({example([&](CardChooser& c) { return RevealAction(seat, c); }),
                         Name(seat) + " reveals field (6 cards) and hand (5 cards)"});
      }
      break;
    case Phase::kOver:
      break;
  }
  return legal;
}

Json CardGolfState::RandomAction(Rng& rng) const {
  CardChooser chooser = Chooser(&rng);
  switch (phase_) {
    case Phase::kDeal:
      return DealAction(chooser.Index(game().NumPlayers()), chooser);
    case Phase::kTurns: {
      const double roll = std::uniform_real_distribution<double>(0.0, 1.0)(rng);
      Turn::Kind kind = Turn::Kind::kDrawToField;
      if (roll < kRapChance) {
        kind = Turn::Kind::kRap;
      } else if (roll < kRapChance + kTakeDiscardChance) {
        kind = Turn::Kind::kTakeDiscard;
      } else if (roll < kRapChance + kTakeDiscardChance + kDrawAndDiscardChance) {
        kind = Turn::Kind::kDrawAndDiscard;
      }
      return TurnAction(kind, chooser.Index(kFieldCards), chooser);
    }
    case Phase::kReveal: {
      const std::vector<int> seats = Unrevealed();
      return RevealAction(seats[static_cast<size_t>(chooser.Index(static_cast<int>(seats.size())))],
                          chooser);
    }
    case Phase::kOver:
      break;
  }
  throw std::logic_error("RandomAction called on a finished game");
}

}  // namespace tabref::rules::card_golf
