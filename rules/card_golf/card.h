#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rules/core/json.h"

namespace tabref::rules::card_golf {

// Rank numbers: an ace ranks 1, number cards their number, a jack 11, a queen 12, a king 13.
inline constexpr int kAce = 1;
inline constexpr int kJack = 11;
inline constexpr int kQueen = 12;
inline constexpr int kKing = 13;

inline constexpr int kRanksPerSuit = 13;
inline constexpr int kCardsPerDeck = 52;
inline constexpr int kSuitsPerDeck = 4;

// One playing card. Suits never matter for scoring, so they are optional: "7" and "7H"
// are both cards; a suited card also limits how many of exactly that card can exist.
struct Card {
  int rank = 1;              // 1 (ace) .. 13 (king)
  std::optional<char> suit;  // 'S', 'H', 'D' or 'C' when given

  bool IsNumberCard() const { return rank >= 2 && rank <= 10; }
  // "A", "10", "QH".
  std::string ToString() const;
  friend bool operator==(const Card&, const Card&) = default;
};

// Whether two entries may be the same physical card: equal ranks and, when both carry
// a suit, equal suits.
bool SameCardPossible(const Card& a, const Card& b);

// Reads "A", "2".."10" (or "T"), "J", "Q", "K", each optionally followed by a suit letter
// S, H, D or C ("10H", "TH", "qs"). Throws RuleError naming the bad card.
Card ParseCard(std::string_view text);
// Reads cards separated by spaces or commas: "A K J J Q 9". Throws RuleError naming the
// bad card.
std::vector<Card> ParseCards(std::string_view text);

// A card in an action is a string ("QH"); a list of cards is a JSON list of such strings
// or one string of cards separated by spaces ("A K J J Q 9").
Card CardFromJson(const Json& json);
std::vector<Card> CardsFromJson(const Json& json);
Json CardsToJson(const std::vector<Card>& cards);
// "A K J J Q 9".
std::string CardsToText(const std::vector<Card>& cards);

}  // namespace tabref::rules::card_golf
