#pragma once

#include <array>
#include <optional>
#include <string>
#include <vector>

#include "rules/card_golf/card.h"
#include "rules/card_golf/scoring.h"
#include "rules/core/json.h"

namespace tabref::rules::card_golf {

// What the table knows of one player's cards. During turn play a card becomes known when
// it is taken from the discard pile or named when drawn or placed; it stops being known
// when it is discarded. The reveal at the end must agree with everything still known.
// Messages name the player as `who`. Field slots are 0-based here (1-6 in actions).
class PlayerCards {
 public:
  struct Revealed {
    std::vector<Card> field;
    std::vector<Card> hand;
    ScoreBreakdown score;
  };

  int hand_size() const { return hand_size_; }
  const std::vector<Card>& known_hand() const { return known_hand_; }
  const std::optional<Card>& known_field(int slot) const;
  const std::vector<int>& peeked() const { return peeked_; }
  const std::optional<Revealed>& revealed() const { return revealed_; }
  // Every card known to be with this player now.
  std::vector<Card> KnownCards() const;

  // Records the slots the player looked at after the deal (informational only).
  void SetPeeked(std::vector<int> slots) { peeked_ = std::move(slots); }
  // A card joins the hand: known when seen (nullopt for an unseen draw).
  void AddToHand(const std::optional<Card>& card);
  // A card leaves the hand. A known card must be in the hand as far as the table knows;
  // an unseen one (nullopt) may be any of them, so each known card might have gone.
  void RemoveFromHand(const std::optional<Card>& card, const std::string& who);
  // Puts `placed` (nullopt when unseen) face down at `slot`, replacing `replaced`, which
  // must agree with a card known to lie there.
  void ReplaceFieldCard(int slot, const std::optional<Card>& placed, const Card& replaced,
                        const std::string& who);
  // Records and scores the cards shown at the end; they must agree with what is known.
  void Reveal(std::vector<Card> field, std::vector<Card> hand, const std::string& who);

  Json ToJson() const;

 private:
  int hand_size_ = kHandCards;
  std::vector<Card> known_hand_;
  std::array<std::optional<Card>, kFieldCards> known_field_;
  std::vector<int> peeked_;
  std::optional<Revealed> revealed_;
};

// "slot 3" for a 0-based slot.
std::string SlotName(int slot);

}  // namespace tabref::rules::card_golf
