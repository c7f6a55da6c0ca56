#pragma once

#include <array>
#include <string>
#include <vector>

#include "rules/bocce/options.h"
#include "rules/core/game_setup.h"

namespace tabref::rules::bocce {

inline constexpr int kBowlsPerSide = 4;

// One of the two sides: a team of 1, 2 or 4 players playing one set of bowls.
struct Side {
  std::string name;
  std::vector<int> members;  // seats, in the team's listed order
};

// The two sides and where their players are stationed. Members are stationed in listed
// order: 1 player plays at both ends; of 2, the first at the near end and the second at
// the far end; of 4, the first two at the near end and the last two at the far end.
class Sides {
 public:
  // Sides from the setup's two teams, or (without teams) "Suns" = the first half of the
  // players and "Moons" = the second half. Throws RuleError for any other layout.
  static Sides FromSetup(const GameSetup& setup);

  const Side& operator[](int side) const { return sides_.at(static_cast<size_t>(side)); }
  const std::string& Name(int side) const { return (*this)[side].name; }
  // The side named `name`; throws RuleError listing the side names otherwise.
  int IndexOf(const std::string& name) const;
  int SideOfSeat(int seat) const;
  // Players of `side` who play the rounds flicked from `end`.
  std::vector<int> StationedAt(int side, CourtEnd end) const;
  // Bowls each stationed player of a side flicks per round (4 alone, 2 in a pair).
  int BowlsPerPlayer() const;
  // 1 vs 1: each player plays every round, so the game need not alternate ends (teams
  // must, so that the players at the other end play the next round).
  bool OnePlayerPerSide() const { return sides_[0].members.size() == 1; }
  std::string JoinedNames() const;

 private:
  std::array<Side, 2> sides_;
};

inline int OtherSide(int side) { return 1 - side; }

}  // namespace tabref::rules::bocce
