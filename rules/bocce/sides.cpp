#include "rules/bocce/sides.h"

#include <algorithm>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::bocce {
namespace {

std::array<Side, 2> SidesFromTeams(const GameSetup& setup) {
  if (setup.teams.size() != 2) {
    throw RuleError("bocce is played by two teams, got " + std::to_string(setup.teams.size()));
  }
  return {Side{setup.teams[0].name, setup.teams[0].members},
          Side{setup.teams[1].name, setup.teams[1].members}};
}

std::array<Side, 2> DefaultSides(const GameSetup& setup) {
  std::array<Side, 2> sides{Side{"Suns", {}}, Side{"Moons", {}}};
  const int half = static_cast<int>(setup.players.size()) / 2;
  for (int seat = 0; seat < static_cast<int>(setup.players.size()); ++seat) {
    sides[seat < half ? 0 : 1].members.push_back(seat);
  }
  return sides;
}

}  // namespace

Sides Sides::FromSetup(const GameSetup& setup) {
  Sides result;
  result.sides_ = setup.teams.empty() ? DefaultSides(setup) : SidesFromTeams(setup);
  const auto& [first, second] = result.sides_;
  if (first.name.empty() || second.name.empty() || first.name == second.name) {
    throw RuleError("the two bocce teams need two different, non-empty names");
  }
  if (first.members.size() != second.members.size()) {
    throw RuleError("bocce teams must be equal: '" + first.name + "' has " +
                    std::to_string(first.members.size()) + " players, '" + second.name + "' has " +
                    std::to_string(second.members.size()));
  }
  if (first.members.size() * 2 != setup.players.size()) {
    throw RuleError("every bocce player must be in one of the two teams");
  }
  return result;
}

int Sides::IndexOf(const std::string& name) const {
  for (int side = 0; side < 2; ++side) {
    if (sides_[static_cast<size_t>(side)].name == name) return side;
  }
  throw RuleError("no side is called '" + name + "'; the sides are " + JoinedNames());
}

int Sides::SideOfSeat(int seat) const {
  const auto& first = sides_[0].members;
  return std::find(first.begin(), first.end(), seat) != first.end() ? 0 : 1;
}

std::vector<int> Sides::StationedAt(int side, CourtEnd end) const {
  const auto& members = (*this)[side].members;
  if (members.size() == 1) return members;
  const size_t per_end = members.size() / 2;
  const auto first = members.begin() + static_cast<long>(end == CourtEnd::kNear ? 0 : per_end);
  return {first, first + static_cast<long>(per_end)};
}

int Sides::BowlsPerPlayer() const {
  return kBowlsPerSide / static_cast<int>(StationedAt(0, CourtEnd::kNear).size());
}

std::string Sides::JoinedNames() const {
  return JoinChoices({sides_[0].name, sides_[1].name}, "and");
}

}  // namespace tabref::rules::bocce
