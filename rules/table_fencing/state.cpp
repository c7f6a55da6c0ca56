#include "rules/table_fencing/state.h"

#include <algorithm>
#include <numeric>

#include "rules/core/rule_error.h"

namespace tabref::rules::table_fencing {
namespace {

constexpr int kGolfBallPoints = 2;
constexpr int kDieFaces = 6;

int ReadDie(FieldReader& reader, std::string_view key) { return reader.Int(key, 1, kDieFaces); }

}  // namespace

TableFencingState::TableFencingState(const std::shared_ptr<const TableFencingGame>& game)
    : StateBase(game),
      bumpers_won_(static_cast<size_t>(game->NumPlayers()), 0),
      chocolate_(static_cast<size_t>(game->NumPlayers()), 0),
      kicks_(static_cast<size_t>(game->NumPlayers()), 0),
      trick_(0, 0, game->NumPlayers(), game->options().SeatStep()) {
  // StartBumper() replaces the placeholder trick by the bumper's first trick.
  StartBumper(game->options().StartSeat(game->setup()));
}

const TableFencingGame& TableFencingState::fencing_game() const {
  return static_cast<const TableFencingGame&>(game());
}

const std::vector<std::pair<std::string, TableFencingState::Handler>>&
TableFencingState::Handlers() {
  static const std::vector<std::pair<std::string, Handler>> handlers = {
      {"golf_balls", &TableFencingState::OnGolfBalls},
      {"distribute", &TableFencingState::OnDistribute},
      {"thrust", &TableFencingState::OnDraw},
      {"war", &TableFencingState::OnDraw},
      {"silly_hats", &TableFencingState::OnSillyHats},
      {"roll", &TableFencingState::OnRoll},
      {"quick_switch", &TableFencingState::OnQuickSwitch},
      {"hose", &TableFencingState::OnHose},
      {"penalty", &TableFencingState::OnPenalty},
      {"pay", &TableFencingState::OnPay},
      {"theme", &TableFencingState::OnTheme},
  };
  return handlers;
}

void TableFencingState::DoApply(const Json& body) {
  const std::string type = body.at("type").get<std::string>();
  const auto& handlers = Handlers();
  const auto handler = std::find_if(handlers.begin(), handlers.end(),
                                    [&](const auto& entry) { return entry.first == type; });
  const std::vector<std::string> allowed = AllowedTypes();
  if (std::find(allowed.begin(), allowed.end(), type) == allowed.end()) {
    throw RuleError((handler == handlers.end() ? "unknown action type '" + type + "'"
                                               : "'" + type + "' is not allowed now") +
                    ": " + WhatNext() + "; allowed: " + JoinChoices(allowed));
  }
  FieldReader reader(body, "action '" + type + "'");
  (this->*(handler->second))(reader);
  reader.RejectUnknown();
}

std::vector<std::string> TableFencingState::AllowedTypes() const {
  if (IsTerminal()) return {};
  if (!owed_.empty()) return {"pay", "penalty"};
  if (balls_.HolderOfBoth() != GolfBalls::kNobody) return {"distribute", "penalty"};
  if (!balls_.Distributed()) return {"golf_balls", "penalty"};
  std::vector<std::string> types;
  switch (trick_.phase()) {
    case TrickPhase::kThrust:
      types.emplace_back("thrust");
      break;
    case TrickPhase::kSillyHats:
      types.emplace_back("silly_hats");
      break;
    case TrickPhase::kWar:
      types.emplace_back("war");
      break;
    case TrickPhase::kRoll:
      types.emplace_back("roll");
      break;
  }
  if (balls_.BothInPlay() && !trick_.quick_switch_used()) types.emplace_back("quick_switch");
  if (!trick_.hose_used()) types.emplace_back("hose");
  types.emplace_back("penalty");
  types.emplace_back("theme");
  return types;
}

std::vector<int> TableFencingState::AllSeats() const {
  std::vector<int> seats(static_cast<size_t>(NumPlayers()));
  std::iota(seats.begin(), seats.end(), 0);
  return seats;
}

int TableFencingState::SeatNamed(FieldReader& reader, std::string_view key) const {
  const std::string name = reader.String(key);
  const auto it = std::find(names().begin(), names().end(), name);
  if (it == names().end()) {
    reader.Fail(
        key, "names '" + name + "', who is not playing; players: " + JoinChoices(names(), "and"));
  }
  return static_cast<int>(it - names().begin());
}

Draw TableFencingState::ReadCards(FieldReader& reader) const {
  const std::vector<int> drawers = trick_.Drawers();
  const std::vector<std::string> drawer_names = Names(drawers);
  const Json& cards = reader.Required("cards");
  if (!cards.is_object()) {
    reader.Fail("cards", "must map each drawing player to a card, e.g. {\"" + drawer_names.front() +
                             "\": \"K\"}");
  }
  Draw draw;
  for (const auto& [name, card] : cards.items()) {
    const auto it = std::find(drawer_names.begin(), drawer_names.end(), name);
    if (it == drawer_names.end()) {
      reader.Fail("cards", "has a card for '" + name + "', who does not draw now; " +
                               JoinChoices(drawer_names, "and") + " draw");
    }
    draw[drawers[static_cast<size_t>(it - drawer_names.begin())]] = CardFromJson(card, name);
  }
  for (size_t i = 0; i < drawers.size(); ++i) {
    if (draw.count(drawers[i]) == 0) {
      reader.Fail("cards", "lacks " + drawer_names[i] + "'s card; " +
                               JoinChoices(drawer_names, "and") + " draw");
    }
  }
  return draw;
}

void TableFencingState::OnGolfBalls(FieldReader& reader) {
  const int yellow = SeatNamed(reader, "yellow");
  const int purple = SeatNamed(reader, "purple");
  if (yellow == purple) reader.Fail("purple", "must go to another player than the yellow ball");
  CheckGreenRolls(reader, yellow, purple);
  balls_.Distribute(yellow, purple);
}

// The optional green-die rolls must agree with who got the balls: the yellow to the
// highest roll, the purple to the next; who won a yo-yo duel over a tie is not checked.
void TableFencingState::CheckGreenRolls(FieldReader& reader, int yellow, int purple) const {
  const Json* rolls = reader.Optional("rolls");
  if (rolls == nullptr) return;
  FieldReader roll_reader(*rolls, "green-die rolls");
  std::vector<int> roll_by_seat;
  for (const auto& name : names()) roll_by_seat.push_back(ReadDie(roll_reader, name));
  roll_reader.RejectUnknown();
  auto highest_except = [&](int excluded) {
    int best = 0;
    for (int seat : AllSeats()) {
      if (seat != excluded) best = std::max(best, roll_by_seat[static_cast<size_t>(seat)]);
    }
    return best;
  };
  if (roll_by_seat[static_cast<size_t>(yellow)] != highest_except(-1)) {
    reader.Fail("yellow", "must go to the highest green-die roll");
  }
  if (roll_by_seat[static_cast<size_t>(purple)] != highest_except(yellow)) {
    reader.Fail("purple", "must go to the next highest green-die roll");
  }
}

void TableFencingState::OnDistribute(FieldReader& reader) {
  const int giver = SeatNamed(reader, "player");
  if (giver != balls_.HolderOfBoth()) {
    reader.Fail("player", "must be " + Name(balls_.HolderOfBoth()) + ", who holds both golf balls");
  }
  const int yellow = SeatNamed(reader, "yellow");
  const int purple = SeatNamed(reader, "purple");
  if (yellow == giver || purple == giver) {
    reader.Fail(yellow == giver ? "yellow" : "purple", "must go to one of the other players");
  }
  if (yellow == purple) reader.Fail("purple", "must go to another player than the yellow ball");
  balls_.Distribute(yellow, purple);
}

void TableFencingState::OnDraw(FieldReader& reader) { Owe(trick_.EnterDraw(ReadCards(reader))); }

void TableFencingState::OnSillyHats(FieldReader& reader) {
  Owe({{SeatNamed(reader, "last"), "last to don a silly hat"}});
  trick_.DonHats();
}

void TableFencingState::OnRoll(FieldReader& reader) {
  const int count = trick_.DiceToRoll();
  const Json& dice = reader.Required("dice");
  if (!dice.is_array() || dice.size() != static_cast<size_t>(count)) {
    reader.Fail("dice", "must list the " + std::to_string(count) +
                            (count == 1 ? " die " : " dice ") + Name(trick_.winner()) +
                            " rolls, got " + dice.dump());
  }
  int sum = 0;
  for (const auto& die : dice) {
    const bool on_a_face =
        die.is_number_integer() && die.get<long long>() >= 1 && die.get<long long>() <= kDieFaces;
    if (!on_a_face) reader.Fail("dice", "must hold die values 1 to 6, got " + die.dump());
    sum += die.get<int>();
  }
  TallyTrick(sum * trick_.Multiplier(options().parry_multiplied));
}

// The point tally: the winner builds, the golf balls score if a trump was played, and
// the bumper ends if a build reached the target (the trick winner counts first).
void TableFencingState::TallyTrick(int points) {
  const int winner = trick_.winner();
  sheet().builds[static_cast<size_t>(winner)] += points;
  const bool golf_balls_score = trick_.trump_level() > 0;
  if (golf_balls_score) {
    if (balls_.yellow() != GolfBalls::kNobody) {
      sheet().builds[static_cast<size_t>(balls_.yellow())] += kGolfBallPoints;
    }
    sheet().slides[static_cast<size_t>(balls_.purple())] += kGolfBallPoints;
  }
  last_trick_ = {{"trick", trick_.number()},
                 {"winner", Name(winner)},
                 {"won_by", ToString(trick_.how())},
                 {"trump_level", trick_.trump_level()},
                 {"multiplier", trick_.Multiplier(options().parry_multiplied)},
                 {"build", points},
                 {"golf_balls_scored", golf_balls_score}};
  if (EndBumperIfBuilt({winner, balls_.yellow()})) return;
  balls_.EndTrick(trick_.number(), winner);
  StartTrick(winner);
}

void TableFencingState::OnQuickSwitch(FieldReader& reader) {
  const Throw purple_throw = ThrowFromString(reader.Choice("purple_throw", ThrowNames()));
  const Throw yellow_throw = ThrowFromString(reader.Choice("yellow_throw", ThrowNames()));
  trick_.UseQuickSwitch();
  Owe(balls_.QuickSwitch(purple_throw, yellow_throw, trick_.number()));
}

void TableFencingState::OnHose(FieldReader& reader) {
  const int hoser = balls_.purple();
  const int hosee = SeatNamed(reader, "hosee");
  if (hosee == hoser) reader.Fail("hosee", "must be another player than the purple ball's holder");
  const int hoser_roll = ReadDie(reader, "hoser_roll");
  const int hosee_roll = ReadDie(reader, "hosee_roll");
  bool hoser_won = hoser_roll > hosee_roll;
  if (hoser_roll == hosee_roll) {
    const int duel_winner = SeatNamed(reader, "duel_winner");
    if (duel_winner != hoser && duel_winner != hosee) {
      reader.Fail("duel_winner", "must be the hoser or the hosee");
    }
    hoser_won = duel_winner == hoser;
  } else if (reader.Has("duel_winner")) {
    reader.Fail("duel_winner", "is only entered when the green-die rolls tie");
  }
  trick_.UseHose();
  Owe(balls_.Hose(hosee, hoser_won));
}

void TableFencingState::OnPenalty(FieldReader& reader) {
  const int seat = SeatNamed(reader, "player");
  const std::string reason = reader.Choice("reason", EnteredPenaltyReasons());
  if (reason == "miscued-miscue") ++kicks_[static_cast<size_t>(seat)];
  Owe({{seat, reason}});
}

void TableFencingState::OnPay(FieldReader& reader) {
  const int debtor = owed_.front().seat;
  if (SeatNamed(reader, "player") != debtor) {
    reader.Fail("player", "must be " + Name(debtor) + ", who owes the next penalty");
  }
  if (reader.Choice("with", {"chocolate", "slide"}) == "chocolate") {
    --chocolate_[static_cast<size_t>(debtor)];
  } else {
    ++sheet().slides[static_cast<size_t>(debtor)];
  }
  owed_.pop_front();
  SettleForcedPenalties();
}

void TableFencingState::OnTheme(FieldReader& reader) {
  EndBumper(SeatNamed(reader, "player"), "theme");
}

void TableFencingState::Owe(const Penalties& penalties) {
  owed_.insert(owed_.end(), penalties.begin(), penalties.end());
  SettleForcedPenalties();
}

void TableFencingState::SettleForcedPenalties() {
  while (!owed_.empty() && chocolate_[static_cast<size_t>(owed_.front().seat)] == 0) {
    ++sheet().slides[static_cast<size_t>(owed_.front().seat)];
    owed_.pop_front();
  }
}

bool TableFencingState::EndBumperIfBuilt(const std::vector<int>& seats) {
  for (int seat : seats) {
    if (seat != GolfBalls::kNobody && BumperProgress(seat) >= options().bumper_build) {
      EndBumper(seat, "build");
      return true;
    }
  }
  return false;
}

void TableFencingState::EndBumper(int winner, const std::string& how) {
  sheet().winner = winner;
  sheet().won_by = how;
  if (++bumpers_won_[static_cast<size_t>(winner)] == options().bumpers_to_win) {
    champion_ = winner;
    return;
  }
  StartBumper((sheet().start + options().SeatStep() + NumPlayers()) % NumPlayers());
}

void TableFencingState::StartBumper(int start) {
  for (int& pieces : chocolate_) {
    pieces = std::min(pieces, kChocolateCarriedOver) + kChocolatePerBumper;
  }
  BumperSheet bumper;
  bumper.start = start;
  bumper.builds.assign(static_cast<size_t>(NumPlayers()), 0);
  bumper.slides.assign(static_cast<size_t>(NumPlayers()), 0);
  bumpers_.push_back(bumper);
  balls_ = GolfBalls();
  StartTrick(start);
}

void TableFencingState::StartTrick(int leader) {
  trick_ = Trick(++sheet().tricks, leader, NumPlayers(), options().SeatStep());
}

int TableFencingState::BumperScore(int seat) const {
  return sheet().builds[static_cast<size_t>(seat)] - sheet().slides[static_cast<size_t>(seat)];
}

int TableFencingState::BumperProgress(int seat) const {
  return options().bumper_measure == BumperMeasure::kScore
             ? BumperScore(seat)
             : sheet().builds[static_cast<size_t>(seat)];
}

}  // namespace tabref::rules::table_fencing
