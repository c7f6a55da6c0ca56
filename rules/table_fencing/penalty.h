#pragma once

#include <string>
#include <vector>

namespace tabref::rules::table_fencing {

// A penalty owed: the player slides one point or eats a piece of chocolate.
struct Penalty {
  int seat = -1;
  std::string reason;  // "catch", "silly hats", "wild throw", ...
};

using Penalties = std::vector<Penalty>;

// The penalties the players enter themselves (the engine raises the silly-hat, golf-ball
// and hose penalties): a missed pinkie-ball catch, leaving the road, a miscue, and a
// miscued miscue (which also earns a kick in the butt).
inline const std::vector<std::string>& EnteredPenaltyReasons() {
  static const std::vector<std::string> reasons = {"catch", "off-road", "miscue", "miscued-miscue"};
  return reasons;
}

}  // namespace tabref::rules::table_fencing
