#pragma once

#include <array>
#include <string>
#include <vector>

#include "rules/core/json.h"
#include "rules/table_fencing/cards.h"
#include "rules/table_fencing/penalty.h"

namespace tabref::rules::table_fencing {

enum class TrickPhase {
  kThrust,     // the leader calls "Thrust" and every player draws a card
  kSillyHats,  // a triple came up: the table names the last to don a silly hat
  kWar,        // a trump war: the two in the war and the parrier draw
  kRoll,       // the trick is won: the winner rolls for the build
};

enum class TrickWin {
  kHighCard,  // no trump: the highest thrust card
  kTrump,     // the higher card of a trump war
  kParry,     // a successful parry
};

std::string ToString(TrickPhase phase);
std::string ToString(TrickWin how);

// One trick, from the call of "Thrust" to the winner's roll for the build. The trick reads
// the draws it is given; the state around it checks who may enter them.
class Trick {
 public:
  // `leader` holds control and calls the thrust; `seat_step` is +1 or -1, the game's
  // direction, used to choose the parrier.
  Trick(int number, int leader, int num_players, int seat_step);

  int number() const { return number_; }
  int leader() const { return leader_; }
  TrickPhase phase() const { return phase_; }
  bool hats_on() const { return hats_on_; }
  // Trumps played in this trick: 0 none, 1 a trump, 2 a double trump, ...
  int trump_level() const { return trump_level_; }
  const std::array<int, 2>& war() const { return war_; }
  int parrier() const { return parrier_; }
  int winner() const { return winner_; }
  TrickWin how() const { return how_; }
  const Draw& last_draw() const { return last_draw_; }

  // The seats that draw in the draw awaited now (kThrust or kWar): every player for the
  // thrust; the two in the war and the parrier in a trump war.
  std::vector<int> Drawers() const;
  // Reads the awaited draw and moves the trick on. Returns the penalties it costs: every
  // hat wearer pays when a triple is drawn while the hats are on.
  Penalties EnterDraw(const Draw& draw);
  // The last to don a silly hat has been named (kSillyHats); the draw is done over.
  void DonHats();

  // Dice the winner rolls (kRoll): one non-green die for a plain trick, both non-green
  // dice for a trump, all three for a parry.
  int DiceToRoll() const;
  // What the roll is multiplied by: the trump level for a trump war winner (and for a
  // parrier when `parry_multiplied`), otherwise 1.
  int Multiplier(bool parry_multiplied) const;

  // Golf-ball tricks: one quick-switch and one hose per trick.
  bool quick_switch_used() const { return quick_switch_used_; }
  bool hose_used() const { return hose_used_; }
  void UseQuickSwitch() { quick_switch_used_ = true; }
  void UseHose() { hose_used_ = true; }

  Json ToJson(const std::vector<std::string>& names) const;
  // Throws std::logic_error when the trick's fields contradict each other.
  void CheckInvariants() const;

 private:
  void StartWar(const std::array<int, 2>& pair);
  void Win(int seat, TrickWin how);
  void ResolveWar(const Draw& draw);
  bool InWar(int seat) const;
  std::vector<int> AllSeats() const;

  int number_;
  int leader_;
  int num_players_;
  int seat_step_;
  TrickPhase phase_ = TrickPhase::kThrust;
  Draw last_draw_;
  bool hats_on_ = false;
  int trump_level_ = 0;
  std::array<int, 2> war_ = {-1, -1};
  int parrier_ = -1;
  int winner_ = -1;
  TrickWin how_ = TrickWin::kHighCard;
  bool quick_switch_used_ = false;
  bool hose_used_ = false;
};

}  // namespace tabref::rules::table_fencing
