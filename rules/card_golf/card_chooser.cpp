#include "rules/card_golf/card_chooser.h"

#include <stdexcept>

namespace tabref::rules::card_golf {

CardChooser::CardChooser(CardSupply supply, std::vector<Card> known, Rng* rng)
    : supply_(supply), known_(std::move(known)), rng_(rng) {}

Card CardChooser::Unseen() {
  const std::vector<int> ranks = supply_.RanksLeft(known_);
  if (ranks.empty()) throw std::logic_error("every card is accounted for; none is unseen");
  Card card;
  card.rank = ranks.at(static_cast<size_t>(Index(static_cast<int>(ranks.size()))));
  known_.push_back(card);
  return card;
}

Card CardChooser::OneOf(const std::vector<Card>& cards) {
  return cards.at(static_cast<size_t>(Index(static_cast<int>(cards.size()))));
}

Card CardChooser::FromHand(const std::vector<Card>& known, int hand_size) {
  const bool whole_hand_seen = static_cast<int>(known.size()) == hand_size;
  if (!known.empty() && (whole_hand_seen || Chance(0.5))) return OneOf(known);
  return Unseen();
}

bool CardChooser::Chance(double probability) {
  return rng_ != nullptr && std::bernoulli_distribution(probability)(*rng_);
}

int CardChooser::Index(int count) {
  if (rng_ == nullptr) return 0;
  return std::uniform_int_distribution<int>(0, count - 1)(*rng_);
}

}  // namespace tabref::rules::card_golf
