// Ppolf setup, options, malformed and illegal actions, and the views (legal actions,
// scorecard, status line).
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "rules/core/rule_error.h"
#include "rules/core/state.h"
#include "rules/ppolf/options.h"
#include "rules/ppolf/ppolf.h"

namespace tabref::rules::ppolf {
namespace {

GameSetup SetupWith(const std::vector<std::string>& players, const Json& options = Json::object()) {
  GameSetup setup;
  setup.game = "ppolf";
  setup.players = players;
  setup.options = options;
  return setup;
}

std::unique_ptr<State> NewGame(const std::vector<std::string>& players,
                               const Json& options = Json::object()) {
  return MakeGame(SetupWith(players, options))->NewInitialState();
}

void ExpectSetupRefused(const GameSetup& setup, const std::string& reason_part) {
  try {
    MakeGame(setup);
    ADD_FAILURE() << "accepted " << setup.ToJson().dump();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find(reason_part), std::string::npos) << error.what();
  }
}

void ExpectRefused(State& state, const Json& action, const std::string& reason_part) {
  const Json before = state.Snapshot();
  try {
    state.Apply(action);
    ADD_FAILURE() << "accepted " << action.dump();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find(reason_part), std::string::npos) << error.what();
  }
  EXPECT_EQ(state.Snapshot(), before);
}

Json Flick(const std::string& player, const Json& fields = Json::object()) {
  Json flick = {{"type", "flick"}, {"player", player}};
  flick.update(fields);
  return flick;
}

std::vector<std::string> Labels(const State& state) {
  std::vector<std::string> labels;
  for (const auto& legal : state.LegalActions()) labels.push_back(legal.label);
  return labels;
}

bool HasLabel(const State& state, const std::string& label) {
  const auto labels = Labels(state);
  return std::find(labels.begin(), labels.end(), label) != labels.end();
}

// ------------------------------------------------------------------ setup and options

TEST(PpolfSetup, GameTypeDescribesTheGame) {
  const GameType type = GameTypeInfo();
  EXPECT_EQ(type.name, "ppolf");
  EXPECT_EQ(type.title, "Ppolf");
  EXPECT_EQ(type.min_players, 1);
  EXPECT_EQ(type.max_players, 10);
  EXPECT_TRUE(type.camera_refereed);
  EXPECT_FALSE(type.uses_teams);
  EXPECT_EQ(type.default_options, Options{}.ToJson());
  for (const char* key : {"close_call_mm", "third_suit", "obstacles", "par", "putt_out_on_tee_off",
                          "tile_width_mm", "coin_diameter_mm"}) {
    EXPECT_TRUE(type.default_options.contains(key)) << key;
  }
  EXPECT_EQ(type.make(SetupWith({"Ann"}, type.default_options))->ResolvedOptions(),
            type.default_options);
}

TEST(PpolfSetup, OneToTenPlayersWithDistinctNamesAndNoTeams) {
  ExpectSetupRefused(SetupWith({}), "1 to 10 players, got 0");
  ExpectSetupRefused(SetupWith({"a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k"}),
                     "1 to 10 players, got 11");
  ExpectSetupRefused(SetupWith({"Ann", "Ann"}), "named twice");
  GameSetup teams = SetupWith({"Ann", "Bob"});
  teams.teams = {{"Us", {0, 1}}};
  ExpectSetupRefused(teams, "not teams");
}

TEST(PpolfSetup, BadOptionsAreRefusedByName) {
  ExpectSetupRefused(SetupWith({"Ann"}, {{"parr", 30}}), "unknown field \"parr\"");
  ExpectSetupRefused(SetupWith({"Ann"}, {{"third_suit", "purple"}}), "must be green or yellow");
  ExpectSetupRefused(SetupWith({"Ann"}, {{"tile_width_mm", 0}}),
                     "\"tile_width_mm\" must be positive");
  ExpectSetupRefused(SetupWith({"Ann"}, {{"coin_diameter_mm", -19}}), "must be positive");
  ExpectSetupRefused(SetupWith({"Ann"}, {{"close_call_mm", -1}}), "must not be negative");
  ExpectSetupRefused(SetupWith({"Ann"}, {{"par", 0}}), "\"par\" must be between 1");
  ExpectSetupRefused(SetupWith({"Ann"}, {{"obstacles", -1}}), "\"obstacles\" must be between 0");
  ExpectSetupRefused(SetupWith({"Ann"}, {{"putt_out_on_tee_off", "yes"}}), "must be true or false");
}

// ------------------------------------------------------------------ malformed and illegal actions

TEST(PpolfActions, UnknownTypeNamesWhatIsLegal) {
  auto state = NewGame({"Ann", "Bob"});
  ExpectRefused(*state, {{"type", "throw"}},
                "unknown action type 'throw'; legal now: a flick by Ann or a layout");
}

TEST(PpolfActions, MalformedFlicksAreRefused) {
  auto state = NewGame({"Ann", "Bob"});
  ExpectRefused(*state, {{"type", "flick"}}, "field \"player\" is missing");
  ExpectRefused(*state, Flick("Zed"), "unknown player 'Zed'; the players are Ann and Bob");
  ExpectRefused(*state, Flick("Ann", {{"hti", true}}), "unknown field \"hti\"");
  ExpectRefused(*state, Flick("Ann", {{"hit", "yes"}}), "must be true or false");
  ExpectRefused(*state, Flick("Ann", {{"hit", true}, {"putt_out", true}}), "drop it when \"hit\"");
  ExpectRefused(*state, Flick("Ann", {{"holes_knocked_off", -1}}), "must be between 0 and 19");
  ExpectRefused(
      *state,
      Flick("Ann", {{"coins",
                     {{{"player", "Ann"}, {"at", {1, 2}}}, {{"player", "Ann"}, {"at", {3, 4}}}}}}),
      "names Ann twice");
  ExpectRefused(*state,
                Flick("Ann", {{"coins", {{{"player", "Ann"}, {"at", {1, 2}}, {"sigma_mm", -1}}}}}),
                "must not be negative");
  ExpectRefused(*state, Flick("Ann", {{"coins", {{{"player", "Ann"}, {"at", "here"}}}}}),
                "a point must be [x_mm, y_mm]");
  ExpectRefused(*state, Flick("Ann", {{"hole", {{"angle_deg", 3}}}}), "field \"at\" is missing");
}

TEST(PpolfActions, KnockedCoinsMustBeOtherCoinsOnTheTable) {
  auto state = NewGame({"Ann", "Bob", "Cid"});
  state->Apply(Flick("Ann"));
  state->Apply(Flick("Bob"));
  ExpectRefused(*state, Flick("Cid", {{"knocked_off", {"Ann"}}, {"knocked_in", {"Ann"}}}),
                "both off the table and into the hole");
  ExpectRefused(*state, Flick("Cid", {{"knocked_in", {"Bob", "Bob"}}}), "names Bob twice");
}

TEST(PpolfActions, MalformedLayoutsAreRefused) {
  auto state = NewGame({"Ann"});
  ExpectRefused(*state, {{"type", "layout"}}, "needs \"tiles\" or \"coins\"");
  ExpectRefused(
      *state, {{"type", "layout"}, {"tiles", {{{"suit", "black"}, {"rank", "3"}, {"at", {1, 2}}}}}},
      "the black 3 is not part of the course");
  ExpectRefused(
      *state, {{"type", "layout"}, {"tiles", {{{"suit", "pink"}, {"rank", "3"}, {"at", {1, 2}}}}}},
      "unknown tile suit \"pink\"");
  ExpectRefused(*state, {{"type", "layout"}, {"coins", {{{"player", "Ann"}, {"at", {1, 2}}}}}},
                "Ann's coin, which is not on the table (to tee off)");
}

TEST(PpolfActions, MalformedRulingsAreRefused) {
  auto state = NewGame({"Ann", "Bob"});
  ExpectRefused(*state, {{"type", "ruling"}}, "exactly one of \"closer\"");
  ExpectRefused(*state, {{"type", "ruling"}, {"closer", "Ann"}, {"putt_out", true}},
                "exactly one of");
  ExpectRefused(*state, {{"type", "ruling"}, {"putt_out", true}}, "no ruling is pending");
}

TEST(PpolfActions, UndoRestoresTheStateBeforeTheFlick) {
  auto state = NewGame({"Ann", "Bob"});
  const Json start = state->Snapshot();
  state->Apply(Flick("Ann", {{"off_table", true}}));
  state->Undo();
  EXPECT_EQ(state->Snapshot(), start);
}

// ------------------------------------------------------------------ views

TEST(PpolfViews, LegalActionsOfferFlickOutcomesAndCameraExamples) {
  auto state = NewGame({"Ann", "Bob"});
  EXPECT_TRUE(HasLabel(*state, "Ann flicks and misses the Red null"));
  EXPECT_TRUE(HasLabel(*state, "Ann flicks and hits the Red null"));
  EXPECT_TRUE(HasLabel(*state, "Ann flicks the coin off the table (a penalty flick)"));
  EXPECT_TRUE(HasLabel(*state, "Ann misses within two tile widths: putts out"));
  int measured = 0;
  for (const auto& legal : state->LegalActions()) {
    if (!legal.needs_measurement) continue;
    ++measured;
    auto copy = state->Clone();
    EXPECT_NO_THROW(copy->Apply(legal.action)) << legal.action.dump();
  }
  EXPECT_EQ(measured, 2);  // the camera flick and the layout
}

TEST(PpolfViews, LegalActionsDuringAPuttOutRulingAreTheTwoRulings) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(
      Flick("Ann", {{"hole", {{"at", {600, 400}}}},
                    {"coins", {{{"player", "Ann"}, {"at", {600 + 25.4 + 9.525 + 101.9, 400}}}}}}));
  const auto labels = Labels(*state);
  EXPECT_EQ(labels.front(), "Ruling: Ann's coin is within two tile widths; Ann putts out");
  EXPECT_EQ(labels.at(1), "Ruling: Ann's coin is beyond two tile widths");
  EXPECT_EQ(state->Names(state->Actors()), std::vector<std::string>{"Ann"});
}

TEST(PpolfViews, ScorecardIsTheRulebookSheet) {
  auto state = NewGame({"Ann", "Bob"});
  const ScoreTable sheet = state->Scorecard();
  EXPECT_EQ(sheet.title, "Ppolf Scorecard");
  EXPECT_EQ(sheet.columns, (std::vector<std::string>{"Ann", "Bob"}));
  std::vector<std::string> labels;
  for (const auto& row : sheet.rows) labels.push_back(row.label);
  const std::vector<std::string> expected = {"Red null",   "ace", "2", "3", "4", "5", "Red Total",
                                             "Blue null",  "ace", "2", "3", "4", "5", "Blue Total",
                                             "Green null", "ace", "2", "3", "4", "5", "Green Total",
                                             "Game Total"};
  EXPECT_EQ(labels, expected);
  EXPECT_TRUE(sheet.rows.at(6).is_total);
  EXPECT_FALSE(sheet.rows.at(7).is_total);
  EXPECT_TRUE(sheet.rows.back().is_total);
  EXPECT_EQ(sheet.rows.front().cells, (std::vector<std::string>{"", ""}));
}

TEST(PpolfViews, ScorecardDetailsShowTheHoleInProgress) {
  auto state = NewGame({"Ann", "Bob"});
  state->Apply(Flick("Ann", {{"off_table", true}, {"putt_out", true}}));
  const Json details = state->Scorecard().details;
  EXPECT_EQ(details["hole_number"], 1);
  EXPECT_EQ(details["hole"], "Red null");
  EXPECT_EQ(details["putting_out"], "Ann");
  EXPECT_EQ(details["next"], Json::array({"Ann"}));
  EXPECT_EQ(details["players"][0]["count"], 2);
  EXPECT_EQ(details["players"][1]["state"], "to tee off");
}

TEST(PpolfViews, SolitaireSheetAddsPar) {
  auto state = NewGame({"Ann"});
  const ScoreTable sheet = state->Scorecard();
  ASSERT_EQ(sheet.rows.size(), 24u);
  EXPECT_EQ(sheet.rows.at(22).label, "Par");
  EXPECT_EQ(sheet.rows.at(22).cells, std::vector<std::string>{"36"});
  EXPECT_EQ(sheet.rows.at(23).cells, std::vector<std::string>{""});
  EXPECT_EQ(sheet.details["par"], 36);
}

TEST(PpolfViews, StatusLineSaysWhatHappensNext) {
  auto state = NewGame({"Ann", "Bob"});
  EXPECT_EQ(state->StatusLine(),
            "Hole 1 (Red null), tee-off from the Black ace: Ann tees off; flicks this hole: Ann 0 "
            "and Bob 0");
  state->Apply(Flick("Ann"));
  state->Apply(Flick("Bob", {{"off_table", true}}));
  EXPECT_EQ(
      state->StatusLine(),
      "Hole 1 (Red null), round 1: Ann or Bob flicks next (too close to call or not measured: "
      "the table decides); flicks this hole: Ann 1 and Bob 2");
}

}  // namespace
}  // namespace tabref::rules::ppolf
