// Scenario tests for Tabletop Bocce, one per rule of the rulebook
// (/work/shared/rulebooks/001_6399a8131e2ac08c.txt). The default court lies along x from
// 100 to 1217.6 mm and across y from 100 to 252.4 mm; its dashed lines are at x = 150.8
// (near end) and x = 1166.8 (far end); coins are 19.05 mm across.
#include "rules/bocce/bocce.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/rule_error.h"
#include "rules/core/state.h"

namespace tabref::rules::bocce {
namespace {

constexpr double kMidY = 176.2;
constexpr double kJackX = 600.0;

GameSetup SetupOf(std::vector<std::string> players, Json options = Json::object(),
                  std::vector<Team> teams = {}) {
  GameSetup setup;
  setup.game = "bocce";
  setup.players = std::move(players);
  setup.teams = std::move(teams);
  setup.options = std::move(options);
  return setup;
}

GameSetup AnnVersusBob(Json options = Json::object()) {
  return SetupOf({"Ann", "Bob"}, std::move(options));
}

std::unique_ptr<State> Start(const GameSetup& setup, const std::string& leader) {
  auto state = MakeGame(setup)->NewInitialState();
  state->Apply({{"type", "leader"}, {"side", leader}});
  return state;
}

void ApplyAll(State& state, const std::vector<Json>& actions) {
  for (const Json& action : actions) state.Apply(action);
}

Json At(double x, double y = kMidY) { return Json::array({x, y}); }

Json JackAt(double x, double y = kMidY) {
  return {{"type", "jack"}, {"position", At(x, y)}, {"sigma_mm", 0.3}};
}

Json ValidJack() { return {{"type", "jack"}, {"valid", true}}; }

Json ManualBowl(Json flags = Json::object()) {
  flags["type"] = "bowl";
  return flags;
}

Json Observed(Json jack, Json suns, Json moons) {
  return {
      {"type", "bowl"}, {"jack", std::move(jack)}, {"bowls", {{"Suns", suns}, {"Moons", moons}}}};
}

Json Details(const State& state) { return state.Scorecard().details; }

std::vector<std::string> ActorNames(const State& state) { return state.Names(state.Actors()); }

// The bowls of a round but the last, flicked by hand and all in bounds.
void FlickSevenByHand(State& state) {
  for (int i = 0; i < 7; ++i) state.Apply(ManualBowl());
}

// A whole round entered by hand in which `side` scores `points`.
void PlayManualRound(State& state, const std::string& side, int points) {
  state.Apply(ValidJack());
  for (int i = 0; i < 8; ++i) state.Apply(ManualBowl());
  state.Apply({{"type", "result"}, {"side", side}, {"points", points}});
}

void ExpectRefused(State& state, const Json& action, const std::string& message_part) {
  const Json before = state.Snapshot();
  try {
    state.Apply(action);
    ADD_FAILURE() << "accepted: " << action.dump();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find(message_part), std::string::npos)
        << "message: " << error.what();
  }
  EXPECT_EQ(state.Snapshot(), before);
}

// ----- Setting up -------------------------------------------------------------------------

TEST(BocceSetup, SidesDefaultToSunsAndMoonsSplitInHalves) {
  auto state = MakeGame(SetupOf({"Ann", "Bob", "Cid", "Dan"}))->NewInitialState();
  const Json sides = Details(*state)["sides"];
  EXPECT_EQ(sides[0]["name"], "Suns");
  EXPECT_EQ(sides[0]["players"], Json({"Ann", "Bob"}));
  EXPECT_EQ(sides[1]["name"], "Moons");
  EXPECT_EQ(sides[1]["players"], Json({"Cid", "Dan"}));
}

TEST(BocceSetup, SidesAreNamedAfterTheTeams) {
  auto state = Start(SetupOf({"Ann", "Bob"}, {}, {{"Reds", {1}}, {"Blues", {0}}}), "Blues");
  EXPECT_EQ(state->Scorecard().columns, (std::vector<std::string>{"Reds", "Blues"}));
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Ann"});
}

TEST(BocceSetup, TwoFourOrEightPlayersInTwoEqualTeams) {
  EXPECT_THROW(MakeGame(SetupOf({"Ann"})), RuleError);
  for (auto players : {std::vector<std::string>{"A", "B", "C"},
                       std::vector<std::string>{"A", "B", "C", "D", "E", "F"}}) {
    try {
      MakeGame(SetupOf(players));
      ADD_FAILURE() << players.size() << " players accepted";
    } catch (const RuleError& error) {
      EXPECT_NE(std::string(error.what()).find("2, 4 or 8 players"), std::string::npos);
    }
  }
  const std::vector<std::string> four = {"Ann", "Bob", "Cid", "Dan"};
  EXPECT_THROW(MakeGame(SetupOf(four, {}, {{"Reds", {0}}, {"Blues", {1, 2, 3}}})), RuleError);
  EXPECT_THROW(MakeGame(SetupOf(four, {}, {{"Reds", {0, 1}}, {"Reds", {2, 3}}})), RuleError);
  EXPECT_THROW(MakeGame(SetupOf(four, {}, {{"A", {0}}, {"B", {1}}, {"C", {2, 3}}})), RuleError);
  EXPECT_THROW(MakeGame(SetupOf(four, {}, {{"Reds", {0}}, {"Blues", {1}}})), RuleError);
}

TEST(BocceSetup, GameTypeListsEveryOptionWithItsDefault) {
  const GameType type = GameTypeInfo();
  EXPECT_EQ(type.name, "bocce");
  EXPECT_TRUE(type.camera_refereed);
  EXPECT_TRUE(type.uses_teams);
  EXPECT_EQ(type.default_options, MakeGame(AnnVersusBob())->ResolvedOptions());
  EXPECT_EQ(type.default_options["target"], 21);
  EXPECT_EQ(type.default_options["bust_rule"], true);
  EXPECT_EQ(type.default_options["two_player_alternate_ends"], false);
  EXPECT_EQ(type.default_options["coin_diameter_mm"], 19.05);
}

TEST(BocceSetup, BadOptionsAreRefusedWithTheFieldNamed) {
  const std::vector<std::pair<Json, std::string>> cases = {
      {{{"targte", 21}}, "unknown field \"targte\""},
      {{{"target", 5}}, "between 7 and 99"},
      {{{"bust_rule", "yes"}}, "true or false"},
      {{{"axis", "z"}}, "must be x or y"},
      {{{"first_end", "middle"}}, "near or far"},
      {{{"dashed_line_mm", 120.0}}, "dashed_line_mm"},
      {{{"court_min", {500, 500}}, {"court_max", {400, 600}}}, "court_max"},
      {{{"court_min", "here"}}, "court_min"},
      {{{"court_max", {1000, 120}}, {"axis", "y"}}, "end boxes"},
      {{{"coin_diameter_mm", 0}}, "coin_diameter_mm"},
      {{{"close_call_mm", -1}}, "close_call_mm"},
  };
  for (const auto& [options, message] : cases) {
    try {
      MakeGame(AnnVersusBob(options));
      ADD_FAILURE() << "accepted " << options.dump();
    } catch (const RuleError& error) {
      EXPECT_NE(std::string(error.what()).find(message), std::string::npos) << error.what();
    }
  }
}

// ----- Leader and jack --------------------------------------------------------------------

TEST(BocceRules, FirstLeaderIsDrawnAtRandomAsTheFirstAction) {
  auto state = MakeGame(AnnVersusBob())->NewInitialState();
  EXPECT_EQ(state->Actors(), (std::vector<int>{0, 1}));
  EXPECT_EQ(state->LegalActions().size(), 2u);
  ExpectRefused(*state, ValidJack(), "legal now: leader");
  ExpectRefused(*state, {{"type", "leader"}, {"side", "Stars"}}, "the sides are Suns and Moons");
  state->Apply({{"type", "leader"}, {"side", "Moons"}});
  EXPECT_EQ(state->StatusLine(),
            "Round 1 (near end): Bob (Moons, leader) flicks the jack; "
            "score Suns 0 - Moons 0");
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Bob"});
}

TEST(BocceRules, JackMustPassTheDashedLineOrBeFlickedAgain) {
  auto state = Start(AnnVersusBob(), "Suns");
  state->Apply(JackAt(150.0));  // short of the line
  state->Apply(JackAt(160.0));  // centre past the line, but the coin still touches it
  EXPECT_EQ(Details(*state)["phase"], "place_jack");
  EXPECT_EQ(Details(*state)["failed_jacks"], 2);
  EXPECT_NE(state->StatusLine().find("flicks the jack again (attempt 3)"), std::string::npos);
  state->Apply(JackAt(161.0));
  EXPECT_EQ(Details(*state)["phase"], "bowls");
  EXPECT_EQ(Details(*state)["layout"]["jack"]["position"], At(161.0));
}

TEST(BocceRules, JackMustEndInBoundsOrBeFlickedAgain) {
  auto state = Start(AnnVersusBob(), "Suns");
  state->Apply(JackAt(1227.2));                             // completely past the far edge
  state->Apply({{"type", "jack"}, {"position", nullptr}});  // off the table
  state->Apply(JackAt(kJackX, 262.0));                      // off the long side
  EXPECT_EQ(Details(*state)["failed_jacks"], 3);
  state->Apply(JackAt(1226.0));  // overhangs the edge but is not completely outside
  EXPECT_EQ(Details(*state)["phase"], "bowls");
}

TEST(BocceRules, JackPlacementByHand) {
  auto state = Start(AnnVersusBob(), "Suns");
  state->Apply({{"type", "jack"}, {"valid", false}});
  EXPECT_EQ(Details(*state)["phase"], "place_jack");
  state->Apply(ValidJack());
  EXPECT_EQ(Details(*state)["phase"], "bowls");
  EXPECT_EQ(Details(*state)["layout"], nullptr);
  ExpectRefused(*state, ValidJack(), "legal now: bowl");
}

TEST(BocceRules, JackFromTheFarEndMustPassTheFarDashedLine) {
  auto state = Start(AnnVersusBob({{"first_end", "far"}}), "Suns");
  state->Apply(JackAt(1160.0));
  EXPECT_EQ(Details(*state)["phase"], "place_jack");
  state->Apply(JackAt(1157.0));
  EXPECT_EQ(Details(*state)["phase"], "bowls");
}

TEST(BocceRules, CourtCanRunAlongTheTableYAxis) {
  auto state =
      Start(AnnVersusBob({{"axis", "y"}, {"court_min", {200, 50}}, {"court_max", {352.4, 1167.6}}}),
            "Suns");
  state->Apply(JackAt(276.2, 105.0));  // behind the near dashed line at y = 100.8
  EXPECT_EQ(Details(*state)["phase"], "place_jack");
  state->Apply(JackAt(276.2, 600.0));
  EXPECT_EQ(Details(*state)["phase"], "bowls");
}

// ----- Flicking bowls ------------------------------------------------------------------------

TEST(BocceRules, NonLeaderFlicksFirstThenSidesAlternateFourBowlsEach) {
  auto state = Start(AnnVersusBob(), "Suns");
  state->Apply(JackAt(kJackX));
  std::vector<std::string> order;
  for (int i = 0; i < 8; ++i) {
    order.push_back(ActorNames(*state).front());
    if (i == 0) {
      EXPECT_EQ(state->StatusLine(),
                "Round 1 (near end): Bob (Moons) flicks bowl 1 of 4; "
                "score Suns 0 - Moons 0");
    }
    state->Apply(ManualBowl());
  }
  EXPECT_EQ(order,
            (std::vector<std::string>{"Bob", "Ann", "Bob", "Ann", "Bob", "Ann", "Bob", "Ann"}));
  EXPECT_EQ(Details(*state)["phase"], "enter_result");
}

TEST(BocceRules, BowlFlickedOutOfBoundsIsOutOfPlay) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  // Suns' only bowl near the jack lies just outside the long side: it does not count.
  state->Apply(Observed(At(kJackX), {At(kJackX + 20, 262.0)}, Json::array()));
  EXPECT_EQ(Details(*state)["sides"][0]["bowls_in_play"], 0);
  // A bowl overhanging the edge is still in bounds.
  state->Apply(Observed(At(kJackX), {At(kJackX + 20, 262.0)}, {At(kJackX + 50, 255.0)}));
  EXPECT_EQ(Details(*state)["sides"][1]["bowls_in_play"], 1);
}

TEST(BocceRules, BowlKnockedOutStaysOutOfPlayForTheRound) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  state->Apply(Observed(At(kJackX), {At(kJackX + 30)}, Json::array()));
  state->Apply(Observed(At(kJackX), {At(kJackX + 30, 270.0)}, {At(kJackX + 60)}));
  EXPECT_EQ(Details(*state)["sides"][0]["bowls_in_play"], 0);
  ExpectRefused(*state, Observed(At(kJackX), {At(kJackX + 30), At(kJackX + 90)}, {At(kJackX + 60)}),
                "out of play for the round");
  state->Apply(Observed(At(kJackX), {At(kJackX + 90)}, {At(kJackX + 60)}));
  EXPECT_EQ(Details(*state)["sides"][0]["bowls_in_play"], 1);
}

TEST(BocceRules, BowlsByHandCountOutAndKnockedOutBowls) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(ValidJack());
  state->Apply(ManualBowl());                 // Suns 1
  state->Apply(ManualBowl({{"out", true}}));  // Moons 0
  ExpectRefused(*state, ManualBowl({{"knocked_out", {{"Moons", 1}}}}), "between 0 and 0");
  state->Apply(ManualBowl({{"knocked_out", {{"Suns", 1}}}}));  // Suns 1
  EXPECT_EQ(Details(*state)["sides"][0]["bowls_in_play"], 1);
  EXPECT_EQ(Details(*state)["sides"][1]["bowls_in_play"], 0);
}

TEST(BocceRules, JackKnockedOutVoidsTheRoundWhichIsReplayed) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  state->Apply(Observed(At(kJackX), {At(kJackX + 30)}, Json::array()));
  state->Apply(Observed(nullptr, {At(kJackX + 30)}, {At(kJackX - 10)}));
  Json details = Details(*state);
  EXPECT_EQ(details["phase"], "place_jack");
  EXPECT_EQ(details["round"], 1);
  EXPECT_EQ(details["leader"], "Moons");
  EXPECT_EQ(details["sides"][0]["bowls_flicked"], 0);
  EXPECT_EQ(details["rounds"][0]["void"], true);
  EXPECT_EQ(state->Scorecard().rows[0].label, "Round 1: near end, Moons lead, jack out");

  state->Apply(ValidJack());
  state->Apply(ManualBowl());
  state->Apply(Observed(At(1222.0 + 9.6), {At(kJackX)}, {At(kJackX + 40)}));  // jack knocked out
  EXPECT_EQ(Details(*state)["rounds"].size(), 2u);
  state->Apply(ValidJack());
  state->Apply(ManualBowl({{"jack_out", true}}));
  EXPECT_EQ(Details(*state)["rounds"].size(), 3u);
  EXPECT_EQ(Details(*state)["phase"], "place_jack");
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 0);
}

// ----- Scoring ------------------------------------------------------------------------------

TEST(BocceRules, OnlyTheSideWithTheClosestBowlScoresItsBowlsCloserThanTheOthersClosest) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  // Suns at 25, 50, 100 and 200 mm; Moons at 60, 80, 100 and 120 mm: Suns score 2.
  state->Apply(Observed(At(kJackX), {At(625), At(650), At(700), At(800)},
                        {At(540), At(520), At(500), At(480)}));
  EXPECT_EQ(Details(*state)["rounds"][0]["outcome"], Json({{"side", "Suns"}, {"points", 2}}));
  EXPECT_EQ(Details(*state)["rounds"][0]["decided_by"], "measurement");
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 2);
  EXPECT_EQ(Details(*state)["sides"][1]["total"], 0);
}

TEST(BocceRules, ASideScoresFromOneToFourPoints) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  state->Apply(Observed(At(kJackX), {At(580), At(625), At(650), At(675)},
                        {At(480), At(460), At(440), At(420)}));
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 4);
}

TEST(BocceRules, OutOfPlayBowlsDoNotScore) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  // Suns' two closest bowls lie outside the court; Moons' 60 mm bowl is now the closest.
  state->Apply(Observed(At(kJackX), {At(620, 275.0), At(610, 80.0), At(700), At(800)},
                        {At(540), At(520), At(510), At(505)}));
  EXPECT_EQ(Details(*state)["rounds"][0]["outcome"], Json({{"side", "Moons"}, {"points", 4}}));
}

TEST(BocceRules, WhenOnlyOneSideHasBowlsInPlayItScoresThemAll) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(ValidJack());
  for (int i = 0; i < 8; ++i) state->Apply(ManualBowl({{"out", i % 2 == 1 || i == 2}}));
  EXPECT_EQ(Details(*state)["rounds"][0]["outcome"], Json({{"side", "Suns"}, {"points", 3}}));
  EXPECT_EQ(Details(*state)["rounds"][0]["decided_by"], "bowls in play");
}

TEST(BocceRules, RoundResultIsEnteredByHand) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(ValidJack());
  for (int i = 0; i < 8; ++i) state->Apply(ManualBowl({{"out", i == 0}}));
  EXPECT_EQ(Details(*state)["phase"], "enter_result");
  EXPECT_EQ(state->Actors(), (std::vector<int>{0, 1}));
  ExpectRefused(*state, {{"type", "result"}, {"side", "Suns"}, {"points", 4}},
                "Suns 4 is not possible for this round; the bowls allow Suns 1, Suns 2, Suns 3, "
                "Moons 1, Moons 2, Moons 3, Moons 4 or no score");
  ExpectRefused(*state, {{"type", "result"}, {"points", 2}}, "needs the \"side\"");
  ExpectRefused(*state, {{"type", "ruling"}, {"side", "Suns"}, {"points", 2}}, "legal now: result");
  state->Apply({{"type", "result"}, {"side", "Suns"}, {"points", 3}});
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 3);
  EXPECT_EQ(Details(*state)["rounds"][0]["decided_by"], "manual");
}

TEST(BocceRules, ScoringSideLeadsTheNextRound) {
  auto state = Start(AnnVersusBob(), "Moons");
  PlayManualRound(*state, "Suns", 1);
  EXPECT_EQ(Details(*state)["leader"], "Suns");
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Ann"});
  state->Apply(ValidJack());
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Bob"});
}

TEST(BocceRules, LeaderIsUnchangedWhenNobodyScores) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(ValidJack());
  FlickSevenByHand(*state);
  state->Apply(ManualBowl());
  state->Apply({{"type", "result"}, {"side", nullptr}});
  EXPECT_EQ(Details(*state)["leader"], "Moons");
  EXPECT_EQ(Details(*state)["round"], 2);
  EXPECT_EQ(Details(*state)["rounds"][0]["outcome"]["side"], nullptr);
}

TEST(BocceRules, ExactlyTheTargetWins) {
  auto state = Start(AnnVersusBob({{"target", 11}}), "Moons");
  PlayManualRound(*state, "Suns", 4);
  PlayManualRound(*state, "Moons", 3);
  PlayManualRound(*state, "Suns", 4);
  PlayManualRound(*state, "Suns", 3);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Ann"});
  EXPECT_EQ(state->StatusLine(), "Suns win 11 - 3 after 4 rounds");
  EXPECT_TRUE(state->Actors().empty());
  EXPECT_TRUE(state->LegalActions().empty());
  EXPECT_THROW(state->Apply(ValidJack()), RuleError);
}

TEST(BocceRules, GoingOverTheTargetSubtractsTheRoundsPoints) {
  // The rulebook's example: a side with 20 points scores 4 more and drops to 16.
  auto state = Start(AnnVersusBob(), "Moons");
  for (int round = 0; round < 5; ++round) PlayManualRound(*state, "Suns", 4);
  ASSERT_EQ(Details(*state)["sides"][0]["total"], 20);
  PlayManualRound(*state, "Suns", 4);
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 16);
  EXPECT_EQ(Details(*state)["rounds"][5]["bust"], true);
  EXPECT_EQ(state->Scorecard().rows[5].cells[0], "+4 bust -> 16");
  EXPECT_EQ(Details(*state)["leader"], "Suns");
  PlayManualRound(*state, "Suns", 4);
  PlayManualRound(*state, "Suns", 1);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(Details(*state)["winner"], "Suns");
}

TEST(BocceRules, WithoutTheBustRuleReachingTheTargetWins) {
  auto state = Start(AnnVersusBob({{"bust_rule", false}}), "Moons");
  for (int round = 0; round < 5; ++round) PlayManualRound(*state, "Moons", 4);
  PlayManualRound(*state, "Moons", 4);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(Details(*state)["sides"][1]["total"], 24);
  EXPECT_EQ(state->Scorecard().title, "Tabletop Bocce: first to 21");
}

// ----- Close calls ----------------------------------------------------------------------------

TEST(BocceRules, TooCloseToCallAsksTheTableForARuling) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  // Closest Suns at 25.0 mm, closest Moons at 25.5 mm: within the 1 mm close-call margin.
  state->Apply(Observed(At(kJackX), {At(625), At(800), At(820), At(840)},
                        {At(kJackX, kMidY - 25.5), At(400), At(380), At(360)}));
  EXPECT_EQ(Details(*state)["phase"], "ruling");
  EXPECT_EQ(state->Actors(), (std::vector<int>{0, 1}));
  EXPECT_NE(state->StatusLine().find("too close to call; rule Suns 1, Moons 1 or no score"),
            std::string::npos);
  const auto legal = state->LegalActions();
  ASSERT_EQ(legal.size(), 3u);
  EXPECT_EQ(legal[1].action, Json({{"type", "ruling"}, {"side", "Moons"}, {"points", 1}}));
  ExpectRefused(*state, {{"type", "ruling"}, {"side", "Moons"}, {"points", 2}},
                "the measurement allows Suns 1, Moons 1 or no score");
  state->Apply(legal[1].action);
  EXPECT_EQ(Details(*state)["sides"][1]["total"], 1);
  EXPECT_EQ(Details(*state)["rounds"][0]["decided_by"], "ruling");
}

TEST(BocceRules, RulingOnHowManyBowlsBeatTheOtherSidesClosest) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  // Suns' second bowl is 60.3 mm from the jack, Moons' closest 60 mm: Suns score 1 or 2.
  state->Apply(Observed(At(kJackX), {At(625), At(660.3), At(800), At(820)},
                        {At(540), At(400), At(380), At(360)}));
  ASSERT_EQ(Details(*state)["phase"], "ruling");
  EXPECT_EQ(Details(*state)["open_outcomes"],
            Json::parse(R"([{"side":"Suns","points":1},{"side":"Suns","points":2}])"));
  state->Apply({{"type", "ruling"}, {"side", "Suns"}, {"points", 2}});
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 2);
}

TEST(BocceRules, PositionUncertaintyWidensTheCloseCall) {
  const Json suns = {{{"position", At(625)}, {"sigma_mm", 1.0}}, At(800), At(820), At(840)};
  const Json moons = {
      {{"position", At(kJackX, kMidY - 27)}, {"sigma_mm", 1.0}}, At(400), At(380), At(360)};
  const Json sure_moons = {At(kJackX, kMidY - 27), At(400), At(380), At(360)};
  auto uncertain = Start(AnnVersusBob(), "Moons");
  uncertain->Apply(JackAt(kJackX));
  FlickSevenByHand(*uncertain);
  uncertain->Apply(Observed(At(kJackX), suns, moons));  // 2 mm apart, tolerance 2.8 mm
  EXPECT_EQ(Details(*uncertain)["phase"], "ruling");

  auto certain = Start(AnnVersusBob(), "Moons");
  certain->Apply(JackAt(kJackX));
  FlickSevenByHand(*certain);
  certain->Apply(Observed(At(kJackX), {At(625), At(800), At(820), At(840)}, sure_moons));
  EXPECT_EQ(Details(*certain)["sides"][0]["total"], 1);
}

TEST(BocceRules, CloseCallMarginIsAnOption) {
  auto state = Start(AnnVersusBob({{"close_call_mm", 0.2}}), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  state->Apply(Observed(At(kJackX), {At(625), At(800), At(820), At(840)},
                        {At(kJackX, kMidY - 25.5), At(400), At(380), At(360)}));
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 1);
}

TEST(BocceRules, EquallyCloseBowlsCanBeRuledNoScore) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  state->Apply(Observed(At(kJackX), {At(625), At(800), At(820), At(840)},
                        {At(575), At(400), At(380), At(360)}));
  state->Apply({{"type", "ruling"}, {"side", nullptr}});
  EXPECT_EQ(Details(*state)["leader"], "Moons");
  EXPECT_EQ(state->Scorecard().rows[0].cells, (std::vector<std::string>{"0", "0"}));
}

TEST(BocceRules, ExactlyEquallyCloseBowlsWithoutCloseCallMarginAreNotAScoreForEither) {
  // Without any margin the measurement still cannot make either of two equal distances
  // the closest: the table rules (no score is among the choices) instead of the game
  // being stuck with no possible outcome.
  auto state = Start(AnnVersusBob({{"close_call_mm", 0.0}}), "Moons");
  state->Apply(JackAt(kJackX));
  FlickSevenByHand(*state);
  state->Apply(Observed(At(kJackX), {At(625), At(800), At(820), At(840)},
                        {At(575), At(400), At(380), At(360)}));
  ASSERT_EQ(Details(*state)["phase"], "ruling");
  EXPECT_FALSE(state->LegalActions().empty());
  state->Apply({{"type", "ruling"}, {"side", nullptr}});
  EXPECT_EQ(Details(*state)["sides"][0]["total"], 0);
  EXPECT_EQ(Details(*state)["sides"][1]["total"], 0);
}

// ----- Ends and team orders -------------------------------------------------------------------

TEST(BocceRules, TwoPlayersStayAtOneEndByDefault) {
  auto state = Start(AnnVersusBob(), "Moons");
  PlayManualRound(*state, "Suns", 1);
  EXPECT_EQ(Details(*state)["end"], "near");
}

TEST(BocceRules, TwoPlayersMayAlternateEnds) {
  auto state = Start(AnnVersusBob({{"two_player_alternate_ends", true}}), "Moons");
  PlayManualRound(*state, "Suns", 1);
  EXPECT_EQ(Details(*state)["end"], "far");
  PlayManualRound(*state, "Suns", 1);
  EXPECT_EQ(Details(*state)["end"], "near");
  EXPECT_EQ(state->Scorecard().rows[1].label, "Round 2: far end, Suns lead");
}

TEST(BocceRules, TwoVersusTwoThePairAtThePlayingEndPlaysTheWholeRound) {
  auto state = Start(
      SetupOf({"Ann", "Bob", "Cid", "Dan"}, {}, {{"Reds", {0, 1}}, {"Blues", {2, 3}}}), "Reds");
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Ann"});
  state->Apply(ValidJack());
  std::vector<std::string> order;
  for (int i = 0; i < 8; ++i) {
    order.push_back(ActorNames(*state).front());
    state->Apply(ManualBowl());
  }
  EXPECT_EQ(order,
            (std::vector<std::string>{"Cid", "Ann", "Cid", "Ann", "Cid", "Ann", "Cid", "Ann"}));
  EXPECT_EQ(ActorNames(*state), (std::vector<std::string>{"Ann", "Cid"}));
  state->Apply({{"type", "result"}, {"side", "Blues"}, {"points", 2}});
  // The next round is played from the far end by the other two players.
  EXPECT_EQ(Details(*state)["end"], "far");
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Dan"});
  state->Apply(ValidJack());
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Bob"});
  ExpectRefused(*state, ManualBowl({{"player", "Ann"}}), "Ann does not flick now");
}

TEST(BocceRules, FourVersusFourOrderFromTheRulebookExample) {
  const std::vector<std::string> players = {"A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"};
  auto state = Start(SetupOf(players, {}, {{"A", {0, 1, 2, 3}}, {"B", {4, 5, 6, 7}}}), "A");
  EXPECT_EQ(ActorNames(*state), (std::vector<std::string>{"A1", "A2"}));
  EXPECT_NE(state->StatusLine().find("A1 (A, leader) flicks the jack"), std::string::npos);
  state->Apply(JackAt(kJackX));
  std::vector<std::string> order;
  for (int i = 0; i < 8; ++i) {
    order.push_back(ActorNames(*state).front());
    state->Apply(ManualBowl());
  }
  EXPECT_EQ(order, (std::vector<std::string>{"B1", "A2", "B2", "A1", "B1", "A2", "B2", "A1"}));
  state->Apply({{"type", "result"}, {"side", "B"}, {"points", 1}});
  EXPECT_EQ(ActorNames(*state), (std::vector<std::string>{"B3", "B4"}));
}

TEST(BocceRules, FourVersusFourPartnersNeedNotKeepTheirOrder) {
  const std::vector<std::string> players = {"A1", "A2", "A3", "A4", "B1", "B2", "B3", "B4"};
  auto state = Start(SetupOf(players, {}, {{"A", {0, 1, 2, 3}}, {"B", {4, 5, 6, 7}}}), "A");
  state->Apply({{"type", "jack"}, {"valid", true}, {"player", "A2"}});
  EXPECT_EQ(Details(*state)["jack_placer"], "A2");
  ApplyAll(*state, {ManualBowl({{"player", "B2"}}), ManualBowl()});
  EXPECT_EQ(Details(*state)["sides"][0]["bowls_flicked"], 1);
  state->Apply(ManualBowl({{"player", "B2"}}));  // B2 has now flicked both bowls
  state->Apply(ManualBowl());
  ExpectRefused(*state, ManualBowl({{"player", "B2"}}), "the flick is for B1");
  ExpectRefused(*state, ManualBowl({{"player", "B3"}}), "B3 does not flick now");
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"B1"});
}

// ----- Refused input ------------------------------------------------------------------------

TEST(BocceInput, MeasuredLayoutMustMatchTheBowlsFlicked) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  ExpectRefused(*state, Observed(At(kJackX), {At(625), At(650)}, Json::array()),
                "Suns have flicked only 1");
  ExpectRefused(*state, Observed(At(kJackX), Json::array(), {At(625)}),
                "Moons have flicked only 0");
  ExpectRefused(*state, {{"type", "bowl"}, {"bowls", {{"Suns", {At(625)}}}}},
                "give the jack's position, or null");
  ExpectRefused(*state, {{"type", "bowl"}, {"jack", At(kJackX)}, {"bowls", {{"Stars", {At(625)}}}}},
                "unknown field \"Stars\"");
  ExpectRefused(*state, Observed(At(kJackX), {{{"position", At(625)}, {"sigma_mm", -1}}}, {}),
                "must not be negative");
  ExpectRefused(*state, Observed(At(kJackX), {"near"}, {}), "Suns bowl must be a JSON object");
  Json measured_and_flagged = Observed(At(kJackX), {At(625)}, {});
  measured_and_flagged["out"] = true;
  ExpectRefused(*state, measured_and_flagged, "unknown field \"out\"");
}

TEST(BocceInput, UnknownFieldsAndWrongTypesAreRefused) {
  auto state = Start(AnnVersusBob(), "Moons");
  ExpectRefused(*state, {{"type", "jack"}, {"valid", true}, {"spin", 3}}, "unknown field \"spin\"");
  ExpectRefused(*state, {{"type", "jack"}, {"position", At(kJackX)}, {"valid", true}},
                "cannot be combined with a measured position");
  ExpectRefused(*state, {{"type", "jack"}, {"valid", "yes"}}, "true or false");
  ExpectRefused(*state, {{"type", "bowl"}},
                "'bowl' is not allowed now (Round 1 (near end): "
                "Bob (Moons, leader) flicks the jack");
  ExpectRefused(*state, {{"type", "leader"}, {"side", "Suns"}}, "legal now: jack");
  ExpectRefused(*state, {{"type", "jack"}, {"valid", true}, {"player", "Ann"}},
                "Ann does not flick now; the flick is for Bob");
  state->Apply(ValidJack());
  ExpectRefused(*state, ManualBowl({{"knocked_out", {{"Suns", 1}}}}), "between 0 and 0");
  ExpectRefused(*state, ManualBowl({{"knocked_out", {{"Mons", 1}}}}), "unknown field \"Mons\"");
}

// ----- Views ----------------------------------------------------------------------------------

TEST(BocceViews, ScorecardLooksLikeThePaperSheet) {
  auto state = Start(AnnVersusBob({{"two_player_alternate_ends", true}}), "Moons");
  PlayManualRound(*state, "Suns", 3);
  PlayManualRound(*state, "Moons", 2);
  const ScoreTable table = state->Scorecard();
  EXPECT_EQ(table.title, "Tabletop Bocce: first to exactly 21");
  EXPECT_EQ(table.columns, (std::vector<std::string>{"Suns", "Moons"}));
  ASSERT_EQ(table.rows.size(), 3u);
  EXPECT_EQ(table.rows[0].label, "Round 1: near end, Moons lead");
  EXPECT_EQ(table.rows[0].cells, (std::vector<std::string>{"+3 = 3", "0"}));
  EXPECT_EQ(table.rows[1].label, "Round 2: far end, Suns lead");
  EXPECT_EQ(table.rows[1].cells, (std::vector<std::string>{"3", "+2 = 2"}));
  EXPECT_TRUE(table.rows[2].is_total);
  EXPECT_EQ(table.rows[2].cells, (std::vector<std::string>{"3", "2"}));
  EXPECT_EQ(table.details["court"]["dashed_lines"]["near"], 150.8);
}

TEST(BocceViews, LegalActionsOfferCameraAndManualEntry) {
  auto state = Start(AnnVersusBob(), "Moons");
  state->Apply(JackAt(kJackX));
  state->Apply(ManualBowl());
  const auto legal = state->LegalActions();
  ASSERT_FALSE(legal.empty());
  EXPECT_TRUE(legal.front().needs_measurement);
  auto copy = state->Clone();
  copy->Apply(legal.front().action);  // the example layout is itself acceptable
  EXPECT_EQ(Details(*copy)["sides"][1]["bowls_in_play"], 1);
  bool offers_knock_out = false;
  for (const auto& action : legal) offers_knock_out |= action.action.contains("knocked_out");
  EXPECT_TRUE(offers_knock_out);
}

}  // namespace
}  // namespace tabref::rules::bocce
