#pragma once

#include <string>

#include "rules/core/game_setup.h"
#include "rules/core/json.h"

namespace tabref::rules::table_fencing {

// Seats are listed in clockwise order around the table.
enum class Direction { kClockwise, kCounterClockwise };

// What must reach `bumper_build` to win a bumper by build.
enum class BumperMeasure {
  kScore,   // builds minus slides
  kBuilds,  // the builds alone ("a build of fifty points")
};

// The type of game fixed before play, as the rulebook's "Equipment" section lists it.
struct Options {
  // The player who plays the Start in the first bumper; empty means the first listed player.
  std::string start;
  // Which way the Start moves after each bumper (and the order in which parriers are chosen).
  Direction direction = Direction::kClockwise;
  // Size of the region played: state, multi-state, national or international (recorded).
  std::string region = "state";
  // The champion's road map that is played on (recorded).
  std::string map = "Ohio";
  // Level of play: interstate, state-highway or backroads (recorded; it decides which roads
  // are "on road" for the off-road penalty, which the players enter).
  std::string difficulty = "interstate";
  // Bumpers a player must win to win the game and become champion.
  int bumpers_to_win = 2;
  // Points that win a bumper by build.
  int bumper_build = 50;
  BumperMeasure bumper_measure = BumperMeasure::kScore;
  // Whether a successful parry's three-dice roll is multiplied by the trump multiplier too.
  bool parry_multiplied = false;

  // Reads the options object of a setup; unknown keys and bad values throw RuleError.
  static Options FromJson(const Json& json);
  Json ToJson() const;
  // Throws RuleError when an option does not fit the players (an unknown Start).
  void Check(const GameSetup& setup) const;
  // The seat of the first bumper's Start.
  int StartSeat(const GameSetup& setup) const;
  // +1 (clockwise) or -1 (counter-clockwise): the seat step in the game's direction.
  int SeatStep() const;
};

}  // namespace tabref::rules::table_fencing
