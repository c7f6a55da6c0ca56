#pragma once

#include <string>
#include <vector>

#include "rules/core/json.h"
#include "rules/table_fencing/penalty.h"

namespace tabref::rules::table_fencing {

// How one golf ball of a quick-switch arrived.
enum class Throw {
  kCaught,
  kDropped,
  kWild,  // judged wild by the third player: counts as caught, the thrower pays
};

const std::vector<std::string>& ThrowNames();
// `name` must be one of ThrowNames().
Throw ThrowFromString(const std::string& name);

// The yellow and the purple golf ball: who holds them and whether the yellow sits in the
// penalty box. Moves that cost a penalty return it for the state to collect.
class GolfBalls {
 public:
  static constexpr int kNobody = -1;
  // Tricks the yellow ball stays out of play after it is dropped.
  static constexpr int kPenaltyBoxTricks = 2;

  // Hands the balls out (at the start of a bumper, or by the holder of both).
  void Distribute(int yellow, int purple);
  bool Distributed() const { return purple_ != kNobody; }

  // Holders; kNobody before the distribution (and for the yellow while in the box).
  int yellow() const { return yellow_; }
  int purple() const { return purple_; }
  bool YellowInBox() const { return box_until_trick_ > 0; }
  bool BothInPlay() const { return yellow_ != kNobody && purple_ != kNobody; }
  // The player holding both balls, who must give them away at once; kNobody if none.
  int HolderOfBoth() const;

  // The purple holder calls a quick-switch: purple goes to the yellow holder and yellow
  // to the purple holder. Both balls must be in play.
  Penalties QuickSwitch(Throw purple_throw, Throw yellow_throw, int trick_number);
  // The purple holder hoses `hosee`; the winner of the green-die roll (or yo-yo duel)
  // decides: the hosee takes the purple ball, or the hoser keeps it and pays.
  Penalties Hose(int hosee, bool hoser_won);
  // After trick `trick_number` is tallied: a yellow ball whose time in the penalty box is
  // up goes to the player with control.
  void EndTrick(int trick_number, int control);

  Json ToJson(const std::vector<std::string>& names) const;
  void CheckInvariants(int num_players) const;

 private:
  int yellow_ = kNobody;
  int purple_ = kNobody;
  // The last trick the yellow ball misses; 0 when it is not in the penalty box.
  int box_until_trick_ = 0;
};

}  // namespace tabref::rules::table_fencing
