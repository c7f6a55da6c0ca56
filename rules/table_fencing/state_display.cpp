// What the table sees: actors, status, the score sheet, the snapshot and the invariants.
#include <algorithm>
#include <stdexcept>

#include "rules/table_fencing/state.h"

namespace tabref::rules::table_fencing {
namespace {

std::string TrumpName(int level) {
  static const std::vector<std::string> names = {"", "trump", "double trump", "triple trump"};
  if (level < static_cast<int>(names.size())) return names[static_cast<size_t>(level)];
  return std::to_string(level) + "-fold trump";
}

std::vector<std::string> Cells(const std::vector<int>& values) {
  std::vector<std::string> cells(values.size());
  std::transform(values.begin(), values.end(), cells.begin(),
                 [](int value) { return std::to_string(value); });
  return cells;
}

// A bumper's block of the sheet: builds, slides and the score (marked for the winner).
void AddBumperRows(const BumperSheet& bumper, size_t number, std::vector<ScoreTable::Row>& rows) {
  const std::string label = "Bumper " + std::to_string(number);
  std::vector<int> scores;
  for (size_t seat = 0; seat < bumper.builds.size(); ++seat) {
    scores.push_back(bumper.builds[seat] - bumper.slides[seat]);
  }
  std::vector<std::string> score_cells = Cells(scores);
  if (bumper.winner >= 0) {
    score_cells[static_cast<size_t>(bumper.winner)] += " (won by " + bumper.won_by + ")";
  }
  rows.push_back({label + " builds", Cells(bumper.builds)});
  rows.push_back({label + " slides", Cells(bumper.slides)});
  rows.push_back({label + " score", score_cells, true});
}

}  // namespace

std::vector<int> TableFencingState::Actors() const {
  if (IsTerminal()) return {};
  if (!owed_.empty()) return {owed_.front().seat};
  if (balls_.HolderOfBoth() != GolfBalls::kNobody) return {balls_.HolderOfBoth()};
  if (!balls_.Distributed()) return AllSeats();
  switch (trick_.phase()) {
    case TrickPhase::kThrust:
      return {trick_.leader()};
    case TrickPhase::kSillyHats:
      return AllSeats();
    case TrickPhase::kWar: {
      std::vector<int> drawers = trick_.Drawers();
      std::sort(drawers.begin(), drawers.end());
      return drawers;
    }
    case TrickPhase::kRoll:
      return {trick_.winner()};
  }
  return {};
}

std::vector<int> TableFencingState::Winners() const {
  if (!IsTerminal()) return {};
  return {champion_};
}

std::string TableFencingState::WhatNext() const {
  if (IsTerminal()) return "the game is over";
  if (!owed_.empty()) {
    const Penalty& next = owed_.front();
    return Name(next.seat) + " owes a penalty (" + next.reason + "): eat a chocolate (" +
           std::to_string(chocolate_[static_cast<size_t>(next.seat)]) + " left) or slide 1";
  }
  if (balls_.HolderOfBoth() != GolfBalls::kNobody) {
    return Name(balls_.HolderOfBoth()) + " holds both golf balls and gives them to two others";
  }
  if (!balls_.Distributed()) {
    return "everyone rolls the green die for the golf balls (Start: " + Name(sheet().start) + ")";
  }
  switch (trick_.phase()) {
    case TrickPhase::kThrust:
      return Name(trick_.leader()) + " (control) calls Thrust; everyone draws a card";
    case TrickPhase::kSillyHats:
      return "silly hats! name the last to don a hat";
    case TrickPhase::kWar:
      return TrumpName(trick_.trump_level()) + " war " + Name(trick_.war()[0]) + " vs " +
             Name(trick_.war()[1]) + ", " + Name(trick_.parrier()) + " parries: all three draw";
    case TrickPhase::kRoll: {
      const int dice = trick_.DiceToRoll();
      return Name(trick_.winner()) + " wins the trick by " + HowTheTrickWasWon() + ": rolls " +
             std::to_string(dice) + (dice == 1 ? " die" : " dice") + " x" +
             std::to_string(trick_.Multiplier(options().parry_multiplied));
    }
  }
  return "";
}

std::string TableFencingState::HowTheTrickWasWon() const {
  switch (trick_.how()) {
    case TrickWin::kHighCard:
      return "high card";
    case TrickWin::kTrump:
      return "a " + TrumpName(trick_.trump_level());
    case TrickWin::kParry:
      return "a parry";
  }
  return "";
}

std::string TableFencingState::ScoreLine() const {
  std::string line;
  for (int seat : AllSeats()) {
    line += (seat == 0 ? "" : " - ") + Name(seat) + " " + std::to_string(BumperScore(seat));
  }
  return line;
}

std::string TableFencingState::StatusLine() const {
  if (IsTerminal()) {
    return Name(champion_) + " wins " + std::to_string(options().bumpers_to_win) +
           " bumpers and is the new champion of " + options().map + ". Hail to the fish!";
  }
  return "Bumper " + std::to_string(bumpers_.size()) + ", trick " +
         std::to_string(trick_.number()) + ": " + WhatNext() + "; score " + ScoreLine();
}

ScoreTable TableFencingState::Scorecard() const {
  ScoreTable table;
  table.title = "Table Fencing: " + options().map + " (" + options().region + ", " +
                options().difficulty + "), first to " + std::to_string(options().bumpers_to_win) +
                " bumpers";
  table.columns = names();
  for (size_t b = 0; b < bumpers_.size(); ++b) AddBumperRows(bumpers_[b], b + 1, table.rows);
  table.rows.push_back({"Bumpers won", Cells(bumpers_won_), true});
  table.rows.push_back({"Chocolate", Cells(chocolate_)});
  table.rows.push_back({"Golf ball", GolfBallCells()});
  const bool hats_on = trick_.hats_on() && !IsTerminal();
  table.rows.push_back({"Silly hat", std::vector<std::string>(static_cast<size_t>(NumPlayers()),
                                                              hats_on ? "on" : "")});

  table.details = Snapshot();
  table.details["start"] = Name(sheet().start);
  table.details["control"] = Name(trick_.leader());
  table.details["to_win_bumper"] = options().bumper_build;
  if (trick_.phase() == TrickPhase::kRoll) {
    table.details["trick"]["multiplier"] = trick_.Multiplier(options().parry_multiplied);
  }
  return table;
}

std::vector<std::string> TableFencingState::GolfBallCells() const {
  std::vector<std::string> cells(static_cast<size_t>(NumPlayers()));
  if (balls_.yellow() != GolfBalls::kNobody) cells[static_cast<size_t>(balls_.yellow())] = "yellow";
  if (balls_.purple() != GolfBalls::kNobody) {
    std::string& cell = cells[static_cast<size_t>(balls_.purple())];
    cell += cell.empty() ? "purple" : " + purple";
  }
  return cells;
}

Json TableFencingState::Snapshot() const {
  Json bumpers = Json::array();
  for (const auto& bumper : bumpers_) {
    bumpers.push_back({{"start", Name(bumper.start)},
                       {"builds", bumper.builds},
                       {"slides", bumper.slides},
                       {"tricks", bumper.tricks},
                       {"winner", bumper.winner < 0 ? Json(nullptr) : Json(Name(bumper.winner))},
                       {"won_by", bumper.won_by}});
  }
  Json owed = Json::array();
  for (const auto& penalty : owed_) {
    owed.push_back({{"player", Name(penalty.seat)}, {"reason", penalty.reason}});
  }
  return {{"bumper", bumpers_.size()},
          {"bumpers", bumpers},
          {"bumpers_won", bumpers_won_},
          {"chocolate", chocolate_},
          {"kicks", kicks_},
          {"golf_balls", balls_.ToJson(names())},
          {"trick", trick_.ToJson(names())},
          {"owed_penalties", owed},
          {"last_trick", last_trick_},
          {"champion", IsTerminal() ? Json(Name(champion_)) : Json(nullptr)}};
}

void TableFencingState::CheckInvariants() const {
  auto fail = [](const std::string& what) { throw std::logic_error("table-fencing: " + what); };
  for (int pieces : chocolate_) {
    if (pieces < 0 || pieces > kChocolatePerBumper + kChocolateCarriedOver) {
      fail("more chocolate in hand than a bumper allows");
    }
  }
  for (const auto& bumper : bumpers_) {
    auto negative = [](int points) { return points < 0; };
    if (std::any_of(bumper.builds.begin(), bumper.builds.end(), negative) ||
        std::any_of(bumper.slides.begin(), bumper.slides.end(), negative)) {
      fail("negative builds or slides");
    }
  }
  int bumpers_decided = 0;
  for (int won : bumpers_won_) {
    if (won > options().bumpers_to_win) fail("more bumpers won than the game needs");
    bumpers_decided += won;
  }
  const int finished = static_cast<int>(bumpers_.size()) - (IsTerminal() ? 0 : 1);
  if (bumpers_decided != finished) fail("bumpers won do not match the bumpers played");
  if (IsTerminal() && bumpers_won_[static_cast<size_t>(champion_)] != options().bumpers_to_win) {
    fail("a champion without the bumpers to show for it");
  }
  if (!IsTerminal()) {
    for (int seat : AllSeats()) {
      if (BumperProgress(seat) >= options().bumper_build) {
        fail("a build reached the bumper's target but the bumper goes on");
      }
    }
  }
  if (!owed_.empty() && chocolate_[static_cast<size_t>(owed_.front().seat)] == 0) {
    fail("a penalty waits for a choice its player does not have");
  }
  balls_.CheckInvariants(NumPlayers());
  trick_.CheckInvariants();
}

}  // namespace tabref::rules::table_fencing
