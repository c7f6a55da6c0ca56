#include "rules/card_golf/player_cards.h"

#include <algorithm>

#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

// The entry that may be `card`, preferring an exact match ("7H" over "7").
std::vector<Card>::iterator FindMatch(std::vector<Card>& cards, const Card& card) {
  const auto exact = std::find(cards.begin(), cards.end(), card);
  if (exact != cards.end()) return exact;
  return std::find_if(cards.begin(), cards.end(),
                      [&](const Card& entry) { return SameCardPossible(entry, card); });
}

// Any one unseen card has left: each distinct known card might be it, so one copy of
// each is no longer certain.
void ForgetOneOfEach(std::vector<Card>& known) {
  std::vector<Card> kept;
  std::vector<Card> dropped;
  for (const Card& card : known) {
    if (std::find(dropped.begin(), dropped.end(), card) == dropped.end()) {
      dropped.push_back(card);
    } else {
      kept.push_back(card);
    }
  }
  known = std::move(kept);
}

}  // namespace

std::string SlotName(int slot) { return "slot " + std::to_string(slot + 1); }

const std::optional<Card>& PlayerCards::known_field(int slot) const {
  return known_field_.at(static_cast<size_t>(slot));
}

std::vector<Card> PlayerCards::KnownCards() const {
  if (revealed_) {
    std::vector<Card> cards = revealed_->field;
    cards.insert(cards.end(), revealed_->hand.begin(), revealed_->hand.end());
    return cards;
  }
  std::vector<Card> cards = known_hand_;
  for (const auto& card : known_field_) {
    if (card) cards.push_back(*card);
  }
  return cards;
}

void PlayerCards::AddToHand(const std::optional<Card>& card) {
  ++hand_size_;
  if (card) known_hand_.push_back(*card);
}

void PlayerCards::RemoveFromHand(const std::optional<Card>& card, const std::string& who) {
  if (!card) {
    ForgetOneOfEach(known_hand_);
  } else if (const auto match = FindMatch(known_hand_, *card); match != known_hand_.end()) {
    known_hand_.erase(match);
  } else if (static_cast<int>(known_hand_.size()) == hand_size_) {
    throw RuleError(who + " holds no " + card->ToString() + ": the hand is known to be " +
                    CardsToText(known_hand_));
  }
  --hand_size_;
}

void PlayerCards::ReplaceFieldCard(int slot, const std::optional<Card>& placed,
                                   const Card& replaced, const std::string& who) {
  auto& known = known_field_.at(static_cast<size_t>(slot));
  if (known && !SameCardPossible(*known, replaced)) {
    throw RuleError(who + "'s field " + SlotName(slot) + " holds the " + known->ToString() +
                    " placed there earlier, not the " + replaced.ToString());
  }
  known = placed;
}

void PlayerCards::Reveal(std::vector<Card> field, std::vector<Card> hand, const std::string& who) {
  ScoreBreakdown score = Score(field, hand);
  for (int slot = 0; slot < kFieldCards; ++slot) {
    const auto& known = known_field(slot);
    const Card& shown = field[static_cast<size_t>(slot)];
    if (known && !SameCardPossible(*known, shown)) {
      throw RuleError(who + "'s field " + SlotName(slot) + " holds the " + known->ToString() +
                      " placed there during play, not the " + shown.ToString());
    }
  }
  std::vector<Card> unmatched = hand;
  for (const Card& card : known_hand_) {
    const auto match = FindMatch(unmatched, card);
    if (match == unmatched.end()) {
      throw RuleError(who + "'s hand " + CardsToText(hand) + " lacks the " + card.ToString() +
                      " known to be in it from play");
    }
    unmatched.erase(match);
  }
  revealed_ = Revealed{std::move(field), std::move(hand), std::move(score)};
}

Json PlayerCards::ToJson() const {
  Json field = Json::array();
  for (const auto& card : known_field_) field.push_back(card ? Json(card->ToString()) : Json());
  Json peeked = Json::array();
  for (int slot : peeked_) peeked.push_back(slot + 1);
  Json json = {{"hand_size", hand_size_},
               {"known_hand", CardsToJson(known_hand_)},
               {"known_field", field},
               {"peeked", peeked}};
  if (revealed_) {
    json["revealed"] = {{"field", CardsToJson(revealed_->field)},
                        {"hand", CardsToJson(revealed_->hand)}};
  }
  return json;
}

}  // namespace tabref::rules::card_golf
