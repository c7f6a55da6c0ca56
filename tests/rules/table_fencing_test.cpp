// Table Fencing: one scenario per rule of the rulebook, the options and setups, refused
// actions. Playouts and the sample game are in table_fencing_playout_test.cpp.
#include "rules/table_fencing/table_fencing.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <map>

#include "rules/core/rule_error.h"
#include "rules/core/state.h"

namespace tabref::rules::table_fencing {
namespace {

using Cards = std::map<std::string, std::string>;

const std::vector<std::string>& Names() {
  static const std::vector<std::string> names = {"Ann", "Bob", "Cy",  "Dee",
                                                 "Eve", "Fay", "Gus", "Hal"};
  return names;
}

GameSetup SetupFor(int players, Json options = Json::object()) {
  return {"table-fencing", {Names().begin(), Names().begin() + players}, {}, std::move(options)};
}

class TableFencingTest : public ::testing::Test {
 protected:
  void SetUp() override { NewGame(3); }

  // A new game whose golf balls went yellow to Ann and purple to Bob.
  void NewGame(int players, Json options = Json::object()) {
    state_ = MakeGame(SetupFor(players, std::move(options)))->NewInitialState();
    Do({{"type", "golf_balls"}, {"yellow", "Ann"}, {"purple", "Bob"}});
  }

  void Do(const Json& action) { state_->Apply(action); }
  void Thrust(const Cards& cards) { Do({{"type", "thrust"}, {"cards", cards}}); }
  void War(const Cards& cards) { Do({{"type", "war"}, {"cards", cards}}); }
  void Roll(const std::vector<int>& dice) { Do({{"type", "roll"}, {"dice", dice}}); }
  void Pay(const std::string& player, const std::string& with) {
    Do({{"type", "pay"}, {"player", player}, {"with", with}});
  }
  void Penalty(const std::string& player, const std::string& reason = "catch") {
    Do({{"type", "penalty"}, {"player", player}, {"reason", reason}});
  }
  // Ann wins a plain trick and builds `points` (1 to 6).
  void AnnBuilds(int points) {
    Thrust({{"Ann", "K"}, {"Bob", "2"}, {"Cy", "3"}});
    Roll({points});
  }
  // Ann wins the bumper by a theme.
  void AnnThemes() { Do({{"type", "theme"}, {"player", "Ann"}}); }

  Json Snap() const { return state_->Snapshot(); }
  int Seat(const std::string& name) const {
    return static_cast<int>(std::find(Names().begin(), Names().end(), name) - Names().begin());
  }
  int Builds(const std::string& name) const {
    return Snap()["bumpers"].back()["builds"][static_cast<size_t>(Seat(name))].get<int>();
  }
  int Slides(const std::string& name) const {
    return Snap()["bumpers"].back()["slides"][static_cast<size_t>(Seat(name))].get<int>();
  }
  int Chocolate(const std::string& name) const {
    return Snap()["chocolate"][static_cast<size_t>(Seat(name))].get<int>();
  }
  Json Trick() const { return Snap()["trick"]; }
  Json Balls() const { return Snap()["golf_balls"]; }
  std::vector<std::string> Actors() const { return state_->Names(state_->Actors()); }

  // Expects `action` refused with a message containing `part`, and nothing changed.
  void ExpectRefused(const Json& action, const std::string& part) {
    const Json before = Snap();
    const size_t history = state_->History().size();
    try {
      state_->Apply(action);
      ADD_FAILURE() << "accepted: " << action.dump();
    } catch (const RuleError& error) {
      EXPECT_NE(std::string(error.what()).find(part), std::string::npos)
          << "message: " << error.what() << "\nexpected to contain: " << part;
      EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos);
    }
    EXPECT_EQ(Snap(), before);
    EXPECT_EQ(state_->History().size(), history);
  }

  std::unique_ptr<State> state_;
};

// --- Start of play ------------------------------------------------------------------

TEST_F(TableFencingTest, StartLeadsTheFirstTrickOfTheFirstBumper) {
  NewGame(3, {{"start", "Bob"}});
  EXPECT_EQ(Actors(), std::vector<std::string>{"Bob"});
  EXPECT_NE(state_->StatusLine().find("Bob (control) calls Thrust"), std::string::npos);
}

TEST_F(TableFencingTest, EachBumperOpensWithEveryoneRollingForTheGolfBalls) {
  state_ = MakeGame(SetupFor(3))->NewInitialState();
  EXPECT_EQ(Actors(), (std::vector<std::string>{"Ann", "Bob", "Cy"}));
  ExpectRefused({{"type", "thrust"}, {"cards", Cards{{"Ann", "K"}, {"Bob", "2"}, {"Cy", "3"}}}},
                "allowed: golf_balls or penalty");
}

TEST_F(TableFencingTest, YellowGoesToTheHighestGreenRollAndPurpleToTheNext) {
  state_ = MakeGame(SetupFor(3))->NewInitialState();
  const Json rolls = {{"Ann", 2}, {"Bob", 6}, {"Cy", 4}};
  ExpectRefused({{"type", "golf_balls"}, {"yellow", "Ann"}, {"purple", "Bob"}, {"rolls", rolls}},
                "must go to the highest green-die roll");
  ExpectRefused({{"type", "golf_balls"}, {"yellow", "Bob"}, {"purple", "Ann"}, {"rolls", rolls}},
                "must go to the next highest green-die roll");
  Do({{"type", "golf_balls"}, {"yellow", "Bob"}, {"purple", "Cy"}, {"rolls", rolls}});
  EXPECT_EQ(Balls()["yellow"], "Bob");
  EXPECT_EQ(Balls()["purple"], "Cy");
}

TEST_F(TableFencingTest, GreenRollTiesAreBrokenByTheEnteredYoYoDuel) {
  state_ = MakeGame(SetupFor(3))->NewInitialState();
  const Json rolls = {{"Ann", 5}, {"Bob", 5}, {"Cy", 1}};
  Do({{"type", "golf_balls"}, {"yellow", "Bob"}, {"purple", "Ann"}, {"rolls", rolls}});
  EXPECT_EQ(Balls()["yellow"], "Bob");
}

// --- The trick ----------------------------------------------------------------------

TEST_F(TableFencingTest, WithoutTrumpTheHighestCardWinsAndRollsOneDie) {
  Thrust({{"Ann", "7"}, {"Bob", "K"}, {"Cy", "Q"}});
  EXPECT_EQ(Actors(), std::vector<std::string>{"Bob"});
  EXPECT_EQ(Trick()["dice_to_roll"], 1);
  ExpectRefused({{"type", "roll"}, {"dice", {3, 4}}}, "must list the 1 die Bob rolls");
  Roll({5});
  EXPECT_EQ(Builds("Bob"), 5);
  EXPECT_EQ(Builds("Ann"), 0);  // no trump: the golf balls do not score
  EXPECT_EQ(Slides("Bob"), 0);
}

TEST_F(TableFencingTest, AcesAreLowAndFaceCardsCountElevenToThirteen) {
  Thrust({{"Ann", "A"}, {"Bob", "2"}, {"Cy", "J"}});
  EXPECT_EQ(Trick()["winner"], "Cy");
  Roll({1});
  Thrust({{"Ann", "Q"}, {"Bob", "10"}, {"Cy", "J"}});
  EXPECT_EQ(Trick()["winner"], "Ann");
  Roll({1});
  Do({{"type", "thrust"}, {"cards", {{"Ann", 12}, {"Bob", "K"}, {"Cy", "J"}}}});
  EXPECT_EQ(Trick()["winner"], "Bob");
}

TEST_F(TableFencingTest, ControlGoesToTheTrickWinnerWhoLeadsTheNextTrick) {
  Thrust({{"Ann", "7"}, {"Bob", "9"}, {"Cy", "K"}});
  Roll({2});
  EXPECT_EQ(Trick()["leader"], "Cy");
  EXPECT_EQ(Actors(), std::vector<std::string>{"Cy"});
  EXPECT_EQ(Trick()["number"], 2);
}

TEST_F(TableFencingTest, TwoEqualCardsStartATrumpWarAndTheThirdPlayerParries) {
  Thrust({{"Ann", "7"}, {"Bob", "4"}, {"Cy", "7"}});
  EXPECT_EQ(Trick()["phase"], "trump war");
  EXPECT_EQ(Trick()["war"], Json({"Ann", "Cy"}));
  EXPECT_EQ(Trick()["parrier"], "Bob");
  EXPECT_EQ(Actors(), (std::vector<std::string>{"Ann", "Bob", "Cy"}));
}

TEST_F(TableFencingTest, TheHigherWarCardWinsAndRollsBothNonGreenDice) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "9"}, {"Bob", "4"}, {"Cy", "10"}});  // 10 is not above 9 + 4
  EXPECT_EQ(Trick()["winner"], "Ann");
  EXPECT_EQ(Trick()["won_by"], "trump");
  EXPECT_EQ(Trick()["dice_to_roll"], 2);
  Roll({3, 5});
  EXPECT_EQ(Builds("Ann"), 8 + 2);  // the roll, and the yellow ball on a trump trick
}

TEST_F(TableFencingTest, ParrySucceedsWhenAboveTheSumOfBothWarCards) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "2"}, {"Bob", "3"}, {"Cy", "6"}});
  EXPECT_EQ(Trick()["winner"], "Cy");
  EXPECT_EQ(Trick()["won_by"], "parry");
  EXPECT_EQ(Trick()["dice_to_roll"], 3);
  Roll({1, 2, 3});
  EXPECT_EQ(Builds("Cy"), 6);
}

TEST_F(TableFencingTest, ParryEqualToTheSumFails) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "2"}, {"Bob", "4"}, {"Cy", "6"}});
  EXPECT_EQ(Trick()["winner"], "Bob");
}

TEST_F(TableFencingTest, AnAceParryAlwaysSucceeds) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "K"}, {"Bob", "Q"}, {"Cy", "A"}});
  EXPECT_EQ(Trick()["winner"], "Cy");
  EXPECT_EQ(Trick()["won_by"], "parry");
}

TEST_F(TableFencingTest, ASecondTrumpInTheWarIsADoubleTrumpThatDoublesTheRoll) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "5"}, {"Bob", "5"}, {"Cy", "9"}});
  EXPECT_EQ(Trick()["trump_level"], 2);
  War({{"Ann", "8"}, {"Bob", "3"}, {"Cy", "2"}});
  EXPECT_EQ(Snap()["trick"]["winner"], "Ann");
  EXPECT_EQ(state_->Scorecard().details["trick"]["multiplier"], 2);
  Roll({4, 6});
  EXPECT_EQ(Builds("Ann"), 20 + 2);
}

TEST_F(TableFencingTest, ATrumpWithTheParryCardMovesTheWarToThosePlayers) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "5"}, {"Bob", "9"}, {"Cy", "5"}});
  EXPECT_EQ(Trick()["war"], Json({"Ann", "Cy"}));
  EXPECT_EQ(Trick()["parrier"], "Bob");
  EXPECT_EQ(Trick()["trump_level"], 2);
}

TEST_F(TableFencingTest, ATripleTrumpTriplesTheRoll) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "5"}, {"Bob", "5"}, {"Cy", "9"}});
  War({{"Ann", "4"}, {"Bob", "J"}, {"Cy", "J"}});
  EXPECT_EQ(Trick()["trump_level"], 3);
  War({{"Ann", "2"}, {"Bob", "Q"}, {"Cy", "3"}});
  Roll({6, 6});
  EXPECT_EQ(Builds("Bob"), 36);
}

TEST_F(TableFencingTest, AParryRollIsNotMultipliedUnlessTheOptionSaysSo) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "5"}, {"Bob", "5"}, {"Cy", "9"}});
  War({{"Ann", "2"}, {"Bob", "3"}, {"Cy", "A"}});
  Roll({2, 2, 2});
  EXPECT_EQ(Builds("Cy"), 6);

  NewGame(3, {{"parry_multiplied", true}});
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "5"}, {"Bob", "5"}, {"Cy", "9"}});
  War({{"Ann", "2"}, {"Bob", "3"}, {"Cy", "A"}});
  Roll({2, 2, 2});
  EXPECT_EQ(Builds("Cy"), 12);
}

// --- Silly hats ---------------------------------------------------------------------

TEST_F(TableFencingTest, ThreeEqualCardsMeanSillyHatsTheLastToDonPaysAndTheDrawIsRedone) {
  Thrust({{"Ann", "9"}, {"Bob", "9"}, {"Cy", "9"}});
  EXPECT_EQ(Trick()["phase"], "silly hats");
  EXPECT_EQ(Actors(), (std::vector<std::string>{"Ann", "Bob", "Cy"}));
  Do({{"type", "silly_hats"}, {"last", "Cy"}});
  EXPECT_EQ(Actors(), std::vector<std::string>{"Cy"});
  Pay("Cy", "chocolate");
  EXPECT_EQ(Chocolate("Cy"), 1);
  EXPECT_TRUE(Trick()["hats_on"].get<bool>());
  EXPECT_EQ(Trick()["phase"], "thrust");
  Thrust({{"Ann", "9"}, {"Bob", "2"}, {"Cy", "3"}});
  EXPECT_EQ(Trick()["winner"], "Ann");
}

TEST_F(TableFencingTest, ATripleWhileHatsAreWornCostsEveryWearerAPenalty) {
  Thrust({{"Ann", "9"}, {"Bob", "9"}, {"Cy", "9"}});
  Do({{"type", "silly_hats"}, {"last", "Bob"}});
  Pay("Bob", "slide");
  Thrust({{"Ann", "4"}, {"Bob", "4"}, {"Cy", "4"}});
  EXPECT_EQ(Snap()["owed_penalties"].size(), 3u);
  Pay("Ann", "chocolate");
  Pay("Bob", "chocolate");
  Pay("Cy", "slide");
  EXPECT_EQ(Slides("Bob"), 1);
  EXPECT_EQ(Slides("Cy"), 1);
  EXPECT_EQ(Chocolate("Ann"), 1);
  EXPECT_EQ(Trick()["phase"], "thrust");
}

TEST_F(TableFencingTest, ATripleInATrumpWarRedoesTheWarDrawAtTheSameLevel) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "5"}, {"Bob", "5"}, {"Cy", "5"}});
  Do({{"type", "silly_hats"}, {"last", "Ann"}});
  Pay("Ann", "chocolate");
  EXPECT_EQ(Trick()["phase"], "trump war");
  EXPECT_EQ(Trick()["trump_level"], 1);
}

TEST_F(TableFencingTest, HatsComeOffAtTheEndOfTheTrick) {
  Thrust({{"Ann", "9"}, {"Bob", "9"}, {"Cy", "9"}});
  Do({{"type", "silly_hats"}, {"last", "Cy"}});
  Pay("Cy", "chocolate");
  AnnBuilds(3);
  EXPECT_FALSE(Trick()["hats_on"].get<bool>());
}

// --- Penalties and chocolate --------------------------------------------------------

TEST_F(TableFencingTest, APenaltyIsPaidBySlidingOnePointOrEatingAChocolate) {
  Penalty("Cy", "catch");
  EXPECT_EQ(Actors(), std::vector<std::string>{"Cy"});
  ExpectRefused({{"type", "thrust"}, {"cards", Cards{{"Ann", "K"}, {"Bob", "2"}, {"Cy", "3"}}}},
                "Cy owes a penalty (catch)");
  ExpectRefused({{"type", "pay"}, {"player", "Bob"}, {"with", "slide"}},
                "must be Cy, who owes the next penalty");
  Pay("Cy", "chocolate");
  EXPECT_EQ(Chocolate("Cy"), 1);
  Penalty("Cy", "off-road");
  Pay("Cy", "slide");
  EXPECT_EQ(Slides("Cy"), 1);
  EXPECT_EQ(Chocolate("Cy"), 1);
}

TEST_F(TableFencingTest, APlayerWithoutChocolateMustSlide) {
  Penalty("Bob");
  Pay("Bob", "chocolate");
  Penalty("Bob");
  Pay("Bob", "chocolate");
  Penalty("Bob", "off-road");
  EXPECT_EQ(Chocolate("Bob"), 0);
  EXPECT_EQ(Slides("Bob"), 1);
  EXPECT_TRUE(Snap()["owed_penalties"].empty());
}

TEST_F(TableFencingTest, AMiscueIsAPenaltyAndAMiscuedMiscueAlsoEarnsAKick) {
  Penalty("Ann", "miscue");
  Pay("Ann", "slide");
  Penalty("Bob", "miscued-miscue");
  Pay("Bob", "slide");
  EXPECT_EQ(Slides("Ann"), 1);
  EXPECT_EQ(Slides("Bob"), 1);
  EXPECT_EQ(Snap()["kicks"], Json({0, 1, 0}));
}

TEST_F(TableFencingTest, TwoChocolatesPerBumperAndOneSurplusCarriedOver) {
  EXPECT_EQ(Snap()["chocolate"], Json({2, 2, 2}));
  Penalty("Bob");
  Pay("Bob", "chocolate");
  Penalty("Cy");
  Pay("Cy", "chocolate");
  Penalty("Cy");
  Pay("Cy", "chocolate");
  AnnThemes();
  EXPECT_EQ(Snap()["chocolate"], Json({3, 3, 2}));
}

// --- Golf balls ---------------------------------------------------------------------

TEST_F(TableFencingTest, GolfBallsScoreOnlyOnTricksWhereATrumpIsPlayed) {
  Thrust({{"Ann", "2"}, {"Bob", "3"}, {"Cy", "K"}});
  Roll({4});
  EXPECT_EQ(Builds("Ann"), 0);
  EXPECT_EQ(Slides("Bob"), 0);
  Thrust({{"Ann", "2"}, {"Bob", "3"}, {"Cy", "3"}});
  War({{"Ann", "4"}, {"Bob", "9"}, {"Cy", "2"}});
  Roll({1, 1});
  EXPECT_EQ(Builds("Ann"), 2);
  EXPECT_EQ(Slides("Bob"), 2);
  EXPECT_EQ(Builds("Bob"), 2);
}

TEST_F(TableFencingTest, QuickSwitchSwapsTheBallsWhenBothAreCaught) {
  Do({{"type", "quick_switch"}, {"purple_throw", "caught"}, {"yellow_throw", "caught"}});
  EXPECT_EQ(Balls()["yellow"], "Bob");
  EXPECT_EQ(Balls()["purple"], "Ann");
  ExpectRefused({{"type", "quick_switch"}, {"purple_throw", "caught"}, {"yellow_throw", "caught"}},
                "'quick_switch' is not allowed now");
  AnnBuilds(1);
  Do({{"type", "quick_switch"}, {"purple_throw", "caught"}, {"yellow_throw", "caught"}});
  EXPECT_EQ(Balls()["yellow"], "Ann");
}

TEST_F(TableFencingTest, ADroppedPurpleBallStaysWithTheCatcherWhoPays) {
  Do({{"type", "quick_switch"}, {"purple_throw", "dropped"}, {"yellow_throw", "caught"}});
  EXPECT_EQ(Balls()["purple"], "Ann");
  EXPECT_EQ(Actors(), std::vector<std::string>{"Ann"});
  Pay("Ann", "slide");
  EXPECT_EQ(Slides("Ann"), 1);
}

TEST_F(TableFencingTest, AWildThrowCountsAsCaughtAndTheThrowerPays) {
  Do({{"type", "quick_switch"}, {"purple_throw", "wild"}, {"yellow_throw", "wild"}});
  EXPECT_EQ(Balls()["yellow"], "Bob");
  EXPECT_EQ(Balls()["purple"], "Ann");
  EXPECT_EQ(Snap()["owed_penalties"],
            Json::parse(R"([{"player":"Bob","reason":"wild quick-switch throw"},
                            {"player":"Ann","reason":"wild quick-switch throw"}])"));
}

TEST_F(TableFencingTest, ADroppedYellowBallSitsOutTwoTricksThenGoesToThePlayerWithControl) {
  Do({{"type", "quick_switch"}, {"purple_throw", "caught"}, {"yellow_throw", "dropped"}});
  EXPECT_TRUE(Balls()["yellow_in_penalty_box"].get<bool>());
  EXPECT_EQ(Balls()["purple"], "Ann");
  // Without the yellow ball in play no quick-switch is possible, nor does it score.
  Thrust({{"Ann", "2"}, {"Bob", "Q"}, {"Cy", "Q"}});
  ExpectRefused({{"type", "quick_switch"}, {"purple_throw", "caught"}, {"yellow_throw", "caught"}},
                "'quick_switch' is not allowed now");
  War({{"Ann", "2"}, {"Bob", "Q"}, {"Cy", "3"}});
  Roll({1, 1});
  EXPECT_EQ(Builds("Bob"), 2);  // only the roll
  AnnBuilds(1);                 // out of play for the first trick after the drop
  EXPECT_TRUE(Balls()["yellow_in_penalty_box"].get<bool>());
  Thrust({{"Ann", "2"}, {"Bob", "3"}, {"Cy", "K"}});
  Roll({1});  // and the second: then Cy, who has control, retains it
  EXPECT_FALSE(Balls()["yellow_in_penalty_box"].get<bool>());
  EXPECT_EQ(Balls()["yellow"], "Cy");
}

TEST_F(TableFencingTest, AYellowBallReturningToThePurpleHolderMustBeDistributed) {
  Do({{"type", "quick_switch"}, {"purple_throw", "caught"}, {"yellow_throw", "dropped"}});
  AnnBuilds(1);
  AnnBuilds(1);
  AnnBuilds(1);  // Ann, the purple holder, has control when the yellow ball comes back
  EXPECT_EQ(Actors(), std::vector<std::string>{"Ann"});
  EXPECT_NE(state_->StatusLine().find("Ann holds both golf balls"), std::string::npos);
  Do({{"type", "distribute"}, {"player", "Ann"}, {"yellow", "Bob"}, {"purple", "Cy"}});
  EXPECT_EQ(Balls()["yellow"], "Bob");
}

TEST_F(TableFencingTest, HoseWonByTheHoserPassesThePurpleBall) {
  Do({{"type", "hose"}, {"hosee", "Cy"}, {"hoser_roll", 5}, {"hosee_roll", 2}});
  EXPECT_EQ(Balls()["purple"], "Cy");
  ExpectRefused({{"type", "hose"}, {"hosee", "Ann"}, {"hoser_roll", 5}, {"hosee_roll", 2}},
                "'hose' is not allowed now");
}

TEST_F(TableFencingTest, HoseWonByTheHoseeCostsTheHoserAPenalty) {
  Do({{"type", "hose"}, {"hosee", "Cy"}, {"hoser_roll", 1}, {"hosee_roll", 2}});
  EXPECT_EQ(Balls()["purple"], "Bob");
  EXPECT_EQ(Snap()["owed_penalties"][0]["player"], "Bob");
}

TEST_F(TableFencingTest, HoseTiesGoToAYoYoDuel) {
  ExpectRefused({{"type", "hose"}, {"hosee", "Cy"}, {"hoser_roll", 3}, {"hosee_roll", 3}},
                "\"duel_winner\" is missing");
  ExpectRefused({{"type", "hose"},
                 {"hosee", "Cy"},
                 {"hoser_roll", 4},
                 {"hosee_roll", 3},
                 {"duel_winner", "Cy"}},
                "only entered when the green-die rolls tie");
  Do({{"type", "hose"},
      {"hosee", "Cy"},
      {"hoser_roll", 3},
      {"hosee_roll", 3},
      {"duel_winner", "Bob"}});
  EXPECT_EQ(Balls()["purple"], "Cy");
}

TEST_F(TableFencingTest, AHolderOfBothBallsMustDistributeThemToTwoOthersAtOnce) {
  Do({{"type", "hose"}, {"hosee", "Ann"}, {"hoser_roll", 6}, {"hosee_roll", 2}});
  EXPECT_EQ(Actors(), std::vector<std::string>{"Ann"});
  ExpectRefused({{"type", "thrust"}, {"cards", Cards{{"Ann", "K"}, {"Bob", "2"}, {"Cy", "3"}}}},
                "Ann holds both golf balls");
  ExpectRefused({{"type", "distribute"}, {"player", "Ann"}, {"yellow", "Ann"}, {"purple", "Cy"}},
                "must go to one of the other players");
  Do({{"type", "distribute"}, {"player", "Ann"}, {"yellow", "Cy"}, {"purple", "Bob"}});
  EXPECT_EQ(Balls()["yellow"], "Cy");
  EXPECT_EQ(Balls()["purple"], "Bob");
}

// --- Bumpers and the game -----------------------------------------------------------

TEST_F(TableFencingTest, ABuildOfFiftyWinsTheBumper) {
  NewGame(3, {{"bumper_build", 10}});
  AnnBuilds(6);
  AnnBuilds(3);
  EXPECT_EQ(Snap()["bumper"], 1);
  AnnBuilds(1);
  EXPECT_EQ(Snap()["bumper"], 2);
  EXPECT_EQ(Snap()["bumpers"][0]["winner"], "Ann");
  EXPECT_EQ(Snap()["bumpers"][0]["won_by"], "build");
  EXPECT_EQ(Snap()["bumpers_won"], Json({1, 0, 0}));
}

TEST_F(TableFencingTest, SlidesCountAgainstTheBuildUnlessOnlyBuildsCount) {
  NewGame(3, {{"bumper_build", 10}});
  Penalty("Ann");
  Pay("Ann", "slide");
  AnnBuilds(6);
  AnnBuilds(4);
  EXPECT_EQ(Snap()["bumper"], 1);  // 10 built, 9 after the slide

  NewGame(3, {{"bumper_build", 10}, {"bumper_measure", "builds"}});
  Penalty("Ann");
  Pay("Ann", "slide");
  AnnBuilds(6);
  AnnBuilds(4);
  EXPECT_EQ(Snap()["bumper"], 2);
}

TEST_F(TableFencingTest, TheTrickWinnerReachingTheBuildFirstBeatsTheYellowBall) {
  NewGame(3, {{"bumper_build", 8}});
  AnnBuilds(6);  // Ann (yellow) has 6
  Thrust({{"Ann", "2"}, {"Bob", "3"}, {"Cy", "3"}});
  War({{"Ann", "4"}, {"Bob", "2"}, {"Cy", "5"}});
  Roll({4, 4});  // Cy builds 8 before Ann's yellow ball brings her to 8
  EXPECT_EQ(Snap()["bumpers"][0]["winner"], "Cy");
}

TEST_F(TableFencingTest, ASuccessfulThemeWinsTheBumperRegardlessOfPoints) {
  AnnBuilds(6);
  Do({{"type", "theme"}, {"player", "Cy"}});
  EXPECT_EQ(Snap()["bumpers"][0]["winner"], "Cy");
  EXPECT_EQ(Snap()["bumpers"][0]["won_by"], "theme");
}

TEST_F(TableFencingTest, TheStartMovesOneSeatInTheGamesDirectionEachBumper) {
  AnnThemes();
  EXPECT_EQ(Snap()["bumpers"][1]["start"], "Bob");
  Do({{"type", "golf_balls"}, {"yellow", "Ann"}, {"purple", "Bob"}});
  EXPECT_EQ(Actors(), std::vector<std::string>{"Bob"});

  state_ = MakeGame(SetupFor(3, {{"direction", "counter-clockwise"}}))->NewInitialState();
  Do({{"type", "golf_balls"}, {"yellow", "Ann"}, {"purple", "Bob"}});
  AnnThemes();
  EXPECT_EQ(Snap()["bumpers"][1]["start"], "Cy");
}

TEST_F(TableFencingTest, TheFirstToWinTwoBumpersIsTheNewChampion) {
  AnnThemes();
  Do({{"type", "golf_balls"}, {"yellow", "Ann"}, {"purple", "Bob"}});
  Do({{"type", "theme"}, {"player", "Bob"}});
  Do({{"type", "golf_balls"}, {"yellow", "Ann"}, {"purple", "Bob"}});
  EXPECT_FALSE(state_->IsTerminal());
  AnnThemes();
  ASSERT_TRUE(state_->IsTerminal());
  EXPECT_EQ(state_->Names(state_->Winners()), std::vector<std::string>{"Ann"});
  EXPECT_TRUE(Actors().empty());
  EXPECT_EQ(Snap()["champion"], "Ann");
  EXPECT_NE(state_->StatusLine().find("Ann wins 2 bumpers and is the new champion"),
            std::string::npos);
  ExpectRefused({{"type", "theme"}, {"player", "Bob"}}, "the game is over");
}

// --- More than three players --------------------------------------------------------

TEST_F(TableFencingTest, WithMorePlayersTheHighestPairWarsAndOneParrierFollowsTheLeader) {
  NewGame(5, {{"start", "Cy"}});
  Thrust({{"Ann", "4"}, {"Bob", "9"}, {"Cy", "4"}, {"Dee", "9"}, {"Eve", "K"}});
  EXPECT_EQ(Trick()["war"], Json({"Bob", "Dee"}));
  EXPECT_EQ(Trick()["parrier"], "Cy");  // the leader, who is not in the war
  ExpectRefused({{"type", "war"}, {"cards", Cards{{"Ann", "2"}, {"Bob", "3"}, {"Dee", "4"}}}},
                "has a card for 'Ann', who does not draw now");
  War({{"Bob", "5"}, {"Cy", "6"}, {"Dee", "6"}});
  EXPECT_EQ(Trick()["war"], Json({"Cy", "Dee"}));
  EXPECT_EQ(Trick()["parrier"], "Eve");  // the next after the leader outside the war
}

TEST_F(TableFencingTest, WithMorePlayersThreeEqualCardsAreSillyHatsForEveryone) {
  NewGame(4);
  Thrust({{"Ann", "4"}, {"Bob", "4"}, {"Cy", "4"}, {"Dee", "9"}});
  Do({{"type", "silly_hats"}, {"last", "Dee"}});
  Pay("Dee", "slide");
  Thrust({{"Ann", "5"}, {"Bob", "2"}, {"Cy", "5"}, {"Dee", "5"}});
  EXPECT_EQ(Snap()["owed_penalties"].size(), 4u);
}

// --- Setup, options and refused input -----------------------------------------------

TEST(TableFencingSetupTest, DefaultOptionsListEveryOption) {
  const GameType type = GameTypeInfo();
  EXPECT_EQ(type.name, "table-fencing");
  EXPECT_FALSE(type.camera_refereed);
  EXPECT_EQ(type.min_players, 3);
  EXPECT_EQ(type.max_players, 8);
  EXPECT_EQ(type.default_options,
            Json::parse(R"({"start": "", "direction": "clockwise", "region": "state",
                            "map": "Ohio", "difficulty": "interstate", "bumpers_to_win": 2,
                            "bumper_build": 50, "bumper_measure": "score",
                            "parry_multiplied": false})"));
  const auto game = MakeGame(SetupFor(3));
  EXPECT_EQ(game->ResolvedOptions()["start"], "Ann");
}

void ExpectBadSetup(const GameSetup& setup, const std::string& part) {
  try {
    MakeGame(setup);
    ADD_FAILURE() << "accepted: " << setup.ToJson().dump();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find(part), std::string::npos) << error.what();
  }
}

TEST(TableFencingSetupTest, BadSetupsAndOptionsAreRefused) {
  ExpectBadSetup(SetupFor(2), "needs 3 to 8 players, got 2");
  GameSetup nine = SetupFor(8);
  nine.players.emplace_back("Ivy");
  ExpectBadSetup(nine, "needs 3 to 8 players, got 9");
  GameSetup teams = SetupFor(4);
  teams.teams = {{"A", {0, 1}}, {"B", {2, 3}}};
  ExpectBadSetup(teams, "remove the teams");
  ExpectBadSetup(SetupFor(3, {{"start", "Zed"}}), "\"start\" names 'Zed', who is not playing");
  ExpectBadSetup(SetupFor(3, {{"direction", "sideways"}}),
                 "\"direction\" must be clockwise or counter-clockwise");
  ExpectBadSetup(SetupFor(3, {{"difficulty", "easy"}}), "\"difficulty\" must be");
  ExpectBadSetup(SetupFor(3, {{"bumpers_to_win", 0}}), "\"bumpers_to_win\" must be between 1");
  ExpectBadSetup(SetupFor(3, {{"bumper_build", "fifty"}}), "\"bumper_build\" must be a whole");
  ExpectBadSetup(SetupFor(3, {{"parry_multiplied", 1}}), "must be true or false");
  ExpectBadSetup(SetupFor(3, {{"colour", "red"}}), "unknown field \"colour\"");
}

TEST_F(TableFencingTest, IllegalActionsSayWhyAndWhatIsAllowed) {
  ExpectRefused({{"type", "roll"}, {"dice", {3}}},
                "'roll' is not allowed now: Ann (control) calls Thrust; everyone draws a card; "
                "allowed: thrust, quick_switch, hose, penalty or theme");
  ExpectRefused({{"type", "parry"}}, "unknown action type 'parry'");
  ExpectRefused({{"type", "thrust"}, {"cards", Cards{{"Ann", "K"}, {"Bob", "1"}, {"Cy", "3"}}}},
                "Bob's card must be A, 2..10, J, Q or K, got \"1\"");
  ExpectRefused({{"type", "thrust"}, {"cards", Cards{{"Ann", "K"}, {"Bob", "2"}}}},
                "lacks Cy's card");
  ExpectRefused({{"type", "thrust"}, {"cards", Cards{{"Ann", "K"}, {"Bob", "2"}, {"Zed", "3"}}}},
                "has a card for 'Zed', who does not draw now");
  ExpectRefused({{"type", "thrust"}, {"cards", {1, 2, 3}}}, "must map each drawing player");
  ExpectRefused({{"type", "thrust"},
                 {"cards", Cards{{"Ann", "K"}, {"Bob", "2"}, {"Cy", "3"}}},
                 {"note", "x"}},
                "unknown field \"note\"");
  ExpectRefused({{"type", "penalty"}, {"player", "Ann"}, {"reason", "rudeness"}},
                "\"reason\" must be catch, off-road, miscue or miscued-miscue");
  ExpectRefused({{"type", "theme"}, {"player", "Zed"}}, "names 'Zed', who is not playing");
  Thrust({{"Ann", "K"}, {"Bob", "2"}, {"Cy", "3"}});
  ExpectRefused({{"type", "roll"}, {"dice", {7}}}, "must hold die values 1 to 6, got 7");
  ExpectRefused({{"type", "hose"}, {"hosee", "Bob"}, {"hoser_roll", 2}, {"hosee_roll", 1}},
                "must be another player than the purple ball's holder");
  ExpectRefused({{"type", "hose"}, {"hosee", "Cy"}, {"hoser_roll", 0}, {"hosee_roll", 1}},
                "\"hoser_roll\" must be between 1 and 6");
  ExpectRefused({{"type", "quick_switch"}, {"purple_throw", "fumbled"}, {"yellow_throw", "caught"}},
                "\"purple_throw\" must be caught, dropped or wild");
}

TEST_F(TableFencingTest, ScorecardIsThePaperSheetWithATrickPanel) {
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  War({{"Ann", "9"}, {"Bob", "4"}, {"Cy", "3"}});
  const ScoreTable card = state_->Scorecard();
  EXPECT_EQ(card.columns, (std::vector<std::string>{"Ann", "Bob", "Cy"}));
  std::vector<std::string> labels;
  for (const auto& row : card.rows) labels.push_back(row.label);
  EXPECT_EQ(labels,
            (std::vector<std::string>{"Bumper 1 builds", "Bumper 1 slides", "Bumper 1 score",
                                      "Bumpers won", "Chocolate", "Golf ball", "Silly hat"}));
  EXPECT_TRUE(card.rows[2].is_total);
  EXPECT_EQ(card.rows[5].cells, (std::vector<std::string>{"yellow", "purple", ""}));
  EXPECT_EQ(card.details["trick"]["winner"], "Ann");
  EXPECT_EQ(card.details["trick"]["dice_to_roll"], 2);
  EXPECT_EQ(card.details["trick"]["multiplier"], 1);
  EXPECT_EQ(card.details["control"], "Ann");
  EXPECT_NE(state_->StatusLine().find("Ann wins the trick by a trump: rolls 2 dice x1"),
            std::string::npos);
}

TEST_F(TableFencingTest, UndoRestoresTheStateBeforeTheLastAction) {
  const Json before = Snap();
  Thrust({{"Ann", "7"}, {"Bob", "7"}, {"Cy", "2"}});
  state_->Undo();
  EXPECT_EQ(Snap(), before);
}

}  // namespace
}  // namespace tabref::rules::table_fencing
