#pragma once

#include <array>
#include <map>
#include <string>
#include <vector>

#include "rules/core/json.h"

namespace tabref::rules::table_fencing {

// A card's value: ace 1 (aces are low), 2..10, jack 11, queen 12, king 13.
constexpr int kAce = 1;
constexpr int kKing = 13;

// The cards of one draw (the thrust, or the cards of a trump war), by seat.
using Draw = std::map<int, int>;

// Reads "A", "2".."10", "J", "Q", "K" (or a number 1..13); throws RuleError naming `whose`.
int CardFromJson(const Json& json, const std::string& whose);
std::string CardName(int value);

// What a draw means for the trick.
struct DrawReading {
  enum class Kind {
    kSillyHats,  // three (or more) cards of one value
    kTrump,      // two cards of one value: those two fight a trump war
    kClear,      // every value differs
  };
  Kind kind = Kind::kClear;
  // The seats of the trump (the highest pair when there are several), for kTrump.
  std::array<int, 2> trump = {-1, -1};
};

DrawReading ReadDraw(const Draw& draw);

// The seat that drew the highest card; the draw must be clear.
int HighestCardSeat(const Draw& draw);

// {"Ann": "K", ...}: the cards by player name.
Json DrawToJson(const Draw& draw, const std::vector<std::string>& names);

}  // namespace tabref::rules::table_fencing
