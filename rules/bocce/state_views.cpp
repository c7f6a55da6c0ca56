#include "rules/bocce/state.h"

namespace tabref::rules::bocce {
namespace {

const char* ToString(Phase phase) {
  switch (phase) {
    case Phase::kDrawLeader:
      return "draw_leader";
    case Phase::kPlaceJack:
      return "place_jack";
    case Phase::kBowls:
      return "bowls";
    case Phase::kEnterResult:
      return "enter_result";
    case Phase::kRuling:
      return "ruling";
    case Phase::kOver:
      break;
  }
  return "over";
}

Json ToJson(const RoundOutcome& outcome, const Sides& sides) {
  return {{"side", outcome.side == kNobody ? Json(nullptr) : Json(sides.Name(outcome.side))},
          {"points", outcome.points}};
}

Json ToJson(const RoundRecord& record, const Sides& sides) {
  Json json = {{"round", record.round},
               {"end", ToString(record.end)},
               {"leader", sides.Name(record.leader)},
               {"void", record.voided},
               {"decided_by", record.decided_by},
               {"totals", record.totals}};
  if (!record.voided) {
    json["outcome"] = ToJson(record.outcome, sides);
    json["bust"] = record.tally.bust;
  }
  return json;
}

// One score-sheet box: "+3 = 12" for the side that scored, "+4 bust -> 16" when the bust
// rule subtracted, the running total otherwise.
std::string ScoreCell(const RoundRecord& record, int side) {
  std::string total = std::to_string(record.totals[side]);
  if (record.voided) return "void";
  if (record.outcome.side != side) return total;
  const std::string points = "+" + std::to_string(record.outcome.points);
  return record.tally.bust ? points + " bust -> " + total : points + " = " + total;
}

template <typename T>
Json ListToJson(const std::vector<T>& items, const Sides& sides) {
  Json list = Json::array();
  for (const T& item : items) list.push_back(ToJson(item, sides));
  return list;
}

Json Distances(const Layout& layout) {
  Json distances = Json::array();
  for (const auto& bowls : layout.bowls) {
    Json side = Json::array();
    for (const Coin& bowl : bowls) side.push_back(Distance(layout.jack->position, bowl.position));
    distances.push_back(side);
  }
  return distances;
}

}  // namespace

// ----- Text --------------------------------------------------------------------------------

std::string BocceState::ScoreText() const {
  return "score " + sides().Name(0) + " " + std::to_string(totals_[0]) + " - " + sides().Name(1) +
         " " + std::to_string(totals_[1]);
}

std::string BocceState::RoundText() const {
  return "Round " + std::to_string(round_) + " (" + ToString(bocce().EndOfRound(round_)) + " end)";
}

std::string BocceState::SeatText(int seat) const {
  const int side = sides().SideOfSeat(seat);
  return game().PlayerName(seat) + " (" + sides().Name(side) +
         (side == leader_ ? ", leader)" : ")");
}

std::string BocceState::StatusLine() const {
  const std::string score = "; " + ScoreText();
  switch (phase_) {
    case Phase::kDrawLeader:
      return "Draw the first leader at random: " + JoinChoices({sides().Name(0), sides().Name(1)});
    case Phase::kPlaceJack:
      return RoundText() + ": " + SeatText(JackPlacers().front()) + " flicks the jack" +
             (failed_jacks_ > 0 ? " again (attempt " + std::to_string(failed_jacks_ + 1) + ")"
                                : "") +
             score;
    case Phase::kBowls:
      return RoundText() + ": " + SeatText(ExpectedBowler()) + " flicks bowl " +
             std::to_string(bowls_flicked_[SideToFlick()] + 1) + " of " +
             std::to_string(kBowlsPerSide) + score;
    case Phase::kEnterResult:
      return RoundText() +
             ": all bowls played; enter the result: " + DescribeAll(open_outcomes_, sides()) +
             score;
    case Phase::kRuling:
      return RoundText() + ": too close to call; rule " + DescribeAll(open_outcomes_, sides()) +
             score;
    case Phase::kOver:
      break;
  }
  return sides().Name(winner_) + " win " + std::to_string(totals_[winner_]) + " - " +
         std::to_string(totals_[OtherSide(winner_)]) + " after " + std::to_string(round_) +
         " rounds";
}

// ----- Scorecard and snapshot --------------------------------------------------------------

ScoreTable BocceState::Scorecard() const {
  const Options& options = bocce().options();
  ScoreTable table;
  table.title = "Tabletop Bocce: first to " + std::string(options.bust_rule ? "exactly " : "") +
                std::to_string(options.target);
  table.columns = {sides().Name(0), sides().Name(1)};
  for (const RoundRecord& record : rounds_) {
    table.rows.push_back({"Round " + std::to_string(record.round) + ": " + ToString(record.end) +
                              " end, " + sides().Name(record.leader) + " lead" +
                              (record.voided ? ", jack out" : ""),
                          {ScoreCell(record, 0), ScoreCell(record, 1)}});
  }
  table.rows.push_back({"Total", {std::to_string(totals_[0]), std::to_string(totals_[1])}, true});

  Json side_details = Json::array();
  for (int side = 0; side < 2; ++side) {
    side_details.push_back({{"name", sides().Name(side)},
                            {"players", Names(sides()[side].members)},
                            {"total", totals_[side]},
                            {"bowls_flicked", bowls_flicked_[side]},
                            {"bowls_in_play", bowls_in_play_[side]}});
  }
  const bool started = phase_ != Phase::kDrawLeader;
  table.details = {
      {"phase", ToString(phase_)},
      {"round", round_},
      {"end", ToString(bocce().EndOfRound(round_))},
      {"leader", started ? Json(sides().Name(leader_)) : Json(nullptr)},
      {"target", options.target},
      {"bust_rule", options.bust_rule},
      {"sides", side_details},
      {"failed_jacks", failed_jacks_},
      {"jack_placer", jack_placer_ < 0 ? Json(nullptr) : Json(game().PlayerName(jack_placer_))},
      {"layout", layout_ ? ToJson(*layout_, sides()) : Json(nullptr)},
      {"distances_to_jack", layout_ ? Distances(*layout_) : Json(nullptr)},
      {"open_outcomes", ListToJson(open_outcomes_, sides())},
      {"rounds", ListToJson(rounds_, sides())},
      {"winner", winner_ == kNobody ? Json(nullptr) : Json(sides().Name(winner_))},
      {"court", court().ToJson()}};
  return table;
}

Json BocceState::Snapshot() const {
  return {{"phase", ToString(phase_)},
          {"round", round_},
          {"leader", leader_},
          {"totals", totals_},
          {"failed_jacks", failed_jacks_},
          {"jack_placer", jack_placer_},
          {"bowls_flicked", bowls_flicked_},
          {"bowls_in_play", bowls_in_play_},
          {"bowls_by_seat", bowls_by_seat_},
          {"layout", layout_ ? ToJson(*layout_, sides()) : Json(nullptr)},
          {"open_outcomes", ListToJson(open_outcomes_, sides())},
          {"rounds", ListToJson(rounds_, sides())},
          {"winner", winner_}};
}

// ----- Legal actions -----------------------------------------------------------------------

Layout BocceState::StandInLayout(const Coin& jack,
                                 const std::function<Coin(int side, int index)>& place_bowl) const {
  Layout layout{jack, {}};
  for (int side = 0; side < 2; ++side) {
    for (int i = 0; i < bowls_in_play_[side]; ++i)
      layout.bowls[side].push_back(place_bowl(side, i));
  }
  return layout;
}

Layout BocceState::ExampleLayout() const {
  const Vec2 centre = court().Centre();
  const double along = court().Along(centre);
  const double across = court().Across(centre);
  const double spacing = 2.0 * court().coin_radius();
  // Without a measured layout: the first side's bowls in a row on one side of the jack, the
  // second side's on the other.
  Layout layout = layout_ ? *layout_ : StandInLayout({centre, 0.5}, [&](int side, int index) {
    const double offset = (side == 0 ? -1.0 : 1.0) * spacing * (index + 1);
    return Coin{court().PointAt(along + offset, across), 0.5};
  });
  const double aside = bowls_flicked_[SideToFlick()] % 2 == 0 ? spacing : -spacing;
  layout.bowls[SideToFlick()].push_back({court().PointAt(along, across + aside), 0.5});
  return layout;
}

Json BocceState::MeasuredBowlAction(const Layout& layout) const {
  Json action = ToJson(layout, sides());
  action["type"] = "bowl";
  return action;
}

std::vector<LegalAction> BocceState::LegalActions() const {
  std::vector<LegalAction> legal;
  const auto add = [&legal](Json action, std::string label, bool measured = false) {
    legal.push_back({std::move(action), std::move(label), measured});
  };
  switch (phase_) {
    case Phase::kDrawLeader:
      for (int side = 0; side < 2; ++side) {
        add({{"type", "leader"}, {"side", sides().Name(side)}},
            sides().Name(side) + " lead the first round (drawn at random)");
      }
      break;
    case Phase::kPlaceJack:
      add({{"type", "jack"}, {"position", rules::ToJson(court().Centre())}, {"sigma_mm", 0.5}},
          "The jack came to rest here (camera)", true);
      add({{"type", "jack"}, {"position", nullptr}}, "The jack left the table: flick it again");
      add({{"type", "jack"}, {"valid", true}},
          "The jack is placed past the dashed line, in bounds");
      add({{"type", "jack"}, {"valid", false}}, "The jack is short or out: flick it again");
      for (int seat : JackPlacers()) {
        add({{"type", "jack"}, {"valid", true}, {"player", game().PlayerName(seat)}},
            game().PlayerName(seat) + " placed the jack");
      }
      break;
    case Phase::kBowls:
      add(MeasuredBowlAction(ExampleLayout()), "The coins came to rest here (camera)", true);
      add({{"type", "bowl"}}, "The bowl was flicked and stayed in bounds");
      add({{"type", "bowl"}, {"out", true}}, "The bowl went out of bounds");
      add({{"type", "bowl"}, {"jack_out", true}}, "The jack was knocked out: the round is void");
      for (int side = 0; side < 2; ++side) {
        if (bowls_in_play_[side] == 0) continue;
        add({{"type", "bowl"}, {"knocked_out", {{sides().Name(side), 1}}}},
            "The bowl knocked a " + sides().Name(side) + " bowl out of bounds");
      }
      for (int seat : EligibleBowlers()) {
        add({{"type", "bowl"}, {"player", game().PlayerName(seat)}},
            game().PlayerName(seat) + " flicked the bowl, in bounds");
      }
      break;
    case Phase::kEnterResult:
    case Phase::kRuling:
      for (const RoundOutcome& outcome : open_outcomes_) {
        add(OutcomeAction(LegalType(), outcome, sides()),
            outcome.side == kNobody ? "Nobody scores" : Describe(outcome, sides()) + " points");
      }
      break;
    case Phase::kOver:
      break;
  }
  return legal;
}

}  // namespace tabref::rules::bocce
