#include "rules/bocce/state.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::bocce {
namespace {

void Expect(bool condition, const std::string& broken_bound) {
  if (!condition) throw std::logic_error("bocce invariant broken: " + broken_bound);
}

}  // namespace

BocceState::BocceState(std::shared_ptr<const BocceGame> game)
    : StateBase<BocceState>(std::move(game)),
      bowls_by_seat_(static_cast<size_t>(this->game().NumPlayers()), 0) {}

// ----- Action dispatch -------------------------------------------------------------------

std::string BocceState::LegalType() const {
  switch (phase_) {
    case Phase::kDrawLeader:
      return "leader";
    case Phase::kPlaceJack:
      return "jack";
    case Phase::kBowls:
      return "bowl";
    case Phase::kEnterResult:
      return "result";
    case Phase::kRuling:
      return "ruling";
    case Phase::kOver:
      break;
  }
  return "";
}

void BocceState::DoApply(const Json& body) {
  const std::string type = body.at("type").get<std::string>();
  if (type != LegalType()) {
    throw RuleError("'" + type + "' is not allowed now (" + StatusLine() +
                    "); legal now: " + LegalType());
  }
  switch (phase_) {
    case Phase::kDrawLeader:
      return ApplyLeader(body);
    case Phase::kPlaceJack:
      return ApplyJack(body);
    case Phase::kBowls:
      return ApplyBowl(body);
    case Phase::kEnterResult:
    case Phase::kRuling:
      return ApplyOutcome(body);
    case Phase::kOver:
      break;
  }
}

void BocceState::ApplyLeader(const Json& body) {
  FieldReader reader(body, "action 'leader'");
  leader_ = sides().IndexOf(reader.String("side"));
  reader.RejectUnknown();
  StartRound();
}

void BocceState::ApplyJack(const Json& body) {
  FieldReader reader(body, "action 'jack'");
  const int placer = ChosenPlayer(reader, JackPlacers(), JackPlacers().front());
  std::optional<Coin> jack;
  bool placed = false;
  if (body.contains("position")) {
    if (reader.Has("valid")) reader.Fail("valid", "cannot be combined with a measured position");
    if (reader.Has("position")) jack = CoinFromFields(reader);
    placed = jack && court().InBounds(jack->position) &&
             court().PastDashedLine(jack->position, bocce().EndOfRound(round_));
  } else {
    placed = reader.Bool("valid");
  }
  reader.Allow({"position", "sigma_mm"});
  reader.RejectUnknown();
  if (!placed) {
    ++failed_jacks_;
    return;
  }
  jack_placer_ = placer;
  phase_ = Phase::kBowls;
  if (jack) layout_ = Layout{jack, {}};
}

void BocceState::ApplyBowl(const Json& body) {
  if (body.contains("jack") || body.contains("bowls")) {
    ApplyMeasuredBowl(body);
  } else {
    ApplyManualBowl(body);
  }
}

void BocceState::ApplyMeasuredBowl(const Json& body) {
  FieldReader reader(body, "action 'bowl'");
  const int bowler = ChosenPlayer(reader, EligibleBowlers(), ExpectedBowler());
  reader.Allow({"jack", "bowls"});
  reader.RejectUnknown();
  const Layout seen = LayoutFromAction(body, sides());
  const Layout in_bounds = seen.InBounds(court());
  const int flicking = SideToFlick();
  for (int side = 0; side < 2; ++side) {
    const int flicked = bowls_flicked_[side] + (side == flicking ? 1 : 0);
    const int can_be_in_play = bowls_in_play_[side] + (side == flicking ? 1 : 0);
    const std::string& name = sides().Name(side);
    if (seen.BowlCount(side) > flicked) {
      throw RuleError("the layout shows " + std::to_string(seen.BowlCount(side)) + " " + name +
                      " bowls but " + name + " have flicked only " + std::to_string(flicked));
    }
    if (in_bounds.BowlCount(side) > can_be_in_play) {
      throw RuleError("the layout shows " + std::to_string(in_bounds.BowlCount(side)) + " " + name +
                      " bowls in bounds but at most " + std::to_string(can_be_in_play) +
                      " can be: a bowl that left the court is out of play for the round");
    }
  }
  if (!in_bounds.jack) return VoidRound();
  bowls_in_play_ = {in_bounds.BowlCount(0), in_bounds.BowlCount(1)};
  layout_ = in_bounds;
  FinishBowl(bowler);
}

void BocceState::ApplyManualBowl(const Json& body) {
  FieldReader reader(body, "action 'bowl'");
  const int bowler = ChosenPlayer(reader, EligibleBowlers(), ExpectedBowler());
  const bool out = reader.Bool("out", false);
  const bool jack_out = reader.Bool("jack_out", false);
  std::array<int, 2> knocked_out{};
  if (const Json* knocked = reader.Optional("knocked_out")) {
    FieldReader knocked_reader(*knocked, "knocked_out of action 'bowl'");
    for (int side = 0; side < 2; ++side) {
      knocked_out[side] = knocked_reader.Int(sides().Name(side), 0, bowls_in_play_[side], 0);
    }
    knocked_reader.RejectUnknown();
  }
  reader.RejectUnknown();
  if (jack_out) return VoidRound();
  for (int side = 0; side < 2; ++side) bowls_in_play_[side] -= knocked_out[side];
  if (!out) ++bowls_in_play_[SideToFlick()];
  layout_.reset();
  FinishBowl(bowler);
}

void BocceState::ApplyOutcome(const Json& body) {
  const std::string type = LegalType();
  const RoundOutcome outcome = OutcomeFromAction(body, "action '" + type + "'", sides());
  if (std::find(open_outcomes_.begin(), open_outcomes_.end(), outcome) == open_outcomes_.end()) {
    throw RuleError(Describe(outcome, sides()) + " is not possible for this round; " +
                    (phase_ == Phase::kRuling ? "the measurement allows " : "the bowls allow ") +
                    DescribeAll(open_outcomes_, sides()));
  }
  ScoreRound(outcome, phase_ == Phase::kRuling ? "ruling" : "manual");
}

int BocceState::ChosenPlayer(FieldReader& reader, const std::vector<int>& allowed,
                             int fallback) const {
  if (!reader.Has("player")) {
    reader.Allow({"player"});
    return fallback;
  }
  const std::string name = reader.String("player");
  for (int seat : allowed) {
    if (game().PlayerName(seat) == name) return seat;
  }
  throw RuleError(name + " does not flick now; the flick is for " + JoinChoices(Names(allowed)) +
                  " (" + StatusLine() + ")");
}

// ----- Round flow ------------------------------------------------------------------------

void BocceState::StartRound() {
  phase_ = Phase::kPlaceJack;
  failed_jacks_ = 0;
  jack_placer_ = -1;
  bowls_flicked_ = {};
  bowls_in_play_ = {};
  std::fill(bowls_by_seat_.begin(), bowls_by_seat_.end(), 0);
  layout_.reset();
  open_outcomes_.clear();
}

void BocceState::VoidRound() {
  RoundRecord record;
  record.round = round_;
  record.end = bocce().EndOfRound(round_);
  record.leader = leader_;
  record.voided = true;
  record.totals = totals_;
  record.decided_by = "jack out";
  rounds_.push_back(record);
  StartRound();
}

void BocceState::FinishBowl(int bowler) {
  ++bowls_flicked_[sides().SideOfSeat(bowler)];
  ++bowls_by_seat_[static_cast<size_t>(bowler)];
  if (bowls_flicked_[0] == kBowlsPerSide && bowls_flicked_[1] == kBowlsPerSide) EndRound();
}

void BocceState::EndRound() {
  open_outcomes_ = layout_ ? MeasuredOutcomes(*layout_, bocce().options().Tolerance())
                           : CountedOutcomes(bowls_in_play_);
  if (open_outcomes_.size() == 1) {
    ScoreRound(open_outcomes_.front(), layout_ ? "measurement" : "bowls in play");
  } else {
    phase_ = layout_ ? Phase::kRuling : Phase::kEnterResult;
  }
}

void BocceState::ScoreRound(const RoundOutcome& outcome, const std::string& decided_by) {
  const Options& options = bocce().options();
  RoundRecord record;
  record.round = round_;
  record.end = bocce().EndOfRound(round_);
  record.leader = leader_;
  record.outcome = outcome;
  record.decided_by = decided_by;
  if (outcome.side != kNobody) {
    record.tally =
        AddRoundPoints(totals_[outcome.side], outcome.points, options.target, options.bust_rule);
    totals_[outcome.side] = record.tally.total;
    leader_ = outcome.side;
  }
  record.totals = totals_;
  rounds_.push_back(record);
  const bool won =
      outcome.side != kNobody && (options.bust_rule ? totals_[outcome.side] == options.target
                                                    : totals_[outcome.side] >= options.target);
  if (won) {
    winner_ = outcome.side;
    phase_ = Phase::kOver;
    open_outcomes_.clear();
    return;
  }
  ++round_;
  StartRound();
}

// ----- Who acts ----------------------------------------------------------------------------

int BocceState::SideToFlick() const {
  const bool non_leader_turn = (bowls_flicked_[0] + bowls_flicked_[1]) % 2 == 0;
  return non_leader_turn ? OtherSide(leader_) : leader_;
}

std::vector<int> BocceState::JackPlacers() const {
  return sides().StationedAt(leader_, bocce().EndOfRound(round_));
}

std::vector<int> BocceState::RoundPlayers() const {
  const CourtEnd end = bocce().EndOfRound(round_);
  std::vector<int> players = sides().StationedAt(0, end);
  const std::vector<int> second = sides().StationedAt(1, end);
  players.insert(players.end(), second.begin(), second.end());
  return players;
}

std::vector<int> BocceState::EligibleBowlers() const {
  std::vector<int> eligible = sides().StationedAt(SideToFlick(), bocce().EndOfRound(round_));
  // The leader's partner bowls before the player who placed the jack.
  std::stable_partition(eligible.begin(), eligible.end(),
                        [this](int seat) { return seat != jack_placer_; });
  std::erase_if(eligible, [this](int seat) {
    return bowls_by_seat_[static_cast<size_t>(seat)] >= sides().BowlsPerPlayer();
  });
  return eligible;
}

int BocceState::ExpectedBowler() const {
  const std::vector<int> eligible = EligibleBowlers();
  return *std::min_element(eligible.begin(), eligible.end(), [this](int a, int b) {
    return bowls_by_seat_[static_cast<size_t>(a)] < bowls_by_seat_[static_cast<size_t>(b)];
  });
}

std::vector<int> BocceState::Actors() const {
  switch (phase_) {
    case Phase::kDrawLeader: {
      std::vector<int> everyone(static_cast<size_t>(game().NumPlayers()));
      std::iota(everyone.begin(), everyone.end(), 0);
      return everyone;
    }
    case Phase::kPlaceJack:
      return JackPlacers();
    case Phase::kBowls: {
      std::vector<int> bowlers = EligibleBowlers();
      std::stable_partition(bowlers.begin(), bowlers.end(),
                            [expected = ExpectedBowler()](int seat) { return seat == expected; });
      return bowlers;
    }
    case Phase::kEnterResult:
    case Phase::kRuling:
      return RoundPlayers();
    case Phase::kOver:
      break;
  }
  return {};
}

std::vector<int> BocceState::Winners() const {
  if (winner_ == kNobody) return {};
  return sides()[winner_].members;
}

// ----- Invariants ----------------------------------------------------------------------

void BocceState::CheckInvariants() const {
  const Options& options = bocce().options();
  const int highest_total = options.bust_rule ? options.target : options.target + 3;
  for (int side = 0; side < 2; ++side) {
    Expect(totals_[side] >= 0 && totals_[side] <= highest_total, "a total out of range");
    Expect(bowls_flicked_[side] <= kBowlsPerSide, "more than 4 bowls flicked by a side");
    Expect(bowls_in_play_[side] <= bowls_flicked_[side], "more bowls in play than flicked");
    int by_players = 0;
    for (int seat : sides()[side].members) {
      const int bowls = bowls_by_seat_[static_cast<size_t>(seat)];
      Expect(bowls <= sides().BowlsPerPlayer(), "a player flicked more than their bowls");
      by_players += bowls;
    }
    Expect(by_players == bowls_flicked_[side], "bowls by player do not add up");
    if (layout_) Expect(layout_->BowlCount(side) == bowls_in_play_[side], "layout count");
  }
  const int lead_lag = bowls_flicked_[OtherSide(leader_)] - bowls_flicked_[leader_];
  Expect(lead_lag == 0 || lead_lag == 1, "the sides did not alternate, non-leader first");
  const bool deciding = phase_ == Phase::kEnterResult || phase_ == Phase::kRuling;
  Expect(deciding == !open_outcomes_.empty(), "open outcomes outside a result or ruling");
  Expect((phase_ == Phase::kOver) == (winner_ != kNobody), "a winner exactly when over");
  for (const RoundRecord& record : rounds_) {
    const bool scored = record.outcome.side != kNobody;
    Expect(!scored || (record.outcome.points >= 1 && record.outcome.points <= kBowlsPerSide),
           "a round scored outside 1 to 4 points");
    Expect(!(scored && record.voided), "a void round scored");
  }
}

}  // namespace tabref::rules::bocce
