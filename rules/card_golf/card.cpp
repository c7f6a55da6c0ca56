#include "rules/card_golf/card.h"

#include <cctype>

#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

constexpr std::string_view kSuitLetters = "SHDC";
constexpr std::string_view kAllowedCards =
    "A, 2-10 (or T), J, Q or K, optionally with a suit S, H, D or C";

std::string Upper(std::string_view text) {
  std::string upper(text);
  for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return upper;
}

std::optional<int> RankFromText(std::string_view text) {
  if (text == "A") return kAce;
  if (text == "J") return kJack;
  if (text == "Q") return kQueen;
  if (text == "K") return kKing;
  if (text == "T" || text == "10") return 10;
  if (text.size() == 1 && text[0] >= '2' && text[0] <= '9') return text[0] - '0';
  return std::nullopt;
}

std::string RankText(int rank) {
  switch (rank) {
    case kAce:
      return "A";
    case kJack:
      return "J";
    case kQueen:
      return "Q";
    case kKing:
      return "K";
    default:
      return std::to_string(rank);
  }
}

}  // namespace

std::string Card::ToString() const { return suit ? RankText(rank) + *suit : RankText(rank); }

bool SameCardPossible(const Card& a, const Card& b) {
  return a.rank == b.rank && (!a.suit || !b.suit || *a.suit == *b.suit);
}

Card ParseCard(std::string_view text) {
  const std::string upper = Upper(text);
  std::string_view rank_text = upper;
  Card card;
  if (rank_text.size() > 1 && kSuitLetters.find(rank_text.back()) != std::string_view::npos) {
    card.suit = rank_text.back();
    rank_text.remove_suffix(1);
  }
  const std::optional<int> rank = RankFromText(rank_text);
  if (!rank) {
    throw RuleError("'" + std::string(text) + "' is not a card; use " + std::string(kAllowedCards));
  }
  card.rank = *rank;
  return card;
}

std::vector<Card> ParseCards(std::string_view text) {
  std::vector<Card> cards;
  size_t start = 0;
  while (start < text.size()) {
    const size_t end = text.find_first_of(" ,\t", start);
    const std::string_view word = text.substr(start, end - start);
    if (!word.empty()) cards.push_back(ParseCard(word));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
  return cards;
}

Card CardFromJson(const Json& json) {
  if (!json.is_string()) throw RuleError("a card must be a string like \"QH\", got " + json.dump());
  return ParseCard(json.get<std::string>());
}

std::vector<Card> CardsFromJson(const Json& json) {
  if (json.is_string()) return ParseCards(json.get<std::string>());
  if (!json.is_array()) {
    throw RuleError("cards must be a list like [\"A\", \"KH\"] or a string like \"A KH\", got " +
                    json.dump());
  }
  std::vector<Card> cards;
  for (const Json& entry : json) cards.push_back(CardFromJson(entry));
  return cards;
}

Json CardsToJson(const std::vector<Card>& cards) {
  Json list = Json::array();
  for (const Card& card : cards) list.push_back(card.ToString());
  return list;
}

std::string CardsToText(const std::vector<Card>& cards) {
  std::string text;
  for (const Card& card : cards) text += (text.empty() ? "" : " ") + card.ToString();
  return text;
}

}  // namespace tabref::rules::card_golf
