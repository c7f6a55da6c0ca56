#include "rules/table_fencing/trick.h"

#include <numeric>
#include <stdexcept>

namespace tabref::rules::table_fencing {

std::string ToString(TrickPhase phase) {
  switch (phase) {
    case TrickPhase::kThrust:
      return "thrust";
    case TrickPhase::kSillyHats:
      return "silly hats";
    case TrickPhase::kWar:
      return "trump war";
    case TrickPhase::kRoll:
      return "roll";
  }
  return "thrust";
}

std::string ToString(TrickWin how) {
  switch (how) {
    case TrickWin::kHighCard:
      return "high card";
    case TrickWin::kTrump:
      return "trump";
    case TrickWin::kParry:
      return "parry";
  }
  return "high card";
}

Trick::Trick(int number, int leader, int num_players, int seat_step)
    : number_(number), leader_(leader), num_players_(num_players), seat_step_(seat_step) {}

std::vector<int> Trick::Drawers() const {
  if (phase_ == TrickPhase::kWar) return {war_[0], war_[1], parrier_};
  return AllSeats();
}

std::vector<int> Trick::AllSeats() const {
  std::vector<int> everyone(static_cast<size_t>(num_players_));
  std::iota(everyone.begin(), everyone.end(), 0);
  return everyone;
}

Penalties Trick::EnterDraw(const Draw& draw) {
  last_draw_ = draw;
  const DrawReading reading = ReadDraw(draw);
  switch (reading.kind) {
    case DrawReading::Kind::kSillyHats:
      // Everyone wears a hat once they are on: every wearer pays and the draw is done over.
      if (hats_on_) {
        Penalties owed;
        for (int seat : AllSeats()) owed.push_back({seat, "wore a silly hat at a triple"});
        return owed;
      }
      phase_ = TrickPhase::kSillyHats;
      break;
    case DrawReading::Kind::kTrump:
      StartWar(reading.trump);
      break;
    case DrawReading::Kind::kClear:
      if (phase_ == TrickPhase::kWar) {
        ResolveWar(draw);
      } else {
        Win(HighestCardSeat(draw), TrickWin::kHighCard);
      }
      break;
  }
  return {};
}

void Trick::DonHats() {
  hats_on_ = true;
  phase_ = trump_level_ == 0 ? TrickPhase::kThrust : TrickPhase::kWar;
}

void Trick::StartWar(const std::array<int, 2>& pair) {
  ++trump_level_;
  war_ = pair;
  phase_ = TrickPhase::kWar;
  // The parrier is the first player outside the war, counting from the leader in the
  // game's direction: with three players simply "the third player".
  for (int offset = 0; offset < num_players_; ++offset) {
    const int seat = ((leader_ + offset * seat_step_) % num_players_ + num_players_) % num_players_;
    if (!InWar(seat)) {
      parrier_ = seat;
      return;
    }
  }
}

void Trick::ResolveWar(const Draw& draw) {
  const int parry = draw.at(parrier_);
  const int war_sum = draw.at(war_[0]) + draw.at(war_[1]);
  if (parry == kAce || parry > war_sum) {
    Win(parrier_, TrickWin::kParry);
  } else {
    Win(draw.at(war_[0]) > draw.at(war_[1]) ? war_[0] : war_[1], TrickWin::kTrump);
  }
}

void Trick::Win(int seat, TrickWin how) {
  winner_ = seat;
  how_ = how;
  phase_ = TrickPhase::kRoll;
}

bool Trick::InWar(int seat) const { return seat == war_[0] || seat == war_[1]; }

int Trick::DiceToRoll() const {
  switch (how_) {
    case TrickWin::kHighCard:
      return 1;
    case TrickWin::kTrump:
      return 2;
    case TrickWin::kParry:
      return 3;
  }
  return 1;
}

int Trick::Multiplier(bool parry_multiplied) const {
  if (how_ == TrickWin::kTrump || (how_ == TrickWin::kParry && parry_multiplied)) {
    return trump_level_;
  }
  return 1;
}

Json Trick::ToJson(const std::vector<std::string>& names) const {
  auto name = [&](int seat) {
    return seat < 0 ? Json(nullptr) : Json(names.at(static_cast<size_t>(seat)));
  };
  Json json = {
      {"number", number_},
      {"leader", name(leader_)},
      {"phase", ToString(phase_)},
      {"last_draw", DrawToJson(last_draw_, names)},
      {"hats_on", hats_on_},
      {"trump_level", trump_level_},
      {"war", trump_level_ > 0 ? Json::array({name(war_[0]), name(war_[1])}) : Json::array()},
      {"parrier", name(parrier_)},
      {"winner", name(winner_)},
      {"quick_switch_used", quick_switch_used_},
      {"hose_used", hose_used_}};
  if (phase_ == TrickPhase::kRoll) {
    json["won_by"] = ToString(how_);
    json["dice_to_roll"] = DiceToRoll();
  }
  return json;
}

void Trick::CheckInvariants() const {
  const bool in_war = trump_level_ > 0;
  if (in_war && (war_[0] == war_[1] || parrier_ == war_[0] || parrier_ == war_[1])) {
    throw std::logic_error("table-fencing: the trump war and the parrier overlap");
  }
  if (phase_ == TrickPhase::kWar && !in_war) {
    throw std::logic_error("table-fencing: a trump war without a trump");
  }
  if ((phase_ == TrickPhase::kRoll) != (winner_ >= 0)) {
    throw std::logic_error("table-fencing: a trick winner outside the roll");
  }
}

}  // namespace tabref::rules::table_fencing
