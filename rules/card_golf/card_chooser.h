#pragma once

#include <vector>

#include "rules/card_golf/card.h"
#include "rules/card_golf/card_supply.h"
#include "rules/core/state.h"

namespace tabref::rules::card_golf {

// Picks the cards of example and random actions so that every entry could happen: an
// unseen card is of a rank not yet used up. Without an Rng it picks the first choice, so
// the example actions are deterministic.
class CardChooser {
 public:
  CardChooser(CardSupply supply, std::vector<Card> known, Rng* rng);

  // A card not seen before; it counts as seen from now on.
  Card Unseen();
  // One of `cards`, which must not be empty.
  Card OneOf(const std::vector<Card>& cards);
  // A card from a hand of `hand_size` cards of which `known` are seen: a seen one when the
  // whole hand is seen, otherwise sometimes an unseen one.
  Card FromHand(const std::vector<Card>& known, int hand_size);
  // True with `probability` (never without an Rng).
  bool Chance(double probability);
  // A number in [0, count).
  int Index(int count);

 private:
  CardSupply supply_;
  std::vector<Card> known_;
  Rng* rng_;
};

}  // namespace tabref::rules::card_golf
