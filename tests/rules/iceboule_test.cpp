// Ice Boule: one scenario per rule of the rulebook, close calls, manual entry, bad input
// and the bundled sample game.
#include "rules/iceboule/iceboule.h"

#include <gtest/gtest.h>

#include <fstream>

#include "rules/core/geometry.h"
#include "rules/core/rule_error.h"
#include "rules/core/state.h"

namespace tabref::rules::iceboule {
namespace {

// Every test stands a medium target at the same spot; medium pieces are squares of 19.8 mm,
// so an axis-aligned piece `gap` mm from it lies 19.8 + gap mm from its centre.
constexpr double kTargetX = 500.0;
constexpr double kTargetY = 500.0;
constexpr double kMediumBase = 19.8;

std::unique_ptr<State> NewGame(std::vector<std::string> players, Json options = Json::object()) {
  return MakeGame(GameSetup{"iceboule", std::move(players), {}, std::move(options)})
      ->NewInitialState();
}

Json CurrentEnd(const State& state) { return state.Scorecard().details["current_end"]; }
Json Scores(const State& state) { return state.Snapshot()["scores"]; }

// A medium piece upright `gap` mm from the target, on the side given by `direction`.
Json PieceAt(const std::string& player, double gap, Vec2 direction = {1.0, 0.0}) {
  const Vec2 position = Vec2{kTargetX, kTargetY} + direction * (kMediumBase + gap);
  return {{"player", player}, {"position", ToJson(position)}, {"sigma_mm", 0.0}};
}

void ExpectRefused(State& state, const Json& action, const std::string& reason_part) {
  const Json before = state.Snapshot();
  try {
    state.Apply(action);
    ADD_FAILURE() << "accepted: " << action.dump();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find(reason_part), std::string::npos) << error.what();
    EXPECT_EQ(std::string(error.what()).find('\n'), std::string::npos) << error.what();
  }
  EXPECT_EQ(state.Snapshot(), before);
}

// Drives the measured ends of a game: keeps every shot piece and reports the whole layout
// after each shot, as the camera does.
class Table {
 public:
  explicit Table(State& state) : state_(state) {}

  void StartEnd(const std::string& starter, const std::string& size = "medium") {
    pieces_ = Json::array();
    state_.Apply({{"type", "place_target"},
                  {"player", starter},
                  {"size", "medium"},
                  {"position", {kTargetX, kTargetY}}},
                 ActionSource::kVision);
    for (const auto& player : state_.game().setup().players) {
      state_.Apply({{"type", "choose_size"}, {"player", player}, {"size", size}});
    }
  }
  void Shoot(const Json& piece) {
    pieces_.push_back(piece);
    state_.Apply({{"type", "shot"}, {"pieces", pieces_}}, ActionSource::kVision);
  }
  // Replaces piece `index` (knocked by the next shot).
  Json& Piece(size_t index) { return pieces_[index]; }

 private:
  State& state_;
  Json pieces_ = Json::array();
};

const Vec2 kLeft{-1.0, 0.0};
const Vec2 kUp{0.0, 1.0};
const Vec2 kDown{0.0, -1.0};

// --- Setup ------------------------------------------------------------------------------

TEST(IceBouleSetup, OneToTenPlayersEachPlayingForHimself) {
  EXPECT_NO_THROW(NewGame({"Solo"}));
  EXPECT_NO_THROW(NewGame({"1", "2", "3", "4", "5", "6", "7", "8", "9", "10"}));
  EXPECT_THROW(NewGame({}), RuleError);
  EXPECT_THROW(NewGame({"1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}), RuleError);
  GameSetup teams{"iceboule", {"Ann", "Bob"}, {{"A", {0}}, {"B", {1}}}, Json::object()};
  try {
    MakeGame(teams);
    ADD_FAILURE() << "teams accepted";
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find("no teams"), std::string::npos);
  }
}

TEST(IceBouleSetup, OptionsHaveDefaultsAndAreChecked) {
  const GameType type = GameTypeInfo();
  EXPECT_EQ(type.name, "iceboule");
  EXPECT_TRUE(type.camera_refereed);
  EXPECT_EQ(type.default_options, (Json{{"target", 13},
                                        {"close_call_mm", 1.0},
                                        {"solo_radius_mm", 30.0},
                                        {"touching_is_equal", true}}));
  EXPECT_EQ(MakeGame(GameSetup{"iceboule", {"Ann"}, {}, {{"target", 7}}})->ResolvedOptions(),
            (Json{{"target", 7},
                  {"close_call_mm", 1.0},
                  {"solo_radius_mm", 30.0},
                  {"touching_is_equal", true}}));
  for (const Json& bad : {Json{{"goal", 13}}, Json{{"target", 0}}, Json{{"target", "13"}},
                          Json{{"close_call_mm", -1.0}}, Json{{"solo_radius_mm", -2.0}},
                          Json{{"touching_is_equal", 1}}}) {
    EXPECT_THROW(MakeGame(GameSetup{"iceboule", {"Ann"}, {}, bad}), RuleError) << bad.dump();
  }
}

TEST(IceBouleSetup, TheTableDecidesWhoGoesFirst) {
  auto state = NewGame({"Ann", "Bob", "Cy"});
  EXPECT_EQ(state->Actors(), (std::vector<int>{0, 1, 2}));
  ExpectRefused(*state, {{"type", "place_target"}, {"size", "medium"}}, "who goes first");
  state->Apply({{"type", "place_target"}, {"player", "Cy"}, {"size", "drone"}});
  EXPECT_EQ(CurrentEnd(*state)["starting_player"], "Cy");
}

// --- Before each end --------------------------------------------------------------------

TEST(IceBouleBeforeEachEnd, TheStartingPlayerPlacesTheTargetStoodUpright) {
  auto state = NewGame({"Ann", "Bob"});
  ExpectRefused(*state,
                {{"type", "place_target"},
                 {"player", "Ann"},
                 {"size", "large"},
                 {"position", {1.0, 2.0}},
                 {"pose", "lying"},
                 {"angle_deg", 30}},
                "stood upright");
  state->Apply({{"type", "place_target"},
                {"player", "Ann"},
                {"size", "queen"},
                {"position", {410.0, 220.5}},
                {"sigma_mm", 0.3}});
  const Json target = CurrentEnd(*state)["layout"]["target"];
  EXPECT_EQ(target["pose"], "upright");
  EXPECT_EQ(target["position"], Json({410.0, 220.5}));
  EXPECT_EQ(CurrentEnd(*state)["target_size"], "large");
}

TEST(IceBouleBeforeEachEnd, EachPlayerSelectsOneSizeForTheEnd) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply({{"type", "place_target"}, {"player", "Ann"}, {"size", "medium"}});
  ExpectRefused(*state, {{"type", "shot"}, {"leader", "Ann"}}, "legal: choose_size");
  state->Apply({{"type", "choose_size"}, {"player", "Bob"}, {"size", "pawn"}});
  EXPECT_EQ(state->Actors(), std::vector<int>{0});
  ExpectRefused(*state, {{"type", "choose_size"}, {"player", "Bob"}, {"size", "queen"}},
                "already chosen");
  ExpectRefused(*state, {{"type", "choose_size"}, {"player", "Ann"}, {"size", "huge"}},
                "small, medium, large, pawn, drone or queen");
  state->Apply({{"type", "choose_size"}, {"player", "Ann"}, {"size", "large"}});
  EXPECT_EQ(CurrentEnd(*state)["sizes"], (Json{{"Ann", "large"}, {"Bob", "small"}}));
  EXPECT_EQ(CurrentEnd(*state)["pieces_left"], (Json{{"Ann", 5}, {"Bob", 5}}));
}

// --- Play -------------------------------------------------------------------------------

TEST(IceBoulePlay, TheStartingPlayerIsTheFirstActivePlayer) {
  auto state = NewGame({"Ann", "Bob", "Cy"});
  Table table(*state);
  table.StartEnd("Bob");
  EXPECT_EQ(state->Actors(), std::vector<int>{1});
  EXPECT_NE(state->StatusLine().find("Bob (medium/drone) shoots projectile 1 of 4"),
            std::string::npos);
  ExpectRefused(*state, {{"type", "shot"}, {"player", "Ann"}, {"leader", "Ann"}},
                "it is Bob who shoots now, not Ann");
}

// The rulebook's worked example: "The first centrificed piece automatically is the leading
// piece, thus the first active player will always only centrifice once."
TEST(IceBoulePlay, TheFirstShotLeadsSoTheFirstPlayerShootsOnce) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 150.0));
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Ann");
  EXPECT_EQ(state->Actors(), std::vector<int>{1});
}

TEST(IceBoulePlay, TheActivePlayerShootsUntilOneOfHisPiecesLeads) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 10.0));
  table.Shoot(PieceAt("Bob", 30.0, kLeft));
  EXPECT_EQ(state->Actors(), std::vector<int>{1}) << "Bob does not lead: he shoots again";
  table.Shoot(PieceAt("Bob", 5.0, kDown));
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Bob");
  EXPECT_EQ(state->Actors(), std::vector<int>{0});
}

TEST(IceBoulePlay, FivePiecesGiveFourProjectilesAndTheLastIsNeverShot) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 1.0));
  for (double gap : {50.0, 60.0, 70.0, 80.0}) table.Shoot(PieceAt("Bob", gap, kLeft));
  EXPECT_EQ(CurrentEnd(*state)["pieces_left"]["Bob"], 1);
  EXPECT_EQ(state->Actors(), std::vector<int>{0}) << "Bob has one piece left: Ann shoots";
}

TEST(IceBoulePlay, TheNextPlayerInSeatOrderWhoHasProjectilesAndDoesNotLead) {
  auto state = NewGame({"Ann", "Bob", "Cy"});
  Table table(*state);
  table.StartEnd("Cy");
  table.Shoot(PieceAt("Cy", 20.0));
  EXPECT_EQ(state->Actors(), std::vector<int>{0}) << "after Cy comes Ann";
  table.Shoot(PieceAt("Ann", 10.0, kLeft));
  EXPECT_EQ(state->Actors(), std::vector<int>{1}) << "Ann leads: Bob";
  table.Shoot(PieceAt("Bob", 90.0, kUp));
  EXPECT_EQ(state->Actors(), std::vector<int>{1});
  table.Shoot(PieceAt("Bob", 95.0, kUp));
  table.Shoot(PieceAt("Bob", 99.0, kUp));
  table.Shoot(PieceAt("Bob", 97.0, kUp));
  EXPECT_EQ(state->Actors(), std::vector<int>{2}) << "Bob is out; Ann leads: Cy";
}

TEST(IceBoulePlay, WhenOnlyTheLeaderHasProjectilesHeShootsTheRest) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 2.0));
  for (double gap : {50.0, 60.0, 70.0, 80.0}) table.Shoot(PieceAt("Bob", gap, kLeft));
  for (int shot = 0; shot < 3; ++shot) {
    EXPECT_EQ(state->Actors(), std::vector<int>{0});
    table.Shoot(PieceAt("Ann", 30.0 + shot, kUp));
  }
  EXPECT_EQ(Scores(*state), Json({4, 0})) << "Ann's four pieces all beat Bob's best";
}

// --- Distances and scoring ----------------------------------------------------------------

TEST(IceBouleScoring, TheLeaderScoresHisPiecesCloserThanTheBestOpposingPiece) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 10.0));
  table.Shoot(PieceAt("Bob", 30.0, kLeft));
  table.Shoot(PieceAt("Bob", 40.0, kUp));
  table.Shoot(PieceAt("Bob", 5.0, kDown));
  table.Shoot(PieceAt("Ann", 3.0, kUp));
  EXPECT_EQ(state->Actors(), std::vector<int>{1});
  table.Shoot(PieceAt("Bob", 50.0, kLeft));
  table.Shoot(PieceAt("Ann", 20.0, kLeft));
  table.Shoot(PieceAt("Ann", 2.0, kDown));
  EXPECT_EQ(Scores(*state), Json({2, 0})) << "3 and 2 mm beat Bob's 5; 10 and 20 do not";
  EXPECT_EQ(state->Scorecard().rows.front().cells,
            (std::vector<std::string>{"2 (drone)", "- (drone)"}));
}

TEST(IceBouleScoring, AStackedPieceStillUprightIsWorthTwo) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot({{"player", "Ann"}, {"position", {kTargetX, kTargetY}}, {"stacked_on_target", true}});
  for (double gap : {1.0, 2.0, 3.0, 4.0}) table.Shoot(PieceAt("Bob", gap, kLeft));
  for (double gap : {40.0, 50.0, 60.0}) table.Shoot(PieceAt("Ann", gap, kUp));
  EXPECT_EQ(Scores(*state), Json({2, 0}));
}

TEST(IceBouleScoring, AFallenStackIsJustTouching) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  ExpectRefused(*state,
                {{"type", "shot"},
                 {"pieces",
                  {{{"player", "Ann"},
                    {"position", {kTargetX, kTargetY}},
                    {"pose", "lying"},
                    {"angle_deg", 0.0},
                    {"stacked_on_target", true}}}}},
                "a fallen stack counts as touching_target");
  table.Shoot({{"player", "Ann"},
               {"position", {kTargetX + 12.0, kTargetY}},
               {"pose", "lying"},
               {"angle_deg", 0.0},
               {"touching_target", true}});
  for (double gap : {1.0, 2.0, 3.0, 4.0}) table.Shoot(PieceAt("Bob", gap, kLeft));
  for (double gap : {40.0, 50.0, 60.0}) table.Shoot(PieceAt("Ann", gap, kUp));
  EXPECT_EQ(Scores(*state), Json({1, 0}));
}

TEST(IceBouleDistances, StackedBeatsTouchingBeatsAnyMeasuredGap) {
  auto state = NewGame({"Ann", "Bob", "Cy"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 0.05));
  table.Shoot({{"player", "Bob"},
               {"position", {kTargetX - kMediumBase, kTargetY}},
               {"touching_target", true}});
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Bob");
  table.Shoot({{"player", "Cy"}, {"position", {kTargetX, kTargetY}}, {"stacked_on_target", true}});
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Cy");
}

TEST(IceBouleDistances, GapsAreMeasuredBetweenFootprints) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  // Ann's upright piece: centre 40 mm away, gap 40 - 19.8 = 20.2 mm.
  table.Shoot({{"player", "Ann"}, {"position", {kTargetX + 40.0, kTargetY}}});
  // Bob's lying piece: centre 45 mm away, but its apex points at the target.
  table.Shoot({{"player", "Bob"},
               {"position", {kTargetX - 45.0, kTargetY}},
               {"pose", "lying"},
               {"angle_deg", 0.0}});
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Bob");
  const double gap = CurrentEnd(*state)["layout"]["pieces"][1]["distance"]["gap_mm"];
  EXPECT_LT(gap, 20.0);
}

TEST(IceBouleDistances, KnockedAwayPiecesStayInPlay) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 5.0));
  table.Piece(0) = PieceAt("Ann", 80.0);  // knocked by Bob's shot, still on the table
  table.Shoot(PieceAt("Bob", 20.0, kLeft));
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Bob");
  EXPECT_EQ(state->Actors(), std::vector<int>{0});
}

TEST(IceBouleDistances, APieceOffTheTableNeverScores) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot({{"player", "Ann"}, {"off_table", true}});
  EXPECT_TRUE(CurrentEnd(*state)["leader"].is_null());
  EXPECT_EQ(state->Actors(), std::vector<int>{0}) << "no piece of Ann's leads: she goes on";
  table.Shoot(PieceAt("Ann", 40.0));
  table.Shoot(PieceAt("Bob", 10.0, kLeft));
  table.Piece(1) = {{"player", "Ann"}, {"off_table", true}};
  table.Shoot(PieceAt("Ann", 60.0, kUp));
  EXPECT_EQ(CurrentEnd(*state)["pieces_left"]["Ann"], 2);
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Bob");
}

// --- Close calls and ties ----------------------------------------------------------------

TEST(IceBouleCloseCall, TheTableRulesWhichPieceIsCloser) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 10.0));
  table.Shoot(PieceAt("Bob", 10.4, kLeft));
  EXPECT_EQ(state->Actors(), (std::vector<int>{0, 1}));
  EXPECT_NE(state->StatusLine().find("ruling: is Ann's piece (10.0 mm from the target) or "
                                     "Bob's (10.4 mm from the target) closer"),
            std::string::npos)
      << state->StatusLine();
  ExpectRefused(*state, {{"type", "ruling"}, {"closer", "Ann"}, {"equal", true}},
                "\"closer\" player or says \"equal\"");
  state->Apply({{"type", "ruling"}, {"closer", "Bob"}});
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Bob");
  EXPECT_EQ(state->Actors(), std::vector<int>{0});
}

Json Touching(const std::string& player, Vec2 direction) {
  const Vec2 position = Vec2{kTargetX, kTargetY} + direction * kMediumBase;
  return {{"player", player}, {"position", ToJson(position)}, {"touching_target", true}};
}

TEST(IceBouleTie, TwoPiecesTouchingTheTargetAreAtAnEqualDistance) {
  // "The next further possible distance is a piece touching the target piece": touching
  // is one distance, so Ann's and Bob's touching pieces tie for the lead.
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(Touching("Ann", {1.0, 0.0}));
  table.Shoot(Touching("Bob", kLeft));
  EXPECT_EQ(state->Scorecard().details["phase"], "shooting");
  EXPECT_TRUE(CurrentEnd(*state)["tie_for_lead"]);
  EXPECT_EQ(state->Actors(), std::vector<int>{1}) << "Bob does not lead: he shoots again";
  for (int shot = 0; shot < 3; ++shot) table.Shoot(PieceAt("Bob", 40.0 + shot, kDown));
  for (int shot = 0; shot < 3; ++shot) table.Shoot(PieceAt("Ann", 50.0 + shot, kUp));
  EXPECT_EQ(Scores(*state), Json({0, 0}));
  EXPECT_EQ(state->Scorecard().rows.front().label, "End 1 (Ann starts, tie: replayed)");
}

TEST(IceBouleTie, ATouchingPieceEqualToTheBestOpponentDoesNotScore) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot({{"player", "Ann"}, {"position", {kTargetX, kTargetY}}, {"stacked_on_target", true}});
  table.Shoot(Touching("Bob", kLeft));
  for (int shot = 0; shot < 3; ++shot) table.Shoot(PieceAt("Bob", 40.0 + shot, kDown));
  table.Shoot(Touching("Ann", {1.0, 0.0}));  // as close as Bob's best: not closer
  for (int shot = 0; shot < 2; ++shot) table.Shoot(PieceAt("Ann", 60.0 + shot, kUp));
  EXPECT_EQ(Scores(*state), Json({2, 0})) << "only the stacked piece beats Bob's touching one";
}

TEST(IceBouleCloseCall, WithTheOptionTheTableRulesBetweenTwoTouchingPieces) {
  auto state = NewGame({"Ann", "Bob"}, {{"touching_is_equal", false}});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(Touching("Ann", {1.0, 0.0}));
  table.Shoot(Touching("Bob", kLeft));
  ASSERT_EQ(state->Scorecard().details["phase"], "ruling");
  state->Apply({{"type", "ruling"}, {"closer", "Ann"}});
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Ann");
}

TEST(IceBouleCloseCall, PositionUncertaintyWidensTheTolerance) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  Json ann = PieceAt("Ann", 10.0);
  ann["sigma_mm"] = 1.5;
  table.Shoot(ann);
  table.Shoot(PieceAt("Bob", 12.5, kLeft));  // 2.5 mm apart, within 2 sigmas (3 mm)
  EXPECT_EQ(state->Scorecard().details["phase"], "ruling");
}

TEST(IceBouleTie, EqualDistancesForTheLeadReplayTheEndWithoutScoring) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Bob");
  table.Shoot(PieceAt("Bob", 10.0));
  table.Shoot(PieceAt("Ann", 10.2, kLeft));
  state->Apply({{"type", "ruling"}, {"equal", true}});
  EXPECT_TRUE(CurrentEnd(*state)["tie_for_lead"]);
  // The ruling stands while neither piece moves: the next shots do not ask again.
  EXPECT_EQ(state->Actors(), std::vector<int>{0}) << "a tie for the lead: Ann does not lead";
  for (double gap : {50.0, 60.0, 70.0}) table.Shoot(PieceAt("Ann", gap, kUp));
  for (double gap : {55.0, 65.0, 75.0}) table.Shoot(PieceAt("Bob", gap, kDown));
  EXPECT_EQ(Scores(*state), Json({0, 0}));
  EXPECT_EQ(state->Scorecard().rows.front().label, "End 1 (Bob starts, tie: replayed)");
  EXPECT_EQ(CurrentEnd(*state)["starting_player"], "Bob");
  EXPECT_EQ(state->Scorecard().details["end"], 2);
}

// --- Ends and the game --------------------------------------------------------------------

// An end in which Ann's four pieces all beat Bob's best one.
void PlayAnnWinsFour(Table& table, const std::string& starter) {
  table.StartEnd(starter);
  const bool bob_starts = starter == "Bob";
  if (bob_starts) table.Shoot(PieceAt("Bob", 90.0, kLeft));
  table.Shoot(PieceAt("Ann", 1.0));
  for (int shot = bob_starts ? 1 : 0; shot < 4; ++shot) {
    table.Shoot(PieceAt("Bob", 91.0 + shot, kLeft));
  }
  for (double gap : {2.0, 3.0, 4.0}) table.Shoot(PieceAt("Ann", gap, kUp));
}

TEST(IceBouleEnds, TheEndWinnerStartsTheNextEnd) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  PlayAnnWinsFour(table, "Bob");
  EXPECT_EQ(Scores(*state), Json({4, 0}));
  EXPECT_EQ(state->Actors(), std::vector<int>{0});
  ExpectRefused(*state, {{"type", "place_target"}, {"player", "Bob"}, {"size", "small"}},
                "it is Ann who places the target, not Bob");
}

TEST(IceBouleEnds, TheFirstPlayerToReachTheTargetWins) {
  auto state = NewGame({"Ann", "Bob"}, {{"target", 7}});
  Table table(*state);
  PlayAnnWinsFour(table, "Ann");
  EXPECT_FALSE(state->IsTerminal());
  PlayAnnWinsFour(table, "Ann");
  EXPECT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Winners(), std::vector<int>{0});
  EXPECT_EQ(state->StatusLine(), "Game over: Ann wins with 8 points (Ann 8 - Bob 0)");
  EXPECT_TRUE(state->Actors().empty());
  const ScoreTable card = state->Scorecard();
  EXPECT_EQ(card.columns, (std::vector<std::string>{"Ann", "Bob"}));
  ASSERT_EQ(card.rows.size(), 3u);
  EXPECT_EQ(card.rows[1].label, "End 2 (Ann starts)");
  EXPECT_TRUE(card.rows[2].is_total);
  EXPECT_EQ(card.rows[2].cells, (std::vector<std::string>{"8", "0"}));
}

TEST(IceBouleSolo, AOnePlayerGameScoresPiecesNearTheTarget) {
  auto state = NewGame({"Solo"}, {{"solo_radius_mm", 25.0}});
  Table table(*state);
  table.StartEnd("Solo");
  table.Shoot(
      {{"player", "Solo"}, {"position", {kTargetX, kTargetY}}, {"stacked_on_target", true}});
  table.Shoot(PieceAt("Solo", 24.0, kLeft));
  table.Shoot(PieceAt("Solo", 26.0, kUp));
  table.Shoot({{"player", "Solo"}, {"off_table", true}});
  EXPECT_EQ(Scores(*state), Json({3}));
  EXPECT_EQ(CurrentEnd(*state)["starting_player"], "Solo");
}

// --- Manual entry ---------------------------------------------------------------------------

TEST(IceBouleManual, AWholeEndEnteredByHand) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply({{"type", "place_target"}, {"player", "Ann"}, {"size", "small"}});
  state->Apply({{"type", "choose_size"}, {"player", "Ann"}, {"size", "queen"}});
  state->Apply({{"type", "choose_size"}, {"player", "Bob"}, {"size", "drone"}});
  state->Apply({{"type", "shot"}, {"player", "Ann"}, {"leader", "Ann"}});
  ExpectRefused(*state, {{"type", "shot"}, {"leader", "Cy"}}, "Cy");
  for (int shot = 0; shot < 4; ++shot) state->Apply({{"type", "shot"}, {"leader", "Ann"}});
  for (int shot = 0; shot < 3; ++shot) state->Apply({{"type", "shot"}, {"leader", "Ann"}});
  EXPECT_EQ(state->Scorecard().details["phase"], "end_result");
  ExpectRefused(*state, {{"type", "end_result"}, {"tie", true}}, "not a tie: Ann leads");
  ExpectRefused(*state, {{"type", "end_result"}, {"player", "Bob"}, {"points", 2}},
                "only Ann, who owns the leading piece, scores");
  ExpectRefused(*state, {{"type", "end_result"}, {"player", "Ann"}, {"points", 6}},
                "between 1 and 5");
  state->Apply({{"type", "end_result"}, {"player", "Ann"}, {"points", 3}});
  EXPECT_EQ(Scores(*state), Json({3, 0}));
  EXPECT_EQ(state->Scorecard().rows.front().cells,
            (std::vector<std::string>{"3 (queen)", "- (drone)"}));
}

TEST(IceBouleManual, NoLeadingPieceMeansATie) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply({{"type", "place_target"}, {"player", "Ann"}, {"size", "small"}});
  state->Apply({{"type", "choose_size"}, {"player", "Ann"}, {"size", "pawn"}});
  state->Apply({{"type", "choose_size"}, {"player", "Bob"}, {"size", "pawn"}});
  state->Apply({{"type", "shot"}, {"leader", "Ann"}});
  for (int shot = 0; shot < 4; ++shot) state->Apply({{"type", "shot"}, {"leader", "none"}});
  for (int shot = 0; shot < 3; ++shot) state->Apply({{"type", "shot"}, {"leader", "none"}});
  ExpectRefused(*state, {{"type", "end_result"}, {"player", "Ann"}, {"points", 1}}, "nobody leads");
  state->Apply({{"type", "end_result"}, {"tie", true}});
  EXPECT_EQ(Scores(*state), Json({0, 0}));
  EXPECT_EQ(CurrentEnd(*state)["starting_player"], "Ann");
}

TEST(IceBouleManual, AShotEnteredByHandLeavesTheEndResultToThePlayers) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 10.0));
  state->Apply({{"type", "shot"}, {"leader", "Bob"}});
  EXPECT_FALSE(CurrentEnd(*state)["measured"]);
  EXPECT_EQ(state->Actors(), std::vector<int>{0});
  for (int shot = 0; shot < 3; ++shot) state->Apply({{"type", "shot"}, {"leader", "Bob"}});
  for (int shot = 0; shot < 3; ++shot) state->Apply({{"type", "shot"}, {"leader", "Bob"}});
  state->Apply({{"type", "end_result"}, {"player", "Bob"}, {"points", 2}});
  EXPECT_EQ(Scores(*state), Json({0, 2}));
}

TEST(IceBouleManual, AMeasuredShotInAnEndKeptByHandMustShowTheTarget) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply({{"type", "place_target"}, {"player", "Ann"}, {"size", "medium"}});
  state->Apply({{"type", "choose_size"}, {"player", "Ann"}, {"size", "medium"}});
  state->Apply({{"type", "choose_size"}, {"player", "Bob"}, {"size", "medium"}});
  const Json pieces = Json::array({PieceAt("Ann", 10.0)});
  ExpectRefused(*state, {{"type", "shot"}, {"pieces", pieces}}, "target's position is not known");
  state->Apply(
      {{"type", "shot"}, {"pieces", pieces}, {"target", {{"position", {kTargetX, kTargetY}}}}});
  EXPECT_TRUE(CurrentEnd(*state)["measured"]);
  EXPECT_EQ(CurrentEnd(*state)["leader"], "Ann");
}

// --- Bad input --------------------------------------------------------------------------------

TEST(IceBouleBadInput, AShotMustListEveryShotPiece) {
  auto state = NewGame({"Ann", "Bob"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 10.0));
  ExpectRefused(*state, {{"type", "shot"}, {"pieces", Json::array({PieceAt("Bob", 3.0)})}},
                "lists 0 pieces of Ann, who has shot 1");
  ExpectRefused(*state,
                {{"type", "shot"},
                 {"pieces", {PieceAt("Ann", 10.0), PieceAt("Bob", 3.0)}},
                 {"leader", "Bob"}},
                "either the measured \"pieces\" or the \"leader\"");
  Json spin = PieceAt("Bob", 3.0);
  spin["spin"] = 2;
  ExpectRefused(*state, {{"type", "shot"}, {"pieces", {PieceAt("Ann", 10.0), spin}}},
                "piece 2 of action 'shot': unknown field \"spin\"");
  ExpectRefused(*state, {{"type", "shot"}, {"pieces", {PieceAt("Ann", 10.0), PieceAt("Zed", 3.0)}}},
                "'Zed', who is not playing");
  ExpectRefused(*state, {{"type", "end_result"}, {"tie", true}}, "(legal: shot)");
}

TEST(IceBouleBadInput, RulingsNameOneOfTheTwoPlayers) {
  auto state = NewGame({"Ann", "Bob", "Cy"});
  Table table(*state);
  table.StartEnd("Ann");
  table.Shoot(PieceAt("Ann", 10.0));
  table.Shoot(PieceAt("Bob", 10.3, kLeft));
  ExpectRefused(*state, {{"type", "ruling"}, {"closer", "Cy"}}, "between Ann and Bob, not Cy");
  ExpectRefused(*state, {{"type", "shot"}, {"leader", "Bob"}}, "(legal: ruling)");
}

TEST(IceBouleBadInput, TheGameIsOverAfterTheWinningEnd) {
  auto state = NewGame({"Ann", "Bob"}, {{"target", 1}});
  Table table(*state);
  PlayAnnWinsFour(table, "Ann");
  EXPECT_THROW(state->Apply({{"type", "place_target"}, {"player", "Ann"}, {"size", "small"}}),
               RuleError);
}

// --- The sample game -------------------------------------------------------------------------

TEST(IceBouleSample, TheBundledGameReplaysToItsWinner) {
  std::ifstream file(TABREF_SOURCE_DIR "/data/samples/iceboule.json");
  ASSERT_TRUE(file.good());
  const Json log = Json::parse(file);
  std::vector<Action> actions;
  for (const Json& entry : log.at("actions")) actions.push_back(Action::FromJson(entry));
  const auto state = Replay(MakeGame(GameSetup::FromJson(log)), actions);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Mia"});
}

}  // namespace
}  // namespace tabref::rules::iceboule
