#pragma once

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "rules/card_golf/card.h"
#include "rules/core/game.h"
#include "rules/core/json.h"

namespace tabref::rules::card_golf {

// The action types, as they appear in "type".
inline constexpr char kDealType[] = "deal";
inline constexpr char kTakeDiscardType[] = "take_discard";
inline constexpr char kDrawAndDiscardType[] = "draw_and_discard";
inline constexpr char kDrawToFieldType[] = "draw_to_field";
inline constexpr char kRapType[] = "rap";
inline constexpr char kRevealType[] = "reveal";

// Each player may look at this many of their field cards after the deal.
inline constexpr int kPeekedCards = 3;

// {"type":"deal","dealer":"Ann","flipped":"7","peeked":{"Bob":[1,2,3]}}
struct Deal {
  int dealer = 0;
  Card flipped;                            // the card turned up to start the discard pile
  std::map<int, std::vector<int>> peeked;  // seat -> the three 0-based slots looked at
};

// One of the four things a player may do on a turn.
struct Turn {
  enum class Kind { kTakeDiscard, kDrawAndDiscard, kDrawToField, kRap };
  Kind kind = Kind::kRap;
  std::optional<int> player;    // the seat named in "player", to check against the turn
  std::optional<Card> drawn;    // the card drawn from the deck, when named
  std::optional<Card> placed;   // the card put face down into the field, when named
  std::optional<Card> discard;  // the card that goes onto the discard pile (not for a rap)
  int slot = 0;                 // the 0-based field slot replaced (draw_to_field)
};

// {"type":"reveal","player":"Ann","field":[6 cards],"hand":[5 cards]}
struct Reveal {
  int seat = 0;
  std::vector<Card> field;
  std::vector<Card> hand;
};

// The "type" of a turn action: "take_discard", ...
const char* TurnTypeName(Turn::Kind kind);

// Each parser reads an action body of its type; bad fields throw RuleError naming them.
Deal ParseDeal(const Json& body, const Game& game);
Turn ParseTurn(const Json& body, const Game& game);
Reveal ParseReveal(const Json& body, const Game& game);

// The seat of the player called `name`; throws RuleError listing the players.
int SeatOf(const Game& game, const std::string& name);

}  // namespace tabref::rules::card_golf
