// Czech Golf: cards, scoring and setup (rulebook 002, "Scoring" and the deal).
#include "rules/card_golf/card_golf.h"

#include <gtest/gtest.h>

#include "rules/core/rule_error.h"

namespace tabref::rules::card_golf {
namespace {

std::string ErrorOf(const std::function<void()>& call) {
  try {
    call();
  } catch (const RuleError& error) {
    return error.what();
  }
  return "(no error)";
}

GameSetup GolfSetup(std::vector<std::string> players, Json options = Json::object()) {
  GameSetup setup;
  setup.game = "card-golf";
  setup.players = std::move(players);
  setup.options = std::move(options);
  return setup;
}

TEST(CardGolfCards, ParsesRanksTensAndOptionalSuits) {
  const std::vector<Card> cards = ParseCards("A 2 10 T J q K 10H th, 7s");
  ASSERT_EQ(cards.size(), 10u);
  EXPECT_EQ(cards[0].rank, kAce);
  EXPECT_EQ(cards[2].rank, 10);
  EXPECT_EQ(cards[3].rank, 10);
  EXPECT_EQ(cards[5].rank, kQueen);
  EXPECT_EQ(cards[7].ToString(), "10H");
  EXPECT_EQ(cards[8].ToString(), "10H");
  EXPECT_EQ(cards[9].ToString(), "7S");
  EXPECT_FALSE(cards[0].suit.has_value());
}

TEST(CardGolfCards, BadCardIsNamed) {
  EXPECT_NE(ErrorOf([] { ParseCards("A K 11 Q"); }).find("'11' is not a card"), std::string::npos);
  EXPECT_NE(ErrorOf([] { ParseCards("A KX"); }).find("'KX'"), std::string::npos);
  EXPECT_NE(ErrorOf([] { ParseCards("1"); }).find("'1'"), std::string::npos);
}

TEST(CardGolfScoring, WorkedExampleScores18) {
  const ScoreBreakdown score = Score(ParseCards("A K J J Q 9"), ParseCards("4 7 7 9 A"));
  EXPECT_EQ(score.field_points, 13);
  EXPECT_EQ(score.hand_face_points, 1);
  EXPECT_EQ(score.hand_lowest_rank, 4);
  EXPECT_EQ(score.total, 18);
  EXPECT_EQ(score.field[5].points, 0);
  EXPECT_EQ(score.hand[0].points, 4);
  EXPECT_EQ(score.hand[4].points, 1);
  EXPECT_EQ(score.ToJson()["total"], 18);
  EXPECT_EQ(score.ToJson()["field"][4]["card"], "Q");
  EXPECT_EQ(score.ToJson()["field"][4]["points"], 5);
}

TEST(CardGolfScoring, FieldFaceCardsScoreAceOneJackTwoKingThreeQueenFive) {
  EXPECT_EQ(Score(ParseCards("A 2 3 4 5 6"), ParseCards("2 3 4 5 6")).field_points, 1);
  EXPECT_EQ(Score(ParseCards("J 2 3 4 5 6"), ParseCards("2 3 4 5 6")).field_points, 2);
  EXPECT_EQ(Score(ParseCards("K 2 3 4 5 6"), ParseCards("2 3 4 5 6")).field_points, 3);
  EXPECT_EQ(Score(ParseCards("Q 2 3 4 5 6"), ParseCards("2 3 4 5 6")).field_points, 5);
}

TEST(CardGolfScoring, NumberCardsInTheFieldScoreNothing) {
  EXPECT_EQ(Score(ParseCards("2 3 7 8 9 10"), ParseCards("9 9 9 9 10")).field_points, 0);
}

TEST(CardGolfScoring, FaceCardsInHandScoreOneEach) {
  const ScoreBreakdown score = Score(ParseCards("2 3 4 5 6 7"), ParseCards("Q K J A 8"));
  EXPECT_EQ(score.hand_face_points, 4);
  EXPECT_EQ(score.hand_lowest_rank, 8);
  EXPECT_EQ(score.total, 12);
}

TEST(CardGolfScoring, LowestNumberCardAddsItsRankOnce) {
  const ScoreBreakdown score = Score(ParseCards("2 3 4 5 6 7"), ParseCards("6 6 9 10 6"));
  EXPECT_EQ(score.hand_lowest_rank, 6);
  EXPECT_EQ(score.hand[0].points, 6);
  EXPECT_EQ(score.hand[1].points, 0);
  EXPECT_EQ(score.total, 6);
}

TEST(CardGolfScoring, AceInHandIsAFaceCardNotTheLowestCard) {
  const ScoreBreakdown score = Score(ParseCards("2 3 4 5 6 7"), ParseCards("A 9 10 10 A"));
  EXPECT_EQ(score.hand_face_points, 2);
  EXPECT_EQ(score.hand_lowest_rank, 9);
}

TEST(CardGolfScoring, HandWithoutNumberCardsAddsNoLowestRank) {
  const ScoreBreakdown score = Score(ParseCards("Q Q Q Q K K"), ParseCards("A J J K A"));
  EXPECT_EQ(score.field_points, 26);
  EXPECT_EQ(score.hand_face_points, 5);
  EXPECT_EQ(score.hand_lowest_rank, 0);
  EXPECT_EQ(score.total, 31);
}

TEST(CardGolfScoring, SuitsDoNotMatter) {
  EXPECT_EQ(Score(ParseCards("AS KH JD JC QS 9H"), ParseCards("4C 7D 7H 9S AC")).total, 18);
}

TEST(CardGolfScoring, FieldOfSixAndHandOfFiveAreRequired) {
  EXPECT_NE(ErrorOf([] {
              Score(ParseCards("A K J J Q"), ParseCards("4 7 7 9 A"));
            }).find("a field has 6 cards, got 5"),
            std::string::npos);
  EXPECT_NE(ErrorOf([] {
              Score(ParseCards("A K J J Q 9"), ParseCards("4 7 7 9 A 2"));
            }).find("a hand has 5 cards, got 6"),
            std::string::npos);
}

TEST(CardGolfSetup, GameTypeListsEveryOptionWithItsDefault) {
  const GameType type = GameTypeInfo();
  EXPECT_EQ(type.name, "card-golf");
  EXPECT_EQ(type.title, "Czech Golf");
  EXPECT_EQ(type.min_players, 2);
  EXPECT_EQ(type.max_players, 4);
  EXPECT_FALSE(type.camera_refereed);
  EXPECT_FALSE(type.uses_teams);
  EXPECT_EQ(type.default_options, (Json{{"mode", "turns"}, {"rap", "game_ends"}, {"decks", 0}}));
  EXPECT_EQ(MakeGame(GolfSetup({"Ann", "Bob"}))->ResolvedOptions(), type.default_options);
}

TEST(CardGolfSetup, TwoOrFourPlayers) {
  EXPECT_NO_THROW(MakeGame(GolfSetup({"Ann", "Bob"})));
  EXPECT_NO_THROW(MakeGame(GolfSetup({"Ann", "Bob", "Cy", "Dee"})));
  EXPECT_NE(ErrorOf([] {
              MakeGame(GolfSetup({"Ann", "Bob", "Cy"}));
            }).find("2 players"),
            std::string::npos);
  EXPECT_NE(ErrorOf([] { MakeGame(GolfSetup({"Ann"})); }).find("players"), std::string::npos);
}

TEST(CardGolfSetup, NoTeams) {
  GameSetup setup = GolfSetup({"Ann", "Bob"});
  setup.teams = {{"A", {0}}, {"B", {1}}};
  EXPECT_NE(ErrorOf([&] { MakeGame(setup); }).find("without teams"), std::string::npos);
}

TEST(CardGolfSetup, BadOptionsAreNamed) {
  EXPECT_NE(ErrorOf([] {
              MakeGame(GolfSetup({"Ann", "Bob"}, {{"colour", "red"}}));
            }).find("unknown field \"colour\""),
            std::string::npos);
  EXPECT_NE(ErrorOf([] {
              MakeGame(GolfSetup({"Ann", "Bob"}, {{"mode", "quick"}}));
            }).find("turns or final"),
            std::string::npos);
  EXPECT_NE(ErrorOf([] {
              MakeGame(GolfSetup({"Ann", "Bob"}, {{"rap", "maybe"}}));
            }).find("game_ends or others_play_once"),
            std::string::npos);
  EXPECT_NE(ErrorOf([] {
              MakeGame(GolfSetup({"Ann", "Bob"}, {{"decks", 9}}));
            }).find("\"decks\""),
            std::string::npos);
}

}  // namespace
}  // namespace tabref::rules::card_golf
