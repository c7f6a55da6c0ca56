#include "rules/core/state.h"

#include <gtest/gtest.h>

#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"

namespace tabref::rules {
namespace {

// A tiny race game for testing the State machinery: players take turns adding 1 to 3 to a
// shared total; whoever reaches 10 wins.
class RaceState : public StateBase<RaceState> {
 public:
  using StateBase::StateBase;

  std::vector<int> Actors() const override {
    return IsTerminal() ? std::vector<int>{} : std::vector<int>{turn_};
  }
  std::vector<LegalAction> LegalActions() const override {
    std::vector<LegalAction> actions;
    for (int step = 1; step <= 3; ++step) {
      actions.push_back({{{"type", "add"}, {"amount", step}}, "add " + std::to_string(step)});
    }
    return actions;
  }
  Json RandomAction(Rng& rng) const override {
    return {{"type", "add"}, {"amount", 1 + static_cast<int>(rng() % 3)}};
  }
  bool IsTerminal() const override { return total_ >= 10; }
  std::vector<int> Winners() const override {
    return IsTerminal() ? std::vector<int>{last_} : std::vector<int>{};
  }
  ScoreTable Scorecard() const override {
    return {"Race", {"total"}, {{"Total", {std::to_string(total_)}, true}}, {}};
  }
  std::string StatusLine() const override { return game().PlayerName(turn_) + " to add"; }
  Json Snapshot() const override { return {{"total", total_}, {"turn", turn_}, {"last", last_}}; }
  void CheckInvariants() const override {
    if (total_ > 12) throw std::logic_error("total above 12");
  }

 protected:
  void DoApply(const Json& body) override {
    FieldReader reader(body, "action 'add'");
    if (body["type"] != "add") throw RuleError("only 'add' is allowed");
    // Mutates before validating, to show that a refused action still changes nothing.
    last_ = turn_;
    total_ += reader.Int("amount", -100, 100);
    const int amount = body["amount"];
    if (amount < 1 || amount > 3) throw RuleError("add 1, 2 or 3");
    reader.RejectUnknown();
    turn_ = (turn_ + 1) % game().NumPlayers();
  }

 private:
  int total_ = 0;
  int turn_ = 0;
  int last_ = -1;
};

class RaceGame : public Game {
 public:
  using Game::Game;
  std::unique_ptr<State> NewInitialState() const override {
    return std::make_unique<RaceState>(shared_from_this());
  }
  Json ResolvedOptions() const override { return Json::object(); }
};

std::shared_ptr<const Game> MakeRace() {
  return std::make_shared<RaceGame>(GameSetup{"race", {"Ann", "Bob"}, {}, Json::object()});
}

TEST(State, ApplyRecordsHistoryAndAdvances) {
  auto state = MakeRace()->NewInitialState();
  state->Apply({{"type", "add"}, {"amount", 3}}, ActionSource::kVision);
  ASSERT_EQ(state->History().size(), 1u);
  EXPECT_EQ(state->History()[0].source, ActionSource::kVision);
  EXPECT_EQ(state->StatusLine(), "Bob to add");
}

TEST(State, RefusedActionLeavesStateUnchanged) {
  auto state = MakeRace()->NewInitialState();
  state->Apply({{"type", "add"}, {"amount", 2}});
  const Json before = state->Snapshot();
  EXPECT_THROW(state->Apply({{"type", "add"}, {"amount", 7}}), RuleError);
  EXPECT_THROW(state->Apply({{"type", "add"}, {"amount", 1}, {"extra", 1}}), RuleError);
  EXPECT_THROW(state->Apply(Json{{"amount", 1}}), RuleError);
  EXPECT_EQ(state->Snapshot(), before);
  EXPECT_EQ(state->History().size(), 1u);
}

TEST(State, CheckRefusesExactlyWhatApplyRefusesAndChangesNothing) {
  auto state = MakeRace()->NewInitialState();
  state->Apply({{"type", "add"}, {"amount", 2}});
  const Json before = state->Snapshot();
  EXPECT_NO_THROW(state->Check({{"type", "add"}, {"amount", 3}}));
  EXPECT_THROW(state->Check({{"type", "add"}, {"amount", 4}}), RuleError);
  EXPECT_THROW(state->Check({{"amount", 1}}), RuleError);
  EXPECT_EQ(state->Snapshot(), before);
  EXPECT_EQ(state->History().size(), 1u);
}

TEST(State, CloneCarriesTheHistoryAndIsIndependent) {
  auto state = MakeRace()->NewInitialState();
  state->Apply({{"type", "add"}, {"amount", 2}});
  auto copy = state->Clone();
  copy->Apply({{"type", "add"}, {"amount", 3}});
  EXPECT_EQ(state->History().size(), 1u);
  EXPECT_EQ(copy->History().size(), 2u);
  EXPECT_EQ(state->Snapshot()["total"], 2);
  EXPECT_EQ(copy->Snapshot()["total"], 5);
  copy->Undo();
  EXPECT_EQ(copy->Snapshot(), state->Snapshot());
  EXPECT_EQ(copy->History(), state->History());
}

TEST(State, UndoEqualsReplayOfTheShorterHistory) {
  auto state = MakeRace()->NewInitialState();
  for (int amount : {1, 3, 2}) state->Apply({{"type", "add"}, {"amount", amount}});
  state->Undo();
  EXPECT_EQ(state->Snapshot(), Replay(MakeRace(), {state->History()})->Snapshot());
  EXPECT_EQ(state->Snapshot(), (Json{{"total", 4}, {"turn", 0}, {"last", 1}}));
  state->Undo();
  state->Undo();
  EXPECT_THROW(state->Undo(), RuleError);
}

TEST(State, NoActionIsAcceptedAfterTheEnd) {
  auto state = MakeRace()->NewInitialState();
  for (int amount : {3, 3, 3, 1}) state->Apply({{"type", "add"}, {"amount", amount}});
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Bob"});
  EXPECT_THROW(state->Apply({{"type", "add"}, {"amount", 1}}), RuleError);
}

TEST(State, ReplayNamesTheRefusedAction) {
  const std::vector<Action> actions = {Action{{{"type", "add"}, {"amount", 1}}},
                                       Action{{{"type", "add"}, {"amount", 9}}}};
  try {
    Replay(MakeRace(), actions);
    FAIL() << "replay accepted an illegal action";
  } catch (const RuleError& error) {
    EXPECT_STREQ(error.what(), "action 2 (add) is not allowed: add 1, 2 or 3");
  }
}

TEST(State, LogJsonRoundTripsThroughActions) {
  auto state = MakeRace()->NewInitialState();
  state->Apply({{"type", "add"}, {"amount", 2}}, ActionSource::kCorrection);
  const Json log = state->ToLogJson();
  EXPECT_EQ(log["format"], "tabref-game-log");
  EXPECT_EQ(log["players"], Json::array({"Ann", "Bob"}));
  EXPECT_EQ(log["actions"][0], (Json{{"type", "add"}, {"amount", 2}, {"source", "correction"}}));
  EXPECT_EQ(Action::FromJson(log["actions"][0]), state->History()[0]);
  EXPECT_EQ(state->Summary()["to_act"], Json::array({"Bob"}));
}

TEST(Action, RejectsMalformedEntries) {
  EXPECT_THROW(Action::FromJson(Json::parse("[]")), RuleError);
  EXPECT_THROW(Action::FromJson(Json::parse(R"({"amount": 1})")), RuleError);
  EXPECT_THROW(Action::FromJson(Json::parse(R"({"type": "add", "source": "robot"})")), RuleError);
}

TEST(GameSetup, MalformedTeamsNameTheField) {
  const Json team_as_text = Json::parse(
      R"({"game": "bocce", "players": ["A", "B"], "teams": [{"name": "T", "players": "A"}]})");
  try {
    GameSetup::FromJson(team_as_text);
    FAIL();
  } catch (const RuleError& error) {
    EXPECT_STREQ(error.what(), "team: field \"players\" must be a list of player names");
  }
  EXPECT_THROW(
      GameSetup::FromJson(Json::parse(R"({"game": "bocce", "players": ["A"], "teams": 3})")),
      RuleError);
}

TEST(GameSetup, ChecksPlayersAndTeams) {
  GameSetup setup{"race", {"Ann", "Ann"}, {}, Json::object()};
  EXPECT_THROW(setup.CheckPlayers(2, 4), RuleError);
  setup.players = {"Ann"};
  EXPECT_THROW(setup.CheckPlayers(2, 4), RuleError);
  const Json json = Json::parse(
      R"({"game": "bocce", "players": ["Ann", "Bob"], "teams": [{"name": "Suns", "players": ["Cid"]}]})");
  EXPECT_THROW(GameSetup::FromJson(json), RuleError);
  const GameSetup ok = GameSetup::FromJson(Json::parse(
      R"({"game": "bocce", "players": ["Ann", "Bob"], "teams": [{"name": "Suns", "players": ["Bob"]}]})"));
  EXPECT_EQ(ok.TeamOf(1), 0);
  EXPECT_EQ(ok.TeamOf(0), -1);
  EXPECT_EQ(GameSetup::FromJson(ok.ToJson()).ToJson(), ok.ToJson());
}

}  // namespace
}  // namespace tabref::rules
