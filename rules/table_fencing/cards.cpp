#include "rules/table_fencing/cards.h"

#include <algorithm>
#include <string_view>

#include "rules/core/rule_error.h"

namespace tabref::rules::table_fencing {
namespace {

// Indexed by value - kAce.
constexpr std::array<std::string_view, kKing> kCardNames = {"A", "2", "3",  "4", "5", "6", "7",
                                                            "8", "9", "10", "J", "Q", "K"};

}  // namespace

int CardFromJson(const Json& json, const std::string& whose) {
  if (json.is_number_integer()) {
    const auto value = json.get<long long>();
    if (value >= kAce && value <= kKing) return static_cast<int>(value);
  } else if (json.is_string()) {
    const auto it = std::find(kCardNames.begin(), kCardNames.end(), json.get<std::string>());
    if (it != kCardNames.end()) return static_cast<int>(it - kCardNames.begin()) + kAce;
  }
  throw RuleError(whose + "'s card must be A, 2..10, J, Q or K, got " + json.dump());
}

std::string CardName(int value) {
  return std::string(kCardNames.at(static_cast<size_t>(value - kAce)));
}

DrawReading ReadDraw(const Draw& draw) {
  std::map<int, std::vector<int>> seats_by_value;
  for (const auto& [seat, value] : draw) seats_by_value[value].push_back(seat);
  DrawReading reading;
  for (const auto& [value, seats] : seats_by_value) {
    if (seats.size() >= 3) return {DrawReading::Kind::kSillyHats, {-1, -1}};
    // Values ascend, so the last pair seen is the highest.
    if (seats.size() == 2) reading = {DrawReading::Kind::kTrump, {seats[0], seats[1]}};
  }
  return reading;
}

int HighestCardSeat(const Draw& draw) {
  return std::max_element(draw.begin(), draw.end(),
                          [](const auto& a, const auto& b) { return a.second < b.second; })
      ->first;
}

Json DrawToJson(const Draw& draw, const std::vector<std::string>& names) {
  Json json = Json::object();
  for (const auto& [seat, value] : draw)
    json[names.at(static_cast<size_t>(seat))] = CardName(value);
  return json;
}

}  // namespace tabref::rules::table_fencing
