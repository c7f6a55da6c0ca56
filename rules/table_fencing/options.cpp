#include "rules/table_fencing/options.h"

#include <algorithm>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::table_fencing {
namespace {

std::vector<std::string> Directions() { return {"clockwise", "counter-clockwise"}; }
std::vector<std::string> Regions() { return {"state", "multi-state", "national", "international"}; }
std::vector<std::string> Difficulties() { return {"interstate", "state-highway", "backroads"}; }
std::vector<std::string> Measures() { return {"score", "builds"}; }

}  // namespace

Options Options::FromJson(const Json& json) {
  const Options defaults;
  FieldReader reader(json, "table-fencing option");
  Options options;
  options.start = reader.String("start", defaults.start);
  options.direction = reader.Choice("direction", Directions(), "clockwise") == "clockwise"
                          ? Direction::kClockwise
                          : Direction::kCounterClockwise;
  options.region = reader.Choice("region", Regions(), defaults.region);
  options.map = reader.String("map", defaults.map);
  options.difficulty = reader.Choice("difficulty", Difficulties(), defaults.difficulty);
  options.bumpers_to_win = reader.Int("bumpers_to_win", 1, 9, defaults.bumpers_to_win);
  options.bumper_build = reader.Int("bumper_build", 1, 1000, defaults.bumper_build);
  options.bumper_measure = reader.Choice("bumper_measure", Measures(), "score") == "score"
                               ? BumperMeasure::kScore
                               : BumperMeasure::kBuilds;
  options.parry_multiplied = reader.Bool("parry_multiplied", defaults.parry_multiplied);
  reader.RejectUnknown();
  return options;
}

Json Options::ToJson() const {
  return {{"start", start},
          {"direction", direction == Direction::kClockwise ? "clockwise" : "counter-clockwise"},
          {"region", region},
          {"map", map},
          {"difficulty", difficulty},
          {"bumpers_to_win", bumpers_to_win},
          {"bumper_build", bumper_build},
          {"bumper_measure", bumper_measure == BumperMeasure::kScore ? "score" : "builds"},
          {"parry_multiplied", parry_multiplied}};
}

void Options::Check(const GameSetup& setup) const {
  if (start.empty()) return;
  if (std::find(setup.players.begin(), setup.players.end(), start) == setup.players.end()) {
    throw RuleError("table-fencing option \"start\" names '" + start +
                    "', who is not playing; players: " + JoinChoices(setup.players, "and"));
  }
}

int Options::StartSeat(const GameSetup& setup) const {
  const auto it = std::find(setup.players.begin(), setup.players.end(), start);
  return it == setup.players.end() ? 0 : static_cast<int>(it - setup.players.begin());
}

int Options::SeatStep() const { return direction == Direction::kClockwise ? 1 : -1; }

}  // namespace tabref::rules::table_fencing
