#include "rules/card_golf/scoring.h"

#include <algorithm>

#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

CardPoints FieldCardPoints(const Card& card) {
  switch (card.rank) {
    case kAce:
      return {card, 1, "ace in the field"};
    case kJack:
      return {card, 2, "jack in the field"};
    case kKing:
      return {card, 3, "king in the field"};
    case kQueen:
      return {card, 5, "queen in the field"};
    default:
      return {card, 0, "number card in the field"};
  }
}

void CheckCount(const std::vector<Card>& cards, int expected, const std::string& what) {
  if (static_cast<int>(cards.size()) != expected) {
    throw RuleError("a " + what + " has " + std::to_string(expected) + " cards, got " +
                    std::to_string(cards.size()) +
                    (cards.empty() ? std::string() : " (" + CardsToText(cards) + ")"));
  }
}

// The hand's cards scored: faces 1 each, the first of the lowest number cards its rank.
std::vector<CardPoints> HandCardPoints(const std::vector<Card>& hand) {
  const auto lowest = std::min_element(hand.begin(), hand.end(), [](const Card& a, const Card& b) {
    if (a.IsNumberCard() != b.IsNumberCard()) return a.IsNumberCard();
    return a.rank < b.rank;
  });
  std::vector<CardPoints> points;
  for (auto card = hand.begin(); card != hand.end(); ++card) {
    if (!card->IsNumberCard()) {
      points.push_back({*card, 1, "face/ace card in hand"});
    } else if (card == lowest) {
      points.push_back({*card, card->rank, "lowest number card in hand"});
    } else {
      points.push_back({*card, 0, "number card in hand, not the lowest"});
    }
  }
  return points;
}

Json CardPointsToJson(const std::vector<CardPoints>& cards) {
  Json list = Json::array();
  for (const CardPoints& entry : cards) {
    list.push_back(
        {{"card", entry.card.ToString()}, {"points", entry.points}, {"reason", entry.reason}});
  }
  return list;
}

}  // namespace

ScoreBreakdown Score(const std::vector<Card>& field, const std::vector<Card>& hand) {
  CheckCount(field, kFieldCards, "field");
  CheckCount(hand, kHandCards, "hand");
  ScoreBreakdown score;
  for (const Card& card : field) {
    score.field.push_back(FieldCardPoints(card));
    score.field_points += score.field.back().points;
  }
  score.hand = HandCardPoints(hand);
  for (const CardPoints& entry : score.hand) {
    if (entry.card.IsNumberCard()) {
      score.hand_lowest_rank += entry.points;
    } else {
      score.hand_face_points += entry.points;
    }
  }
  score.total = score.field_points + score.hand_face_points + score.hand_lowest_rank;
  return score;
}

Json ScoreBreakdown::ToJson() const {
  return {{"field_points", field_points},         {"hand_face_points", hand_face_points},
          {"hand_lowest_rank", hand_lowest_rank}, {"total", total},
          {"field", CardPointsToJson(field)},     {"hand", CardPointsToJson(hand)}};
}

}  // namespace tabref::rules::card_golf
