// Ppolf rule scenarios: one test per rule of the rulebook, driven through actions.
#include "rules/ppolf/ppolf.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "rules/core/rule_error.h"
#include "rules/core/state.h"
#include "rules/ppolf/course.h"

namespace tabref::rules::ppolf {
namespace {

// The first hole (Red null) lies at (600, 400), square to the table axes.
constexpr double kHoleX = 600.0;
constexpr double kHoleY = 400.0;
constexpr double kTileHalf = 25.4;
constexpr double kCoinRadius = 19.05 / 2.0;

std::unique_ptr<State> NewGame(const std::vector<std::string>& players,
                               const Json& options = Json::object()) {
  GameSetup setup;
  setup.game = "ppolf";
  setup.players = players;
  setup.options = options;
  return MakeGame(setup)->NewInitialState();
}

Json HolePose(double x = kHoleX, double y = kHoleY) {
  return {{"at", {x, y}}, {"angle_deg", 0.0}, {"sigma_mm", 0.2}};
}

// A coin resting `gap` mm from the Red null hole's footprint, east of it (or north).
Json CoinAtGap(const std::string& player, double gap, bool north = false, double sigma = 0.2) {
  const double out = kTileHalf + kCoinRadius + gap;
  return {{"player", player},
          {"at", north ? Json{kHoleX, kHoleY + out} : Json{kHoleX + out, kHoleY}},
          {"sigma_mm", sigma}};
}

Json Flick(const std::string& player, const Json& fields = Json::object()) {
  Json flick = {{"type", "flick"}, {"player", player}};
  flick.update(fields);
  return flick;
}

// A camera flick that misses and leaves the coin `gap` mm from the hole.
Json FlickTo(const std::string& player, double gap, bool north = false) {
  return Flick(player, {{"hole", HolePose()}, {"coins", {CoinAtGap(player, gap, north)}}});
}

std::vector<std::string> Actors(const State& state) { return state.Names(state.Actors()); }

// Every player still on the current hole hits it with the next flick.
void PlayHoleInOne(State& state) {
  const Json hole = state.Scorecard().details["hole_number"];
  while (state.Scorecard().details["hole_number"] == hole) {
    state.Apply(Flick(state.Names(state.Actors()).front(), {{"hit", true}}));
  }
}

std::string Cell(const State& state, const std::string& row, int column) {
  for (const auto& r : state.Scorecard().rows) {
    if (r.label == row) return r.cells.at(static_cast<size_t>(column));
  }
  ADD_FAILURE() << "no scorecard row " << row;
  return "";
}

Json PlayerDetails(const State& state, int seat) {
  return state.Scorecard().details["players"][static_cast<size_t>(seat)];
}

void ExpectRefused(State& state, const Json& action, const std::string& reason_part) {
  const Json before = state.Snapshot();
  try {
    state.Apply(action);
    ADD_FAILURE() << "accepted " << action.dump();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find(reason_part), std::string::npos)
        << "message: " << error.what();
  }
  EXPECT_EQ(state.Snapshot(), before);
}

// ------------------------------------------------------------------ the course

TEST(PpolfCourse, HolesArePlayedRedThenBlueThenGreenNullToFive) {
  const Options options;
  EXPECT_EQ(HoleTitle(0, options), "Red null");
  EXPECT_EQ(HoleTitle(1, options), "Red ace");
  EXPECT_EQ(HoleTitle(5, options), "Red 5");
  EXPECT_EQ(HoleTitle(6, options), "Blue null");
  EXPECT_EQ(HoleTitle(12, options), "Green null");
  EXPECT_EQ(HoleTitle(17, options), "Green 5");
  EXPECT_EQ(kHoleCount, 18);
}

TEST(PpolfCourse, ThirdSuitMayBeYellow) {
  auto state = NewGame({"Ann"}, {{"third_suit", "yellow"}});
  const auto rows = state->Scorecard().rows;
  EXPECT_EQ(rows.at(14).label, "Yellow null");
  EXPECT_EQ(rows.at(20).label, "Yellow Total");
  Options yellow;
  yellow.third_suit = "yellow";
  EXPECT_EQ(CourseTile("yellow", "3", yellow), TargetTile(15));
  EXPECT_THROW(CourseTile("green", "3", yellow), RuleError);
}

TEST(PpolfCourse, TilesAreNamedByColourOrPiecepackSuit) {
  const Options options;
  EXPECT_EQ(CourseTile("black", "ace", options), kFirstTeeTile);
  EXPECT_EQ(CourseTile("moons", "ace", options), kFirstTeeTile);
  EXPECT_EQ(CourseTile("suns", "null", options), TargetTile(0));
  EXPECT_EQ(CourseTile("arms", "2", options), TargetTile(8));
  EXPECT_EQ(CourseTile("crowns", "5", options), TargetTile(17));
  EXPECT_THROW(CourseTile("black", "2", options), RuleError);
  EXPECT_THROW(CourseTile("red", "6", options), RuleError);
}

// ------------------------------------------------------------------ teeing off

TEST(PpolfTeeOff, FirstHoleIsTeedOffFromTheBlackAce) {
  auto state = NewGame({"Ann", "Bob"});
  EXPECT_EQ(state->Scorecard().details["tee"], "Black ace");
  EXPECT_NE(state->StatusLine().find("tee-off from the Black ace"), std::string::npos);
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
}

TEST(PpolfTeeOff, LaterHolesAreTeedOffFromTheLastHole) {
  auto state = NewGame({"Ann", "Bob"});
  PlayHoleInOne(*state);
  EXPECT_EQ(state->Scorecard().details["hole"], "Red ace");
  EXPECT_EQ(state->Scorecard().details["tee"], "Red null");
}

TEST(PpolfTeeOff, TeeOrderRotatesByOneEachHoleAbcdThenBcda) {
  auto state = NewGame({"A", "B", "C", "D"});
  const std::vector<std::vector<std::string>> expected = {{"A", "B", "C", "D"},
                                                          {"B", "C", "D", "A"},
                                                          {"C", "D", "A", "B"},
                                                          {"D", "A", "B", "C"},
                                                          {"A", "B", "C", "D"}};
  for (const auto& order : expected) {
    for (const auto& player : order) {
      ASSERT_EQ(Actors(*state), std::vector<std::string>{player});
      state->Apply(Flick(player, {{"hit", true}}));
    }
  }
}

TEST(PpolfTeeOff, OnlyThePlayerToTeeOffMayFlick) {
  auto state = NewGame({"Ann", "Bob"});
  ExpectRefused(*state, Flick("Bob"), "Bob may not flick now; legal now: a flick by Ann");
}

// ------------------------------------------------------------------ play order

TEST(PpolfOrder, AfterTeeOffTheClosestCoinFlicksFirst) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(FlickTo("Bob", 150.0));
  state->Apply(FlickTo("Cid", 200.0));
  EXPECT_EQ(state->Scorecard().details["round"], 1);
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
  ExpectRefused(*state, Flick("Ann"), "legal now: a flick by Bob");
}

TEST(PpolfOrder, OrderIsFixedForTheRoundAndRedeterminedAfterEachPlayerFlickedOnce) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(FlickTo("Bob", 150.0));
  state->Apply(FlickTo("Cid", 200.0));
  // Bob's flick knocks Cid's coin far away: Cid still flicks second this round.
  state->Apply(Flick("Bob", {{"coins", {CoinAtGap("Bob", 400.0), CoinAtGap("Cid", 500.0, true)}}}));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Cid"});
  state->Apply(FlickTo("Cid", 250.0, true));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  state->Apply(FlickTo("Ann", 120.0));
  // Round 2: Ann 120, Cid 250, Bob 400.
  EXPECT_EQ(state->Scorecard().details["round"], 2);
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  state->Apply(FlickTo("Ann", 110.0));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Cid"});
  state->Apply(FlickTo("Cid", 130.0, true));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
}

TEST(PpolfOrder, CoinsThatHitLeaveTheOrder) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(Flick("Bob", {{"hit", true}}));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  state->Apply(FlickTo("Ann", 200.0));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  EXPECT_EQ(state->Scorecard().details["round"], 2);
}

TEST(PpolfOrder, LayoutAtTheStartOfARoundReordersFromTheNewPositions) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(Flick("Ann"));
  state->Apply(Flick("Bob"));
  EXPECT_EQ(Actors(*state), (std::vector<std::string>{"Ann", "Bob"}));
  state->Apply({{"type", "layout"},
                {"tiles", {{{"suit", "red"}, {"rank", "null"}, {"at", {kHoleX, kHoleY}}}}},
                {"coins", {CoinAtGap("Ann", 300.0), CoinAtGap("Bob", 200.0, true)}}});
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
}

// ------------------------------------------------------------------ putting out

TEST(PpolfPuttOut, CoinWithinTwoTileWidthsKeepsFlickingUntilItHits) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(FlickTo("Bob", 200.0));
  state->Apply(FlickTo("Bob", 90.0));  // within 101.6 mm: Bob putts out
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
  EXPECT_EQ(state->Scorecard().details["putting_out"], "Bob");
  state->Apply(FlickTo("Bob", 250.0));  // a putt-out goes on even when the coin rolls away
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
  state->Apply(Flick("Bob", {{"hit", true}}));
  EXPECT_EQ(Cell(*state, "Red null", 1), "4");
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
}

TEST(PpolfPuttOut, WithinMeansFootprintGapAtMostTwoTileWidths) {
  for (const auto& [gap, putts] : std::vector<std::pair<double, bool>>{
           {50.0, true}, {100.5, true}, {102.7, false}, {400.0, false}}) {
    auto state = NewGame({"Ann", "Bob"});
    state->Apply(FlickTo("Ann", gap));
    EXPECT_EQ(Actors(*state), std::vector<std::string>{putts ? "Ann" : "Bob"}) << gap;
  }
}

TEST(PpolfPuttOut, CoinKnockedWithinRangeStartsAPuttOutOnItsTurn) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(Flick("Bob", {{"coins", {CoinAtGap("Bob", 200.0, true), CoinAtGap("Ann", 60.0)}}}));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  state->Apply(FlickTo("Ann", 180.0));  // missed and rolled away, but she is putting out
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
}

TEST(PpolfPuttOut, TeeShotWithinRangePuttsOutBeforeTheNextTeeOff) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 40.0));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  state->Apply(Flick("Ann", {{"hit", true}}));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
}

TEST(PpolfPuttOut, OptionallyATeeShotWithinRangeWaitsForTheFirstRound) {
  auto state = NewGame({"Ann", "Bob"}, {{"putt_out_on_tee_off", false}});
  state->Apply(FlickTo("Ann", 40.0));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
  state->Apply(FlickTo("Bob", 300.0));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  state->Apply(FlickTo("Ann", 200.0));  // within range when her turn came: still putting out
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
}

TEST(PpolfPuttOut, PlayersFlagAPuttOutWhenNothingIsMeasured) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(Flick("Ann", {{"putt_out", true}}));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
  state->Apply(Flick("Ann"));
  state->Apply(Flick("Ann", {{"hit", true}}));
  EXPECT_EQ(Cell(*state, "Red null", 0), "3");
}

TEST(PpolfPuttOut, FlagContradictingAClearMeasurementIsRefused) {
  auto state = NewGame({"Ann", "Bob"});
  ExpectRefused(
      *state,
      Flick("Ann",
            {{"hole", HolePose()}, {"coins", {CoinAtGap("Ann", 300.0)}}, {"putt_out", true}}),
      "contradicts the camera: Ann's coin rests 300.0 mm from the hole");
  ExpectRefused(
      *state,
      Flick("Ann",
            {{"hole", HolePose()}, {"coins", {CoinAtGap("Ann", 30.0)}}, {"putt_out", false}}),
      "two tile widths being 101.6 mm");
}

TEST(PpolfPuttOut, TooCloseToCallAsksForARuling) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 101.9));
  EXPECT_EQ(state->Scorecard().details["putt_out_ruling_for"], "Ann");
  EXPECT_NE(state->StatusLine().find("ruling needed"), std::string::npos);
  ExpectRefused(*state, Flick("Bob"), "must first rule whether Ann's coin");
  ExpectRefused(*state, {{"type", "ruling"}, {"closer", "Ann"}}, "\"putt_out\":true|false");
  state->Apply({{"type", "ruling"}, {"putt_out", true}});
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
}

TEST(PpolfPuttOut, RulingAgainstAPuttOutPassesTheTurn) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 101.3));
  state->Apply({{"type", "ruling"}, {"putt_out", false}});
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
}

TEST(PpolfPuttOut, FlagSettlesATooCloseToCallMeasurement) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(Flick(
      "Ann", {{"hole", HolePose()}, {"coins", {CoinAtGap("Ann", 101.9)}}, {"putt_out", false}}));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
}

// ------------------------------------------------------------------ hits and fouls

TEST(PpolfHit, HitRecordsTheFlicksAndPicksTheCoinUp) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(FlickTo("Bob", 200.0));
  state->Apply(Flick("Bob", {{"hit", true}}));
  EXPECT_EQ(Cell(*state, "Red null", 1), "2");
  EXPECT_EQ(PlayerDetails(*state, 1)["state"], "holed");
  ExpectRefused(*state, Flick("Ann", {{"coins", {CoinAtGap("Bob", 50.0)}}}),
                "places Bob's coin, which is not on the table (holed)");
}

TEST(PpolfHit, OnlyTouchingTheTargetHoleIsAHitTheOtherHolesAreObstacles) {
  auto state = NewGame({"Ann", "Bob"});
  // Hole 1 is the red null, teed off from the black ace.
  const Json blue_three = {{"suit", "blue"}, {"rank", "3"}};
  const Json black_ace = {{"suit", "black"}, {"rank", "ace"}};
  state->Apply(Flick("Ann", {{"touched", {blue_three, black_ace}}}));
  EXPECT_EQ(PlayerDetails(*state, 0)["state"], "in play");
  state->Apply(Flick("Bob", {{"touched", {blue_three, {{"suit", "suns"}, {"rank", "null"}}}}}));
  EXPECT_EQ(PlayerDetails(*state, 1)["state"], "holed");
  EXPECT_EQ(Cell(*state, "Red null", 1), "1");
  ExpectRefused(*state, Flick("Ann", {{"hit", false}, {"touched", {blue_three}}}),
                "give one of them");
  ExpectRefused(*state, Flick("Ann", {{"touched", {{{"suit", "black"}, {"rank", "2"}}}}}), "black");
}

TEST(PpolfFoul, FlickingOffTheTableCountsAPenaltyFlick) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(Flick("Ann", {{"off_table", true}}));
  EXPECT_EQ(PlayerDetails(*state, 0)["penalties"], 1);
  state->Apply(Flick("Bob", {{"hit", true}}));
  state->Apply(Flick("Ann", {{"hit", true}}));
  EXPECT_EQ(Cell(*state, "Red null", 0), "3");
}

TEST(PpolfFoul, KnockingOtherCoinsOffCountsAPenaltyPerCoinForTheActivePlayer) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(FlickTo("Bob", 310.0));
  state->Apply(Flick("Cid", {{"off_table", true}, {"knocked_off", {"Ann", "Bob"}}}));
  EXPECT_EQ(PlayerDetails(*state, 2)["penalties"], 3);
  EXPECT_EQ(PlayerDetails(*state, 0)["penalties"], 0);
  // The knocked coins are put back where they were: their positions are kept.
  EXPECT_NEAR(PlayerDetails(*state, 0)["gap_mm"].get<double>(), 300.0, 1e-9);
}

TEST(PpolfFoul, KnockingAHoleOffTheTableCountsAPenaltyFlick) {
  auto state = NewGame({"Ann"});
  state->Apply(Flick("Ann", {{"holes_knocked_off", 2}}));
  EXPECT_EQ(PlayerDetails(*state, 0)["penalties"], 2);
}

TEST(PpolfFoul, ObstacleRuleKnockingAnObstacleOffCountsAPenaltyFlick) {
  auto state = NewGame({"Ann"}, {{"obstacles", 5}});
  state->Apply(Flick("Ann", {{"obstacles_knocked_off", 1}}));
  EXPECT_EQ(PlayerDetails(*state, 0)["penalties"], 1);
  auto plain = NewGame({"Ann"});
  ExpectRefused(*plain, Flick("Ann", {{"obstacles_knocked_off", 1}}),
                "the course has no obstacles");
}

TEST(PpolfFoul, HittingAnotherCoinThatStaysOnTheTableIsFree) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(Flick("Bob", {{"coins", {CoinAtGap("Bob", 200.0), CoinAtGap("Ann", 250.0, true)}}}));
  EXPECT_EQ(PlayerDetails(*state, 1)["penalties"], 0);
  EXPECT_NEAR(PlayerDetails(*state, 0)["gap_mm"].get<double>(), 250.0, 1e-9);
}

TEST(PpolfFoul, KnockingAnotherCoinIntoTheHoleFinishesItWithItsCurrentCount) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(FlickTo("Ann", 300.0));
  state->Apply(FlickTo("Bob", 250.0));
  state->Apply(FlickTo("Bob", 200.0));
  state->Apply(Flick("Ann", {{"knocked_in", {"Bob"}}, {"coins", {CoinAtGap("Ann", 150.0)}}}));
  EXPECT_EQ(Cell(*state, "Red null", 1), "2");
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
}

TEST(PpolfFoul, OnlyCoinsOnTheTableCanBeKnocked) {
  auto state = NewGame({"Ann", "Bob"});
  ExpectRefused(*state, Flick("Ann", {{"knocked_off", {"Bob"}}}),
                "Bob, whose coin is not on the table (to tee off)");
  ExpectRefused(*state, Flick("Ann", {{"knocked_in", {"Ann"}}}), "the player flicking");
}

// ------------------------------------------------------------------ holes and the game

TEST(PpolfHole, AllPlayersFinishAHoleBeforeTheNext) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(Flick("Ann", {{"hit", true}}));
  state->Apply(Flick("Bob"));
  EXPECT_EQ(state->Scorecard().details["hole"], "Red null");
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
  state->Apply(Flick("Bob", {{"hit", true}}));
  EXPECT_EQ(state->Scorecard().details["hole"], "Red ace");
}

TEST(PpolfGame, FewestFlicksWins) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(Flick("Ann", {{"off_table", true}, {"hit", true}}));
  PlayHoleInOne(*state);
  for (int hole = 1; hole < kHoleCount; ++hole) PlayHoleInOne(*state);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Bob"});
  EXPECT_EQ(Cell(*state, "Game Total", 0), "19");
  EXPECT_EQ(Cell(*state, "Game Total", 1), "18");
  EXPECT_EQ(state->StatusLine(), "Game over: Bob wins with 18 flicks");
}

TEST(PpolfGame, TiedPlayersShareTheWin) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(Flick("Ann", {{"hit", true}}));
  state->Apply(Flick("Bob", {{"hit", true}}));
  state->Apply(Flick("Cid"));
  state->Apply(Flick("Cid", {{"hit", true}}));
  for (int hole = 1; hole < kHoleCount; ++hole) PlayHoleInOne(*state);
  EXPECT_EQ(state->Names(state->Winners()), (std::vector<std::string>{"Ann", "Bob"}));
  EXPECT_EQ(state->StatusLine(), "Game over: Ann and Bob share the win with 18 flicks");
  ExpectRefused(*state, Flick("Ann"), "the game is over");
}

TEST(PpolfGame, SolitaireVariantIsScoredAgainstPar) {
  auto state = NewGame({"Ann"}, {{"par", 20}});
  for (int hole = 0; hole < kHoleCount; ++hole) {
    state->Apply(Flick("Ann"));
    state->Apply(Flick("Ann", {{"hit", true}}));
  }
  EXPECT_EQ(Cell(*state, "Game Total", 0), "36");
  EXPECT_EQ(Cell(*state, "Par", 0), "20");
  EXPECT_EQ(Cell(*state, "Against Par", 0), "+16");
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Ann"});
  EXPECT_EQ(state->StatusLine(),
            "Game over: Ann played the course in 36 flicks (+16 against par 20)");
}

// ------------------------------------------------------------------ manual entry and rulings

TEST(PpolfManual, WithoutPositionsAnyPlayerStillOnTheHoleMayFlickNext) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(Flick("Ann"));
  state->Apply(Flick("Bob"));
  state->Apply(Flick("Cid"));
  EXPECT_EQ(Actors(*state), (std::vector<std::string>{"Ann", "Bob", "Cid"}));
  state->Apply(Flick("Cid"));
  EXPECT_EQ(Actors(*state), (std::vector<std::string>{"Ann", "Bob"}));
  ExpectRefused(*state, Flick("Cid"), "legal now: a flick by Ann or Bob");
}

TEST(PpolfRuling, TooCloseToCallLetsEitherTiedPlayerFlick) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(FlickTo("Ann", 200.0));
  state->Apply(FlickTo("Bob", 200.4, true));
  state->Apply(FlickTo("Cid", 350.0));
  EXPECT_EQ(Actors(*state), (std::vector<std::string>{"Ann", "Bob"}));
  state->Apply(FlickTo("Bob", 300.0, true));
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Ann"});
}

TEST(PpolfRuling, ARulingNamesTheCloserPlayer) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(FlickTo("Ann", 200.0));
  state->Apply(FlickTo("Bob", 200.4, true));
  state->Apply(FlickTo("Cid", 350.0));
  ExpectRefused(*state, {{"type", "ruling"}, {"closer", "Cid"}}, "between Ann or Bob");
  state->Apply({{"type", "ruling"}, {"closer", "Bob"}});
  EXPECT_EQ(Actors(*state), std::vector<std::string>{"Bob"});
  ExpectRefused(*state, {{"type", "ruling"}, {"closer", "Ann"}}, "no ruling is pending");
}

TEST(PpolfRuling, LargerUncertaintyWidensTheCloseCall) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(
      Flick("Ann", {{"hole", HolePose()}, {"coins", {CoinAtGap("Ann", 200.0, false, 2.0)}}}));
  state->Apply(FlickTo("Bob", 203.0, true));  // 2 sigmas of 2 mm: 4 mm
  EXPECT_EQ(Actors(*state), (std::vector<std::string>{"Ann", "Bob"}));
}

}  // namespace
}  // namespace tabref::rules::ppolf
