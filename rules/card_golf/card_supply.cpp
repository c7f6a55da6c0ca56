#include "rules/card_golf/card_supply.h"

#include <array>
#include <map>
#include <utility>

#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

std::array<int, kRanksPerSuit + 1> CountRanks(const std::vector<Card>& cards) {
  std::array<int, kRanksPerSuit + 1> counts{};
  for (const Card& card : cards) ++counts[static_cast<size_t>(card.rank)];
  return counts;
}

std::string DecksText(int decks) {
  return decks == 1 ? "one deck holds" : std::to_string(decks) + " decks hold";
}

}  // namespace

void CardSupply::CheckKnown(const std::vector<Card>& known) const {
  const auto ranks = CountRanks(known);
  for (int rank = kAce; rank <= kKing; ++rank) {
    const int count = ranks[static_cast<size_t>(rank)];
    if (count > decks_ * kSuitsPerDeck) {
      throw RuleError("that makes " + std::to_string(count) + " cards of rank " +
                      Card{rank, std::nullopt}.ToString() + " in play, but " + DecksText(decks_) +
                      " only " + std::to_string(decks_ * kSuitsPerDeck));
    }
  }
  std::map<std::pair<int, char>, int> suited;
  for (const Card& card : known) {
    if (card.suit && ++suited[{card.rank, *card.suit}] > decks_) {
      throw RuleError("that makes " + std::to_string(decks_ + 1) + " of the " + card.ToString() +
                      " in play, but " + DecksText(decks_) + " only " + std::to_string(decks_));
    }
  }
}

std::vector<int> CardSupply::RanksLeft(const std::vector<Card>& known) const {
  const auto ranks = CountRanks(known);
  std::vector<int> left;
  for (int rank = kAce; rank <= kKing; ++rank) {
    if (ranks[static_cast<size_t>(rank)] < decks_ * kSuitsPerDeck) left.push_back(rank);
  }
  return left;
}

}  // namespace tabref::rules::card_golf
