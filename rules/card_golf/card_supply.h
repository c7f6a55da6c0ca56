#pragma once

#include <vector>

#include "rules/card_golf/card.h"

namespace tabref::rules::card_golf {

// The physical cards of the decks in play. Cards entered during a game (the discard pile,
// cards known to be in a hand or field, revealed cards) are distinct physical cards, so
// no more than 4 per deck of a rank, and no more than one per deck of a suited card,
// can be known at once.
class CardSupply {
 public:
  explicit CardSupply(int decks) : decks_(decks) {}

  int decks() const { return decks_; }
  int TotalCards() const { return decks_ * kCardsPerDeck; }
  // Throws RuleError when `known` holds more of a rank, or of a suited card, than exist.
  void CheckKnown(const std::vector<Card>& known) const;
  // The ranks of which some cards are not among `known`.
  std::vector<int> RanksLeft(const std::vector<Card>& known) const;

 private:
  int decks_;
};

}  // namespace tabref::rules::card_golf
