#include "rules/table_fencing/golf_balls.h"

#include <algorithm>
#include <stdexcept>

namespace tabref::rules::table_fencing {

const std::vector<std::string>& ThrowNames() {
  static const std::vector<std::string> names = {"caught", "dropped", "wild"};
  return names;
}

Throw ThrowFromString(const std::string& name) {
  const auto& names = ThrowNames();
  return static_cast<Throw>(std::find(names.begin(), names.end(), name) - names.begin());
}

void GolfBalls::Distribute(int yellow, int purple) {
  yellow_ = yellow;
  purple_ = purple;
  box_until_trick_ = 0;
}

int GolfBalls::HolderOfBoth() const {
  return BothInPlay() && yellow_ == purple_ ? yellow_ : kNobody;
}

Penalties GolfBalls::QuickSwitch(Throw purple_throw, Throw yellow_throw, int trick_number) {
  const int purple_thrower = purple_;
  const int yellow_thrower = yellow_;
  Penalties owed;
  // The purple ball lands with the yellow holder however it is thrown or dropped.
  purple_ = yellow_thrower;
  if (purple_throw == Throw::kDropped) owed.push_back({yellow_thrower, "dropped the purple ball"});
  if (purple_throw == Throw::kWild) owed.push_back({purple_thrower, "wild quick-switch throw"});

  if (yellow_throw == Throw::kDropped) {
    yellow_ = kNobody;
    box_until_trick_ = trick_number + kPenaltyBoxTricks;
  } else {
    yellow_ = purple_thrower;
  }
  if (yellow_throw == Throw::kWild) owed.push_back({yellow_thrower, "wild quick-switch throw"});
  return owed;
}

Penalties GolfBalls::Hose(int hosee, bool hoser_won) {
  if (!hoser_won) return {{purple_, "lost a hose"}};
  purple_ = hosee;
  return {};
}

void GolfBalls::EndTrick(int trick_number, int control) {
  if (YellowInBox() && trick_number >= box_until_trick_) {
    yellow_ = control;
    box_until_trick_ = 0;
  }
}

Json GolfBalls::ToJson(const std::vector<std::string>& names) const {
  auto name = [&](int seat) {
    return seat == kNobody ? Json(nullptr) : Json(names.at(static_cast<size_t>(seat)));
  };
  return {{"yellow", name(yellow_)},
          {"purple", name(purple_)},
          {"yellow_in_penalty_box", YellowInBox()},
          {"yellow_out_until_trick", box_until_trick_}};
}

void GolfBalls::CheckInvariants(int num_players) const {
  auto valid = [&](int seat) { return seat >= kNobody && seat < num_players; };
  if (!valid(yellow_) || !valid(purple_)) {
    throw std::logic_error("table-fencing: a golf ball held by no seat of the table");
  }
  if (YellowInBox() && yellow_ != kNobody) {
    throw std::logic_error("table-fencing: the yellow ball is both held and in the penalty box");
  }
  if (!Distributed() && (yellow_ != kNobody || YellowInBox())) {
    throw std::logic_error("table-fencing: the yellow ball is out before the distribution");
  }
}

}  // namespace tabref::rules::table_fencing
