#pragma once

#include <string>

#include "rules/core/json.h"

namespace tabref::rules::card_golf {

// How the game is entered.
enum class Mode {
  kTurns,  // turn by turn: deal, every turn, then the reveals
  kFinal,  // end-of-game entry only: each player enters field and hand
};

// What a rap does to the players who have not acted yet.
enum class RapRule {
  kGameEnds,        // the game ends at once; nobody else plays
  kOthersPlayOnce,  // every other player takes one last turn (as a knock in Golf)
};

struct Options {
  Mode mode = Mode::kTurns;
  RapRule rap = RapRule::kGameEnds;
  // Decks shuffled together; 0 means the rulebook's choice, one deck per two players.
  int decks = 0;

  // Reads the options object; unknown keys and bad values are RuleErrors.
  static Options FromJson(const Json& json);
  Json ToJson() const;
  // Throws RuleError unless `players` is 2 or 4 (even one deck deals four players).
  void Check(int players) const;
  // The number of decks in play for `players` players.
  int DecksFor(int players) const;
};

}  // namespace tabref::rules::card_golf
