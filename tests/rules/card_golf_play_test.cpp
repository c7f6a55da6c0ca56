// Czech Golf: the deal, the four turn actions, the end of play, the reveals and the sample
// game (rulebook 002), driven through actions.
#include <gtest/gtest.h>

#include <fstream>

#include "rules/card_golf/card_golf.h"
#include "rules/core/rule_error.h"
#include "rules/core/state.h"
#include "tests/rules/playout_checks.h"

namespace tabref::rules::card_golf {
namespace {

GameSetup GolfSetup(std::vector<std::string> players, Json options = Json::object()) {
  GameSetup setup;
  setup.game = "card-golf";
  setup.players = std::move(players);
  setup.options = std::move(options);
  return setup;
}

std::unique_ptr<State> NewGame(Json options = Json::object()) {
  return MakeGame(GolfSetup({"Ann", "Bob"}, std::move(options)))->NewInitialState();
}

std::unique_ptr<State> NewFourPlayerGame(Json options = Json::object()) {
  return MakeGame(GolfSetup({"Ann", "Bob", "Cy", "Dee"}, std::move(options)))->NewInitialState();
}

// Bob deals and turns up a 7, so Ann plays first.
std::unique_ptr<State> DealtGame(Json options = Json::object()) {
  auto state = NewGame(std::move(options));
  state->Apply({{"type", "deal"}, {"dealer", "Bob"}, {"flipped", "7"}});
  return state;
}

Json Take(const std::string& discard) { return {{"type", "take_discard"}, {"discard", discard}}; }
Json Draw(const std::string& discard) {
  return {{"type", "draw_and_discard"}, {"discard", discard}};
}
Json ToField(int slot, const std::string& replaced) {
  return {{"type", "draw_to_field"}, {"slot", slot}, {"replaced", replaced}};
}
Json Rap() { return {{"type", "rap"}}; }
Json Reveal(const std::string& player, const std::string& field, const std::string& hand) {
  return {{"type", "reveal"}, {"player", player}, {"field", field}, {"hand", hand}};
}

// Applies `action` expecting a RuleError containing `expected`, and no change.
void ExpectRefused(State& state, const Json& action, const std::string& expected) {
  const Json before = state.Snapshot();
  try {
    state.Apply(action);
    ADD_FAILURE() << "accepted: " << action.dump();
  } catch (const RuleError& error) {
    EXPECT_NE(std::string(error.what()).find(expected), std::string::npos)
        << "message: " << error.what() << "\nexpected to contain: " << expected;
  }
  EXPECT_EQ(state.Snapshot(), before);
}

std::vector<std::string> ActorNames(const State& state) { return state.Names(state.Actors()); }

TEST(CardGolfDeal, TwoPlayersOneDeckLeave29InTheDrawDeck) {
  auto state = DealtGame();
  EXPECT_EQ(state->Snapshot()["deck_left"], 29);
  EXPECT_EQ(state->Snapshot()["discard_pile"], Json::array({"7"}));
}

TEST(CardGolfDeal, FourPlayersTwoDecksLeave59InTheDrawDeck) {
  auto state = NewFourPlayerGame();
  state->Apply({{"type", "deal"}, {"dealer", "Ann"}, {"flipped", "QH"}});
  EXPECT_EQ(state->Snapshot()["deck_left"], 104 - 4 * 11 - 1);
}

TEST(CardGolfDeal, DecksOptionChangesTheDrawDeck) {
  auto state = NewGame({{"decks", 2}});
  state->Apply({{"type", "deal"}, {"dealer", "Ann"}, {"flipped", "2"}});
  EXPECT_EQ(state->Snapshot()["deck_left"], 104 - 2 * 11 - 1);
}

TEST(CardGolfDeal, DealIsEnteredFirstByAnyone) {
  auto state = NewGame();
  EXPECT_EQ(ActorNames(*state), (std::vector<std::string>{"Ann", "Bob"}));
  ExpectRefused(*state, Take("7"), "the deal comes first: deal allowed now, not 'take_discard'");
  ExpectRefused(*state, {{"type", "deal"}, {"dealer", "Zed"}, {"flipped", "7"}},
                "no player is called 'Zed'");
  ExpectRefused(*state, {{"type", "deal"}, {"dealer", "Ann"}, {"flipped", "11"}},
                "field \"flipped\" is not valid: '11' is not a card");
  ExpectRefused(*state, {{"type", "deal"}, {"dealer", "Ann"}}, "field \"flipped\" is missing");
}

TEST(CardGolfDeal, PlayStartsLeftOfTheDealer) {
  EXPECT_EQ(ActorNames(*DealtGame()), std::vector<std::string>{"Ann"});
  auto four = NewFourPlayerGame();
  four->Apply({{"type", "deal"}, {"dealer", "Cy"}, {"flipped", "5"}});
  EXPECT_EQ(ActorNames(*four), std::vector<std::string>{"Dee"});
  EXPECT_EQ(four->Snapshot()["dealer"], "Cy");
}

TEST(CardGolfDeal, EachPlayerMayPeekAtThreeFieldCards) {
  auto state = NewGame();
  ExpectRefused(
      *state,
      {{"type", "deal"}, {"dealer", "Bob"}, {"flipped", "7"}, {"peeked", {{"Ann", {1, 2}}}}},
      "must list 3 different field slots 1-6");
  ExpectRefused(
      *state,
      {{"type", "deal"}, {"dealer", "Bob"}, {"flipped", "7"}, {"peeked", {{"Ann", {1, 1, 7}}}}},
      "must list 3 different field slots 1-6");
  state->Apply(
      {{"type", "deal"}, {"dealer", "Bob"}, {"flipped", "7"}, {"peeked", {{"Ann", {6, 1, 2}}}}});
  EXPECT_EQ(state->Snapshot()["players"][0]["peeked"], Json::array({1, 2, 6}));
  EXPECT_EQ(state->Snapshot()["players"][1]["peeked"], Json::array());
}

TEST(CardGolfTurns, PlayGoesClockwise) {
  auto state = NewFourPlayerGame();
  state->Apply({{"type", "deal"}, {"dealer", "Bob"}, {"flipped", "5"}});
  std::vector<std::string> order;
  for (int turn = 0; turn < 5; ++turn) {
    order.push_back(ActorNames(*state).at(0));
    state->Apply(Draw("9"));
  }
  EXPECT_EQ(order, (std::vector<std::string>{"Cy", "Dee", "Ann", "Bob", "Cy"}));
}

TEST(CardGolfTurns, TakeTheDiscardAndDiscardFromHand) {
  auto state = DealtGame();
  state->Apply(Take("3"));
  const Json snapshot = state->Snapshot();
  EXPECT_EQ(snapshot["discard_pile"], Json::array({"3"}));
  EXPECT_EQ(snapshot["deck_left"], 29);
  EXPECT_EQ(snapshot["players"][0]["known_hand"], Json::array({"7"}));
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Bob"});
}

TEST(CardGolfTurns, DrawFromTheDeckAndDiscardFromHand) {
  auto state = DealtGame();
  state->Apply({{"type", "draw_and_discard"}, {"drawn", "K"}, {"discard", "4"}});
  const Json snapshot = state->Snapshot();
  EXPECT_EQ(snapshot["discard_pile"], Json::array({"7", "4"}));
  EXPECT_EQ(snapshot["deck_left"], 28);
  EXPECT_EQ(snapshot["players"][0]["known_hand"], Json::array({"K"}));
}

TEST(CardGolfTurns, DrawThenReplaceAFieldCardWhichIsDiscarded) {
  auto state = DealtGame();
  state->Apply({{"type", "draw_to_field"}, {"slot", 2}, {"placed", "Q"}, {"replaced", "3"}});
  const Json snapshot = state->Snapshot();
  EXPECT_EQ(snapshot["discard_pile"], Json::array({"7", "3"}));
  EXPECT_EQ(snapshot["deck_left"], 28);
  EXPECT_EQ(snapshot["players"][0]["known_field"][1], "Q");
  EXPECT_EQ(snapshot["players"][0]["hand_size"], 5);
}

TEST(CardGolfTurns, TheDiscardCannotGoStraightToTheField) {
  auto state = DealtGame();
  ExpectRefused(*state, {{"type", "take_discard"}, {"slot", 1}, {"discard", "9"}},
                "unknown field \"slot\"");
  // Two turns instead: take the 7 into the hand, later put it into the field.
  state->Apply(Take("9"));
  state->Apply(Draw("2"));
  state->Apply({{"type", "draw_to_field"}, {"slot", 4}, {"placed", "7"}, {"replaced", "J"}});
  EXPECT_EQ(state->Snapshot()["players"][0]["known_field"][3], "7");
  EXPECT_EQ(state->Snapshot()["players"][0]["known_hand"], Json::array());
}

TEST(CardGolfTurns, BadTurnFieldsAreNamed) {
  auto state = DealtGame();
  ExpectRefused(*state, {{"type", "take_discard"}},
                "action 'take_discard': field \"discard\" is missing");
  ExpectRefused(*state, ToField(7, "3"), "field \"slot\" must be between 1 and 6, got 7");
  ExpectRefused(*state, {{"type", "draw_to_field"}, {"slot", 1}}, "field \"replaced\" is missing");
  ExpectRefused(*state, {{"type", "draw_and_discard"}, {"drawn", 5}, {"discard", "4"}},
                "field \"drawn\" is not valid: a card must be a string");
  ExpectRefused(*state, {{"type", "rap"}, {"card", "4"}}, "unknown field \"card\"");
  ExpectRefused(*state, {{"type", "rap"}, {"player", "Zed"}},
                "no player is called 'Zed'; the players are Ann and Bob");
}

TEST(CardGolfTurns, OnlyThePlayerToPlayActs) {
  auto state = DealtGame();
  ExpectRefused(*state, {{"type", "rap"}, {"player", "Bob"}}, "it is Ann's turn, not Bob's");
  ExpectRefused(*state, Reveal("Ann", "A K J J Q 9", "4 7 7 9 A"),
                "it is Ann's turn: take_discard, draw_and_discard, draw_to_field or rap allowed");
  state->Apply({{"type", "rap"}, {"player", "Ann"}});
  EXPECT_EQ(state->Snapshot()["rapper"], "Ann");
}

TEST(CardGolfTurns, ADiscardMustBeInAKnownHand) {
  auto state = DealtGame();
  // Ann's whole hand becomes known: the 7 taken and four named draws; Bob just draws.
  state->Apply(Take("2"));
  const std::vector<std::pair<std::string, std::string>> draws = {
      {"K", "3"}, {"Q", "4"}, {"J", "5"}, {"A", "6"}};
  for (const auto& [drawn, discard] : draws) {
    state->Apply(Draw("8"));
    state->Apply({{"type", "draw_and_discard"}, {"drawn", drawn}, {"discard", discard}});
  }
  state->Apply(Draw("9"));
  EXPECT_EQ(state->Snapshot()["players"][0]["known_hand"], Json::array({"7", "K", "Q", "J", "A"}));
  ExpectRefused(*state, {{"type", "draw_and_discard"}, {"drawn", "K"}, {"discard", "5"}},
                "Ann holds no 5: the hand is known to be 7 K Q J A K");
  state->Apply({{"type", "draw_and_discard"}, {"drawn", "K"}, {"discard", "7"}});
}

TEST(CardGolfTurns, ACardPlacedUnseenMakesTheHandUncertain) {
  auto state = DealtGame();
  state->Apply(Take("9"));  // Ann holds the 7
  state->Apply(Draw("2"));
  state->Apply(ToField(1, "5"));  // the card placed might have been the 7
  EXPECT_EQ(state->Snapshot()["players"][0]["known_hand"], Json::array());
  EXPECT_EQ(state->Snapshot()["players"][0]["known_field"][0], Json());
}

TEST(CardGolfTurns, AFieldSlotHoldsTheCardPlacedThere) {
  auto state = DealtGame();
  state->Apply({{"type", "draw_to_field"}, {"slot", 3}, {"placed", "Q"}, {"replaced", "3"}});
  state->Apply(Draw("2"));
  ExpectRefused(*state, ToField(3, "9"), "Ann's field slot 3 holds the Q placed there earlier");
  state->Apply(ToField(3, "QS"));
}

TEST(CardGolfTurns, NoMoreCardsOfARankThanTheDecksHold) {
  auto state = DealtGame();  // the 7 is up
  state->Apply(Draw("7"));
  state->Apply(Draw("7"));
  state->Apply(Draw("7"));
  ExpectRefused(*state, Draw("7"),
                "that makes 5 cards of rank 7 in play, but one deck holds only 4");
  ExpectRefused(*state, Draw("7H"), "that makes 5 cards of rank 7");
  state->Apply(Draw("8"));
}

TEST(CardGolfTurns, ASuitedCardExistsOncePerDeck) {
  auto state = DealtGame();
  state->Apply(Draw("QH"));
  ExpectRefused(*state, Draw("QH"), "that makes 2 of the QH in play, but one deck holds only 1");
}

TEST(CardGolfTurns, StatusLineSaysWhoPlaysAndWhat) {
  auto state = DealtGame();
  EXPECT_EQ(state->StatusLine(),
            "Ann to play: take the 7 from the discard pile, draw (29 left), or rap");
  state->Apply(Draw("9"));
  EXPECT_EQ(state->StatusLine(),
            "Bob to play: take the 9 from the discard pile, draw (28 left), or rap");
}

TEST(CardGolfEnd, RapEndsTheGameAtOnceByDefault) {
  auto state = DealtGame();
  state->Apply(Draw("9"));
  state->Apply(Rap());
  EXPECT_EQ(state->Snapshot()["phase"], "reveal");
  EXPECT_EQ(state->Snapshot()["ending"], "Bob rapped");
  EXPECT_EQ(ActorNames(*state), (std::vector<std::string>{"Ann", "Bob"}));
  EXPECT_EQ(state->StatusLine(), "Reveal (Bob rapped): Ann and Bob to enter field and hand");
  ExpectRefused(*state, Draw("9"), "play is over and Ann and Bob must reveal: reveal allowed now");
}

TEST(CardGolfEnd, WithOthersPlayOnceEveryOtherPlayerHasALastTurn) {
  auto state = NewFourPlayerGame({{"rap", "others_play_once"}});
  state->Apply({{"type", "deal"}, {"dealer", "Dee"}, {"flipped", "5"}});
  state->Apply(Draw("9"));  // Ann
  state->Apply(Rap());      // Bob raps
  EXPECT_EQ(state->StatusLine(),
            "Cy to play (last turn: Bob rapped): take the 9 from the discard pile, draw (58 "
            "left), or rap");
  state->Apply(Draw("8"));  // Cy
  state->Apply(Rap());      // Dee gives up her last turn
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Ann"});
  state->Apply(Take("4"));  // Ann's last turn
  EXPECT_EQ(state->Snapshot()["phase"], "reveal");
  EXPECT_EQ(state->Snapshot()["ending"], "Bob rapped");
}

TEST(CardGolfEnd, PlayEndsWhenTheDrawDeckRunsOut) {
  auto state = DealtGame();
  const std::vector<std::string> ranks = {"2", "3",  "4", "5", "6", "8",
                                          "9", "10", "J", "Q", "K", "A"};
  for (size_t draw = 0; draw < 28; ++draw) state->Apply(Draw(ranks[draw % ranks.size()]));
  state->Apply(Take("3"));
  EXPECT_EQ(state->Snapshot()["deck_left"], 1);
  state->Apply(ToField(1, "10"));
  EXPECT_EQ(state->Snapshot()["phase"], "reveal");
  EXPECT_EQ(state->Snapshot()["ending"], "the draw deck ran out");
}

TEST(CardGolfEnd, HighestTotalWins) {
  auto state = DealtGame();
  state->Apply(Rap());
  state->Apply(Reveal("Bob", "Q 2 K 2 3 4", "5 6 8 10 J"));
  EXPECT_EQ(ActorNames(*state), std::vector<std::string>{"Ann"});
  ExpectRefused(*state, Reveal("Bob", "Q 2 K 2 3 4", "5 6 8 10 J"),
                "Bob has already revealed; Ann still must");
  state->Apply(Reveal("Ann", "A K J J Q 9", "4 7 7 9 A"));
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Winners(), std::vector<int>{0});
  EXPECT_EQ(state->StatusLine(), "Game over (Ann rapped): Ann wins; Ann 18, Bob 14");
}

TEST(CardGolfEnd, TiesShareTheWin) {
  auto state = NewGame({{"mode", "final"}});
  state->Apply(Reveal("Ann", "A K J J Q 9", "4 7 7 9 A"));
  state->Apply(Reveal("Bob", "Q K J J 3 A", "4 8 8 9 A"));
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Winners(), (std::vector<int>{0, 1}));
  EXPECT_EQ(state->StatusLine(), "Game over (final scores): Ann and Bob tie; Ann 18, Bob 18");
}

TEST(CardGolfReveal, CountsAreChecked) {
  auto state = NewGame({{"mode", "final"}});
  ExpectRefused(*state, Reveal("Ann", "A K J J Q", "4 7 7 9 A"), "a field has 6 cards, got 5");
  ExpectRefused(*state, Reveal("Ann", "A K J J Q 9", "4 7 9 A"), "a hand has 5 cards, got 4");
  ExpectRefused(*state, Reveal("Ann", "A K J J Q 9", "4 7 9 A X"), "'X' is not a card");
  ExpectRefused(*state, {{"type", "reveal"}, {"player", "Ann"}, {"field", "A K J J Q 9"}},
                "field \"hand\" is missing");
}

TEST(CardGolfReveal, MustShowTheCardsKnownFromPlay) {
  auto state = DealtGame();
  state->Apply(Take("4"));  // Ann now holds the 7
  state->Apply({{"type", "draw_to_field"}, {"slot", 6}, {"placed", "K"}, {"replaced", "2"}});
  state->Apply(Rap());
  ExpectRefused(*state, Reveal("Ann", "A K J J Q 9", "4 8 8 9 A"),
                "Ann's hand 4 8 8 9 A lacks the 7 known to be in it");
  state->Apply(Reveal("Ann", "A K J J Q 9", "8 7 8 9 A"));
  ExpectRefused(*state, Reveal("Bob", "A K J J Q 9", "5 6 8 10 J"),
                "Bob's field slot 6 holds the K placed there during play, not the 9");
  state->Apply(Reveal("Bob", "A 2 3 5 6 K", "5 6 8 10 J"));
  EXPECT_TRUE(state->IsTerminal());
}

TEST(CardGolfReveal, AllShownCardsMustFitTheDecks) {
  auto state = NewGame({{"mode", "final"}});
  state->Apply(Reveal("Ann", "Q Q Q K K K", "4 7 7 9 A"));
  ExpectRefused(*state, Reveal("Bob", "Q Q 2 3 4 5", "5 6 8 10 J"),
                "that makes 5 cards of rank Q in play, but one deck holds only 4");
}

TEST(CardGolfFinalMode, OnlyFieldsAndHandsAreEntered) {
  auto state = NewGame({{"mode", "final"}});
  EXPECT_EQ(state->StatusLine(), "Final entry: Ann and Bob to enter field and hand");
  ExpectRefused(*state, {{"type", "deal"}, {"dealer", "Ann"}, {"flipped", "7"}},
                "reveal allowed now, not 'deal'");
  state->Apply(Reveal("Bob", "Q Q 2 3 4 5", "5 6 8 10 J"));
  state->Apply(Reveal("Ann", "A K J J Q 9", "4 7 7 9 A"));
  EXPECT_EQ(state->Winners(), std::vector<int>{0});
}

TEST(CardGolfScorecard, OneColumnPerPlayerAndTheScoringRows) {
  auto state = NewGame({{"mode", "final"}});
  state->Apply(Reveal("Ann", "A K J J Q 9", "4 7 7 9 A"));
  const ScoreTable table = state->Scorecard();
  EXPECT_EQ(table.title, "Czech Golf");
  EXPECT_EQ(table.columns, (std::vector<std::string>{"Ann", "Bob"}));
  ASSERT_EQ(table.rows.size(), 4u);
  EXPECT_EQ(table.rows[0].label, "Field");
  EXPECT_EQ(table.rows[0].cells, (std::vector<std::string>{"13", ""}));
  EXPECT_EQ(table.rows[1].cells, (std::vector<std::string>{"1", ""}));
  EXPECT_EQ(table.rows[2].label, "Lowest card");
  EXPECT_EQ(table.rows[2].cells, (std::vector<std::string>{"4", ""}));
  EXPECT_EQ(table.rows[3].cells, (std::vector<std::string>{"18", ""}));
  EXPECT_TRUE(table.rows[3].is_total);
  EXPECT_EQ(table.details["players"][0]["revealed"]["field"][0], "A");
  EXPECT_EQ(table.details["players"][0]["score"]["total"], 18);
}

TEST(CardGolfLegalActions, ListEveryTurnChoice) {
  auto state = DealtGame();
  std::vector<std::string> types;
  for (const auto& legal : state->LegalActions()) types.push_back(legal.action["type"]);
  EXPECT_EQ(types, (std::vector<std::string>{"take_discard", "draw_and_discard", "draw_to_field",
                                             "draw_to_field", "draw_to_field", "draw_to_field",
                                             "draw_to_field", "draw_to_field", "rap"}));
}

void ExpectPlayouts(const GameSetup& setup, int games) {
  testing::PlayoutOptions options;
  options.games = games;
  testing::CheckRandomPlayouts(GameTypeInfo(), setup, options);
}

TEST(CardGolfPlayouts, TwoPlayers) { ExpectPlayouts(GolfSetup({"Ann", "Bob"}), 50); }

TEST(CardGolfPlayouts, FourPlayers) { ExpectPlayouts(GolfSetup({"Ann", "Bob", "Cy", "Dee"}), 25); }

TEST(CardGolfPlayouts, OthersPlayOnceAfterARap) {
  ExpectPlayouts(GolfSetup({"Ann", "Bob", "Cy", "Dee"}, {{"rap", "others_play_once"}}), 25);
}

TEST(CardGolfPlayouts, FourPlayersOneDeck) {
  ExpectPlayouts(GolfSetup({"Ann", "Bob", "Cy", "Dee"}, {{"decks", 1}}), 15);
}

TEST(CardGolfPlayouts, FinalEntry) {
  ExpectPlayouts(GolfSetup({"Ann", "Bob"}, {{"mode", "final"}}), 40);
  ExpectPlayouts(GolfSetup({"Ann", "Bob", "Cy", "Dee"}, {{"mode", "final"}}), 30);
}

TEST(CardGolfSample, ReplaysToTheExpectedWinner) {
  std::ifstream file(TABREF_SOURCE_DIR "/data/samples/card-golf.json");
  ASSERT_TRUE(file) << "missing data/samples/card-golf.json";
  const Json log = Json::parse(file);
  std::vector<Action> actions;
  for (const Json& entry : log.at("actions")) actions.push_back(Action::FromJson(entry));
  const auto state = Replay(MakeGame(GameSetup::FromJson(log)), actions);
  ASSERT_TRUE(state->IsTerminal());
  EXPECT_EQ(state->Names(state->Winners()), std::vector<std::string>{"Marta"});
  EXPECT_EQ(state->StatusLine(), "Game over (Marta rapped): Marta wins; Marta 15, Tomas 13");
}

}  // namespace
}  // namespace tabref::rules::card_golf
