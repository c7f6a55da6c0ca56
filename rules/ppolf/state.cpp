#include "rules/ppolf/state.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules::ppolf {
namespace {

std::string LieName(Lie lie) {
  switch (lie) {
    case Lie::kToTeeOff:
      return "to tee off";
    case Lie::kInPlay:
      return "in play";
    case Lie::kHoled:
      return "holed";
  }
  return "";
}

template <typename T>
Json OptionalJson(const std::optional<T>& value) {
  return value ? ToJson(*value) : Json();
}

Json OptionalSeat(const std::optional<int>& seat) { return seat ? Json(*seat) : Json(); }

std::string Millimetres(double mm) {
  const long tenths = std::lround(mm * 10.0);
  return std::to_string(tenths / 10) + "." + std::to_string(std::abs(tenths % 10)) + " mm";
}

}  // namespace

PpolfState::PpolfState(std::shared_ptr<const Game> game, Options options)
    : StateBase(std::move(game)), options_(std::move(options)) {
  scores_.assign(static_cast<size_t>(NumPlayers()),
                 std::vector<std::optional<int>>(kHoleCount, std::nullopt));
  StartHole(0);
}

// ---------------------------------------------------------------- whose turn

std::vector<int> PpolfState::TeeOrder() const {
  std::vector<int> order;
  order.reserve(static_cast<size_t>(NumPlayers()));
  for (int i = 0; i < NumPlayers(); ++i) order.push_back((hole_ + i) % NumPlayers());
  return order;
}

std::vector<int> PpolfState::SeatsWithLie(Lie lie) const {
  std::vector<int> seats;
  for (int seat : TeeOrder()) {
    if (Player(seat).lie == lie) seats.push_back(seat);
  }
  return seats;
}

std::optional<Standing> PpolfState::StandingOfSeat(int seat) const {
  if (IsTerminal()) return std::nullopt;
  return StandingOf(Player(seat).coin, Hole(), options_);
}

std::vector<int> PpolfState::NextFlickers() const {
  if (IsTerminal() || awaiting_putt_ruling_) return {};
  if (putting_out_) return {*putting_out_};
  if (TeeingOff()) return {SeatsWithLie(Lie::kToTeeOff).front()};
  if (ruled_next_) return {*ruled_next_};
  std::vector<int> waiting;
  std::vector<std::optional<Standing>> standings;
  standings.reserve(players_.size());
  for (int seat = 0; seat < NumPlayers(); ++seat) standings.push_back(Player(seat).standing);
  for (int seat : SeatsWithLie(Lie::kInPlay)) {
    if (!Player(seat).flicked_this_round) waiting.push_back(seat);
  }
  return ClosestWaiting(waiting, standings, options_.Tolerance());
}

bool PpolfState::CloserRulingPossible() const {
  return !TeeingOff() && !putting_out_ && !ruled_next_ && NextFlickers().size() > 1;
}

std::vector<int> PpolfState::Actors() const {
  if (awaiting_putt_ruling_) return SeatsWithLie(Lie::kInPlay);
  return NextFlickers();
}

bool PpolfState::IsTerminal() const { return hole_ == kHoleCount; }

std::vector<int> PpolfState::Winners() const {
  if (!IsTerminal()) return {};
  std::vector<int> totals;
  for (const auto& holes : scores_) totals.push_back(*SumOfHoles(holes, 0, kHoleCount));
  const int best = *std::min_element(totals.begin(), totals.end());
  std::vector<int> winners;
  for (int seat = 0; seat < NumPlayers(); ++seat) {
    if (totals[static_cast<size_t>(seat)] == best) winners.push_back(seat);
  }
  return winners;
}

// ---------------------------------------------------------------- actions

void PpolfState::DoApply(const Json& body) {
  const std::string type = body["type"].get<std::string>();
  const auto& players = game().setup().players;
  if (type == "layout") return ApplyLayout(ParseLayout(body, players, options_));
  if (type == "ruling") return ApplyRuling(ParseRuling(body, players));
  if (type != "flick") {
    throw RuleError("unknown action type '" + type + "'; legal now: " + WhatIsLegalNow());
  }
  if (awaiting_putt_ruling_) {
    throw RuleError("no flick yet: the table must first rule whether " +
                    Name(*awaiting_putt_ruling_) +
                    "'s coin is within two tile widths; legal now: " + WhatIsLegalNow());
  }
  ApplyFlick(ParseFlick(body, players, options_));
}

void PpolfState::CheckFlickAllowed(const Flick& flick) const {
  const std::vector<int> next = NextFlickers();
  if (std::find(next.begin(), next.end(), flick.seat) == next.end()) {
    throw RuleError(Name(flick.seat) + " may not flick now; legal now: " + WhatIsLegalNow());
  }
  if (flick.hit && flick.putt_out) {
    throw RuleError("\"putt_out\" describes a coin that missed; drop it when \"hit\" is true");
  }
  auto check_other_coin = [&](int seat, const std::string& what) {
    if (seat == flick.seat) {
      throw RuleError("\"" + what + "\" lists " + Name(seat) +
                      ", the player flicking; use \"off_table\" or \"hit\" for their own coin");
    }
    if (Player(seat).lie != Lie::kInPlay) {
      throw RuleError("\"" + what + "\" lists " + Name(seat) +
                      ", whose coin is not on the table (" + LieName(Player(seat).lie) + ")");
    }
  };
  for (int seat : flick.knocked_off) check_other_coin(seat, "knocked_off");
  for (int seat : flick.knocked_in) {
    check_other_coin(seat, "knocked_in");
    if (std::find(flick.knocked_off.begin(), flick.knocked_off.end(), seat) !=
        flick.knocked_off.end()) {
      throw RuleError(Name(seat) +
                      "'s coin cannot be knocked both off the table and into the hole");
    }
  }
}

void PpolfState::CheckCoinsInPlay(const std::vector<SeatedCoin>& coins) const {
  for (const auto& coin : coins) {
    if (Player(coin.seat).lie != Lie::kInPlay) {
      throw RuleError("\"coins\" places " + Name(coin.seat) +
                      "'s coin, which is not on the table (" + LieName(Player(coin.seat).lie) +
                      ")");
    }
  }
}

void PpolfState::PlaceCoins(const std::vector<SeatedCoin>& coins) {
  CheckCoinsInPlay(coins);
  for (const auto& coin : coins) Player(coin.seat).coin = coin.sighting;
}

void PpolfState::ApplyFlick(Flick flick) {
  // The camera reports which course tiles the coin touched; only the target hole counts.
  flick.hit = flick.hit || std::find(flick.touched.begin(), flick.touched.end(),
                                     TargetTile(hole_)) != flick.touched.end();
  CheckFlickAllowed(flick);
  PlayerOnHole& player = Player(flick.seat);
  const bool started_within =
      player.lie == Lie::kInPlay &&
      ClassifyPuttRange(StandingOfSeat(flick.seat), options_) == PuttRange::kWithin;
  player.lie = Lie::kInPlay;
  player.flicks += 1;
  player.penalties += flick.PenaltyFlicks();
  player.flicked_this_round = !TeeingOff();
  player.coin.reset();  // it moved; where to is known only from "coins"
  ruled_next_.reset();
  if (flick.hole) Hole() = flick.hole;
  for (int seat : flick.knocked_in) FinishHoleFor(seat);
  if (flick.hit) FinishHoleFor(flick.seat);
  PlaceCoins(flick.coins);
  if (!flick.hit) DecidePuttOut(flick.seat, started_within, flick.putt_out);
  Advance();
}

void PpolfState::DecidePuttOut(int seat, bool started_within, std::optional<bool> players_word) {
  if (putting_out_ == seat) return;  // a putt-out goes on until the coin hits
  const std::optional<Standing> standing = StandingOfSeat(seat);
  const PuttRange range = ClassifyPuttRange(standing, options_);
  if (players_word && ((range == PuttRange::kWithin && !*players_word) ||
                       (range == PuttRange::kBeyond && *players_word))) {
    throw RuleError("\"putt_out\": " + Json(*players_word).dump() +
                    " contradicts the camera: " + Name(seat) + "'s coin rests " +
                    Millimetres(standing->gap_mm) + " from the hole, two tile widths being " +
                    Millimetres(options_.PuttOutRangeMm()) +
                    "; drop the flag or correct the positions");
  }
  if (TeeingOff() && !options_.putt_out_on_tee_off) return;
  if (started_within || range == PuttRange::kWithin || players_word.value_or(false)) {
    putting_out_ = seat;
  } else if (range == PuttRange::kTooCloseToCall && !players_word) {
    awaiting_putt_ruling_ = seat;
  }
}

void PpolfState::ApplyLayout(const Layout& layout) {
  for (const auto& placed : layout.tiles) tiles_.at(static_cast<size_t>(placed.tile)) = placed.pose;
  PlaceCoins(layout.coins);
  const auto in_play = SeatsWithLie(Lie::kInPlay);
  const bool round_untouched =
      !TeeingOff() && !putting_out_ && std::none_of(in_play.begin(), in_play.end(), [&](int seat) {
        return Player(seat).flicked_this_round;
      });
  if (round_untouched) StartRound(round_);  // the order is taken from the new measurements
}

void PpolfState::ApplyRuling(const Ruling& ruling) {
  if (awaiting_putt_ruling_) {
    if (!ruling.putt_out) {
      throw RuleError("the pending ruling is whether " + Name(*awaiting_putt_ruling_) +
                      "'s coin is within two tile widths: send {\"type\":\"ruling\",\"putt_out\":"
                      "true|false}");
    }
    if (*ruling.putt_out) putting_out_ = awaiting_putt_ruling_;
    awaiting_putt_ruling_.reset();
    Advance();
    return;
  }
  if (ruling.putt_out || !CloserRulingPossible()) {
    throw RuleError("no ruling is pending; legal now: " + WhatIsLegalNow());
  }
  const std::vector<int> closest = NextFlickers();
  if (std::find(closest.begin(), closest.end(), *ruling.closer) == closest.end()) {
    throw RuleError(Name(*ruling.closer) +
                    " is not among the closest coins; the ruling is between " + NamesOf(closest));
  }
  ruled_next_ = ruling.closer;
}

// ---------------------------------------------------------------- progress

void PpolfState::FinishHoleFor(int seat) {
  PlayerOnHole& player = Player(seat);
  player.lie = Lie::kHoled;
  player.coin.reset();
  scores_.at(static_cast<size_t>(seat)).at(static_cast<size_t>(hole_)) = player.Count();
  if (putting_out_ == seat) putting_out_.reset();
}

void PpolfState::Advance() {
  if (awaiting_putt_ruling_) return;
  if (static_cast<int>(SeatsWithLie(Lie::kHoled).size()) == NumPlayers()) {
    StartHole(hole_ + 1);
    return;
  }
  if (putting_out_) return;
  if (TeeingOff()) {
    if (SeatsWithLie(Lie::kToTeeOff).empty()) StartRound(1);
    return;
  }
  if (NextFlickers().empty()) StartRound(round_ + 1);
}

void PpolfState::StartRound(int round) {
  round_ = round;
  ruled_next_.reset();
  for (int seat : SeatsWithLie(Lie::kInPlay)) {
    Player(seat).flicked_this_round = false;
    Player(seat).standing = StandingOfSeat(seat);
  }
}

void PpolfState::StartHole(int hole) {
  hole_ = hole;
  round_ = 0;
  players_.assign(static_cast<size_t>(NumPlayers()), PlayerOnHole{});
  putting_out_.reset();
  awaiting_putt_ruling_.reset();
  ruled_next_.reset();
}

// ---------------------------------------------------------------- views

std::string PpolfState::NamesOf(const std::vector<int>& seats) const {
  return JoinChoices(Names(seats));
}

std::string PpolfState::WhatIsLegalNow() const {
  if (awaiting_putt_ruling_) {
    return "a ruling whether " + Name(*awaiting_putt_ruling_) +
           " putts out ({\"type\":\"ruling\",\"putt_out\":true|false}) or a layout";
  }
  std::string legal = "a flick by " + NamesOf(NextFlickers());
  if (CloserRulingPossible()) legal += ", a ruling naming who is closer";
  return legal + " or a layout";
}

TilePose PpolfState::ExampleHolePose() const {
  return Hole().value_or(TilePose{{600.0, 400.0}, 0.0, 0.3});
}

Json PpolfState::FlickExample(int seat) const {
  const TilePose hole = ExampleHolePose();
  const Vec2 resting = hole.at + Vec2{3.0 * options_.tile_width_mm, 0.0};
  Json example = {
      {"type", "flick"},
      {"player", Name(seat)},
      {"coins",
       Json::array({{{"player", Name(seat)}, {"at", rules::ToJson(resting)}, {"sigma_mm", 0.5}}})}};
  if (!Hole()) example["hole"] = ToJson(hole);
  return example;
}

std::vector<LegalAction> PpolfState::FlickActions(int seat) const {
  const std::string who = Name(seat);
  const std::string hole = HoleTitle(hole_, options_);
  const Json base = {{"type", "flick"}, {"player", who}};
  auto with = [&](const char* key, bool value) {
    Json action = base;
    action[key] = value;
    return action;
  };
  std::vector<LegalAction> actions = {
      {base, who + " flicks and misses the " + hole},
      {with("hit", true), who + " flicks and hits the " + hole},
      {with("off_table", true), who + " flicks the coin off the table (a penalty flick)"},
      {FlickExample(seat), who + " flicks (camera: resting positions)", true}};
  if (putting_out_ != seat) {
    actions.push_back({with("putt_out", true), who + " misses within two tile widths: putts out"});
  }
  return actions;
}

std::vector<LegalAction> PpolfState::LegalActions() const {
  if (IsTerminal()) return {};
  std::vector<LegalAction> actions;
  if (awaiting_putt_ruling_) {
    const std::string who = Name(*awaiting_putt_ruling_);
    actions.push_back(
        {{{"type", "ruling"}, {"putt_out", true}},
         "Ruling: " + who + "'s coin is within two tile widths; " + who + " putts out"});
    actions.push_back({{{"type", "ruling"}, {"putt_out", false}},
                       "Ruling: " + who + "'s coin is beyond two tile widths"});
  }
  for (int seat : NextFlickers()) {
    for (auto& action : FlickActions(seat)) actions.push_back(std::move(action));
  }
  if (CloserRulingPossible()) {
    for (int seat : NextFlickers()) {
      actions.push_back({{{"type", "ruling"}, {"closer", Name(seat)}},
                         "Ruling: " + Name(seat) + " is closest and flicks next"});
    }
  }
  actions.push_back({{{"type", "layout"},
                      {"tiles", Json::array({HoleTileJson(hole_, ExampleHolePose(), options_)})}},
                     "Camera: where the course tiles (and coins) lie",
                     true});
  return actions;
}

ScoreTable PpolfState::Scorecard() const {
  ScoreTable table = PaperScorecard(game().setup().players, scores_, options_);
  table.details = Details();
  return table;
}

Json PpolfState::Details() const {
  Json players = Json::array();
  for (int seat = 0; seat < NumPlayers(); ++seat) {
    const PlayerOnHole& player = Player(seat);
    const auto standing = StandingOfSeat(seat);
    players.push_back(
        {{"name", Name(seat)},
         {"state", LieName(player.lie)},
         {"flicks", player.flicks},
         {"penalties", player.penalties},
         {"count", player.Count()},
         {"gap_mm", standing ? Json(standing->gap_mm) : Json()},
         {"game_total",
          SumOfHoles(scores_[static_cast<size_t>(seat)], 0, kHoleCount).value_or(0)}});
  }
  Json details = {
      {"hole_number", IsTerminal() ? Json() : Json(hole_ + 1)},
      {"hole", IsTerminal() ? Json() : Json(HoleTitle(hole_, options_))},
      {"tee", IsTerminal() ? Json() : Json(TileTitle(TeeTile(hole_), options_))},
      {"round", round_},
      {"putting_out", putting_out_ ? Json(Name(*putting_out_)) : Json()},
      {"putt_out_ruling_for", awaiting_putt_ruling_ ? Json(Name(*awaiting_putt_ruling_)) : Json()},
      {"next", Names(NextFlickers())},
      {"players", players}};
  if (NumPlayers() == 1) details["par"] = options_.par;
  return details;
}

std::string PpolfState::StatusLine() const {
  if (IsTerminal()) {
    const std::vector<int> winners = Winners();
    const int total = *SumOfHoles(scores_[static_cast<size_t>(winners.front())], 0, kHoleCount);
    if (NumPlayers() == 1) {
      return "Game over: " + Name(0) + " played the course in " + std::to_string(total) +
             " flicks (" + AgainstPar(total, options_.par) + " against par " +
             std::to_string(options_.par) + ")";
    }
    return "Game over: " + JoinChoices(Names(winners), "and") +
           (winners.size() > 1 ? " share the win with " : " wins with ") + std::to_string(total) +
           " flicks";
  }
  std::string line = "Hole " + std::to_string(hole_ + 1) + " (" + HoleTitle(hole_, options_) + ")" +
                     (TeeingOff() ? ", tee-off from the " + TileTitle(TeeTile(hole_), options_)
                                  : ", round " + std::to_string(round_)) +
                     ": ";
  if (awaiting_putt_ruling_) {
    line += "ruling needed: is " + Name(*awaiting_putt_ruling_) +
            "'s coin within two tile widths of the hole?";
  } else if (putting_out_) {
    line += Name(*putting_out_) + " putts out";
  } else {
    const std::vector<int> next = NextFlickers();
    line += NamesOf(next) + (TeeingOff() ? " tees off" : " flicks next");
    if (next.size() > 1) line += " (too close to call or not measured: the table decides)";
  }
  std::vector<std::string> counts;
  for (int seat : TeeOrder()) {
    counts.push_back(Name(seat) + " " + std::to_string(Player(seat).Count()));
  }
  return line + "; flicks this hole: " + JoinChoices(counts, "and");
}

Json PpolfState::Snapshot() const {
  Json players = Json::array();
  for (const auto& player : players_) {
    players.push_back({{"lie", LieName(player.lie)},
                       {"flicks", player.flicks},
                       {"penalties", player.penalties},
                       {"coin", OptionalJson(player.coin)},
                       {"flicked_this_round", player.flicked_this_round},
                       {"standing", OptionalJson(player.standing)}});
  }
  Json scores = Json::array();
  for (const auto& holes : scores_) {
    Json row = Json::array();
    for (const auto& flicks : holes) row.push_back(flicks ? Json(*flicks) : Json());
    scores.push_back(row);
  }
  Json tiles = Json::array();
  for (const auto& tile : tiles_) tiles.push_back(OptionalJson(tile));
  return {{"hole", hole_},
          {"round", round_},
          {"players", players},
          {"scores", scores},
          {"tiles", tiles},
          {"putting_out", OptionalSeat(putting_out_)},
          {"awaiting_putt_ruling", OptionalSeat(awaiting_putt_ruling_)},
          {"ruled_next", OptionalSeat(ruled_next_)}};
}

void PpolfState::CheckInvariants() const {
  auto require = [](bool holds, const std::string& what) {
    if (!holds) throw std::logic_error("ppolf invariant broken: " + what);
  };
  require(hole_ >= 0 && hole_ <= kHoleCount, "hole out of range");
  require(round_ >= 0, "negative round");
  for (int seat = 0; seat < NumPlayers(); ++seat) {
    const PlayerOnHole& player = Player(seat);
    const auto& holes = scores_[static_cast<size_t>(seat)];
    for (int hole = 0; hole < kHoleCount; ++hole) {
      const auto& recorded = holes[static_cast<size_t>(hole)];
      const bool should_be_recorded = hole < hole_ || (hole == hole_ && player.lie == Lie::kHoled);
      require(recorded.has_value() == should_be_recorded, "score recorded out of turn");
      require(!recorded || *recorded >= 1, "a hole takes at least one flick");
    }
    require(player.flicks >= 0 && player.penalties >= 0, "negative flick count");
    require(player.lie != Lie::kToTeeOff || player.Count() == 0, "flicks before teeing off");
    require(player.lie == Lie::kInPlay || !player.coin, "a coin off the course has a position");
    require(!TeeingOff() || !player.flicked_this_round, "a round flick while teeing off");
  }
  for (const auto& seat : {putting_out_, awaiting_putt_ruling_, ruled_next_}) {
    require(!seat || Player(*seat).lie == Lie::kInPlay, "the player to act is not in play");
  }
}

}  // namespace tabref::rules::ppolf
