#pragma once

#include <string>
#include <vector>

#include "rules/card_golf/card.h"
#include "rules/core/json.h"

namespace tabref::rules::card_golf {

inline constexpr int kFieldCards = 6;  // the face-down 2x3 grid
inline constexpr int kHandCards = 5;

// What one card scores and why ("queen in the field: 5").
struct CardPoints {
  Card card;
  int points = 0;
  std::string reason;
};

// A player's end-of-game score: field face/ace cards (A 1, J 2, K 3, Q 5), one point per
// face/ace card in hand, plus the rank of the lowest number card (2-10) in hand; an ace
// in hand is a face card, not a low card, and a hand without number cards adds 0.
struct ScoreBreakdown {
  int field_points = 0;
  int hand_face_points = 0;
  int hand_lowest_rank = 0;
  int total = 0;
  std::vector<CardPoints> field;  // per-card detail, in the order given
  std::vector<CardPoints> hand;

  Json ToJson() const;
};

// Scores a field of 6 cards and a hand of 5; throws RuleError when a count is wrong.
ScoreBreakdown Score(const std::vector<Card>& field, const std::vector<Card>& hand);

// A bound on any total: six queens in the field plus four faces and a 10 in hand.
inline constexpr int kMaxTotal = kFieldCards * 5 + (kHandCards - 1) + 10;

}  // namespace tabref::rules::card_golf
