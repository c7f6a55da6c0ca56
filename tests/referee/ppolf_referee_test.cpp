#include "app/referee/ppolf_referee.h"

#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <numbers>
#include <string>

#include "app/referee/observed_pieces.h"
#include "app/referee/registry.h"
#include "tests/referee/referee_fixture.h"

namespace tabref::referee {
namespace {

using rules::Json;
using namespace testing;  // NOLINT(google-build-using-namespace): the builders

// Tracks: 0 the black ace (the first tee), 1 the red null (hole 1), 2 the red ace (hole 2);
// 20 Ann's coin (red: suns suit side), 21 Bob's (blue: arms suit side).
class PpolfRefereeTest : public RefereeTest {
 protected:
  PpolfRefereeTest() : RefereeTest("ppolf") {}

  std::vector<vision::ObservedPiece> Course() const {
    return {FaceTile(0, "moons", "ace", {100, 300}, 10),
            FaceTile(1, "suns", "null", {500, 300}, 30), FaceTile(2, "suns", "ace", {900, 600})};
  }
  vision::TableObservation CourseWith(std::vector<vision::ObservedPiece> coins) const {
    std::vector<vision::ObservedPiece> pieces = Course();
    pieces.insert(pieces.end(), coins.begin(), coins.end());
    return Table(pieces);
  }
  Json Player(int seat) const { return state_->Scorecard().details["players"][seat]; }

  // Both tee off and miss: Ann rests at (330, 440), Bob at (330, 150).
  void BothTeeOffAndMiss() {
    JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                       CourseWith({SuitCoin(20, "suns", {330, 440})}), {20}));
    JudgeAndApply(Shot(
        CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {150, 320})}),
        CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})}), {21}));
  }

  // Both hole out at hole 1, their coins left beside the hole; true when Ann tees off next.
  bool BothHoleOut() {
    BothTeeOffAndMiss();
    JudgeAndApply(
        Shot(CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})}),
             CourseWith({SuitCoin(20, "suns", {480, 310}), SuitCoin(21, "arms", {330, 150})}), {20},
             {{20, 1}}));
    EXPECT_EQ(Player(0)["state"], "holed");
    JudgeAndApply(Shot(CourseWith({SuitCoin(21, "arms", {330, 150})}),
                       CourseWith({SuitCoin(21, "arms", {490, 290})}), {21}, {{21, 1}}));
    const std::string status = state_->StatusLine();
    EXPECT_NE(status.find("tees off"), std::string::npos) << status;
    return status.find("Ann tees off") != std::string::npos;
  }
};

TEST_F(PpolfRefereeTest, AContactWithTheHoleTileIsAHit) {
  const Json action =
      JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                         CourseWith({SuitCoin(20, "suns", {455, 300})}), {20}, {{20, 1}}));
  EXPECT_EQ(action["player"], "Ann");
  EXPECT_EQ(action["hit"], true);
  EXPECT_EQ(action["hole"]["at"], Json({500.0, 300.0}));
  EXPECT_EQ(action["hole"]["angle_deg"], 30.0);
  EXPECT_FALSE(action.contains("coins"));  // a holed coin is picked up
  EXPECT_EQ(Player(0)["state"], "holed");
  EXPECT_EQ(Player(0)["count"], 1);
}

TEST_F(PpolfRefereeTest, ATouchOfTheHoleTheCameraMayHaveMissedIsAskedNotGuessed) {
  // Ann's coin lay by the hole and was first seen sliding away from it.
  vision::ShotObservation shot = Shot(CourseWith({SuitCoin(20, "suns", {460, 300})}),
                                      CourseWith({SuitCoin(20, "suns", {420, 300})}), {20});
  shot.contacts.push_back({0.1, 20, 1, true});
  const Verdict verdict = referee_->Judge(*state_, shot);
  ASSERT_EQ(verdict.kind, VerdictKind::kAskPlayers) << verdict.reason;
  EXPECT_EQ(verdict.question.kind, "flick");
  EXPECT_EQ(verdict.question.actors, std::vector<int>{0});
  ASSERT_EQ(verdict.question.choices.size(), 2u);
  EXPECT_EQ(verdict.question.choices[0].action["hit"], true);
  EXPECT_FALSE(verdict.question.choices[1].action.contains("hit"));
  EXPECT_EQ(verdict.question.choices[1].action["coins"][0]["at"], Json({420.0, 300.0}));
  for (const rules::LegalAction& choice : verdict.question.choices)
    EXPECT_NO_THROW(state_->Clone()->Apply(choice.action, rules::ActionSource::kManual));

  // Seen as well as possible: a hit, no question.
  shot.contacts.push_back({0.12, 20, 1, false});
  const Verdict seen = referee_->Judge(*state_, shot);
  ASSERT_EQ(seen.kind, VerdictKind::kAction);
  EXPECT_EQ(seen.action["hit"], true);
}

TEST_F(PpolfRefereeTest, DistancesAreMeasuredFromTheHoleInPlayToEveryPlayersCoin) {
  const vision::TableObservation table =
      CourseWith({SuitCoin(20, "suns", {150, 300}), SuitCoin(21, "arms", {330, 150})});
  const Focus focus = referee_->FocusOn(*state_, table);
  EXPECT_EQ(focus.track, 1);  // hole 1, the red null
  EXPECT_EQ(focus.measured, (std::vector<int>{20, 21}));
}

TEST_F(PpolfRefereeTest, AContactWithAnotherTileIsNoHit) {
  const Json action =
      JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                         CourseWith({SuitCoin(20, "suns", {160, 300})}), {20}, {{20, 0}}));
  EXPECT_FALSE(action.contains("hit"));
  EXPECT_EQ(action["coins"],
            Json::array({{{"player", "Ann"}, {"at", {160.0, 300.0}}, {"sigma_mm", 0.0}}}));
}

TEST_F(PpolfRefereeTest, ACoinOffTheTableCostsAPenaltyAndHasNoPosition) {
  const Json action = JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}), CourseWith({}), {20}, {}, {20}));
  EXPECT_EQ(action["off_table"], true);
  EXPECT_FALSE(action.contains("coins"));
  EXPECT_EQ(Player(0)["penalties"], 1);
  EXPECT_EQ(Player(0)["count"], 2);
}

// Held-out seed 52: a coin flicked at 4.4 m/s was lost from sight and went off the table's
// corner unseen; judged a miss with no place, its penalty was lost. Fresh seed 79: a coin
// that hit the hole, lost from sight as it touched and taken up at once, was asked about with
// no "hit" to answer; the players' "left the table" cost a penalty and the hole's order.
TEST_F(PpolfRefereeTest, ACoinGoneFromTheTableButNotSeenToLeaveItIsAsked) {
  const Verdict verdict = referee_->Judge(
      *state_, Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}), CourseWith({}), {20}));
  ASSERT_EQ(verdict.kind, VerdictKind::kAskPlayers) << verdict.reason;
  ASSERT_EQ(verdict.question.choices.size(), 3u);
  EXPECT_EQ(verdict.question.choices[0].action["hit"], true);
  EXPECT_FALSE(verdict.question.choices[0].action.contains("off_table"));
  EXPECT_EQ(verdict.question.choices[1].action["off_table"], true);
  EXPECT_FALSE(verdict.question.choices[1].action.contains("hit"));
  EXPECT_FALSE(verdict.question.choices[2].action.contains("off_table"));
  EXPECT_FALSE(verdict.question.choices[2].action.contains("hit"));
  for (const rules::LegalAction& choice : verdict.question.choices)
    EXPECT_NO_THROW(state_->Clone()->Apply(choice.action, rules::ActionSource::kManual));
  const std::unique_ptr<rules::State> holed = state_->Clone();
  holed->Apply(verdict.question.choices[0].action, rules::ActionSource::kManual);
  EXPECT_EQ(holed->Scorecard().details["players"][0]["state"], "holed");
}

// Fresh seed 83: a coin flicked hard at the hole tile was lost from sight as it struck it and,
// its way pointing off the table, was taken for gone; it rebounded and was found again as a
// new track, read as its player's. It did not leave the table.
TEST_F(PpolfRefereeTest, ACoinTakenForGoneButFoundAgainOnTheTableDidNotLeaveIt) {
  const vision::ShotObservation shot =
      Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
           CourseWith({SuitCoin(25, "suns", {300, 250})}), {20, 25}, {}, {20});
  const Json action = JudgeAndApply(shot);
  EXPECT_FALSE(action.contains("off_table")) << action.dump();
  EXPECT_EQ(action["coins"][0]["at"], Json({300.0, 250.0}));
  EXPECT_EQ(Player(0)["penalties"], 0);
  // A coin of the player's that did not move in the shot is not that coin found again.
  const std::unique_ptr<rules::State> fresh = state_->game().NewInitialState();
  const vision::ShotObservation set_down =
      Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
           CourseWith({SuitCoin(25, "suns", {300, 250})}), {20}, {}, {20});
  const Verdict verdict = referee_->Judge(*fresh, set_down);
  ASSERT_EQ(verdict.kind, VerdictKind::kAction) << verdict.reason;
  EXPECT_EQ(verdict.action.value("off_table", false), true);
}

// Held-out seed 81: a coin lost from sight on its way was found again as a new track whose
// face was misread as a value; with Bob's coin also unseen (he had not teed off) the misread
// coin could be either's, so the players were asked where it went, and the place they could
// not give cost Bob his putt-out. The coin that moved in the shot is the flicked one.
TEST_F(PpolfRefereeTest, ACoinLostOnItsWayAndFoundAgainMisreadIsWhereItRests) {
  const vision::TableObservation before = CourseWith({SuitCoin(20, "suns", {150, 300})});
  const Json action =
      JudgeAndApply(Shot(before, CourseWith({ValueCoin(25, "4", {300, 250})}), {20, 25}));
  EXPECT_FALSE(action.contains("hit"));
  EXPECT_FALSE(action.contains("off_table"));
  ASSERT_TRUE(action.contains("coins")) << action.dump();
  EXPECT_EQ(action["coins"][0]["player"], "Ann");
  EXPECT_EQ(action["coins"][0]["at"], Json({300.0, 250.0}));

  // Two such coins, or one read as Bob's, say nothing of where Ann's went: asked.
  const std::unique_ptr<rules::State> fresh = state_->game().NewInitialState();
  for (const vision::TableObservation& after :
       {CourseWith({ValueCoin(25, "4", {300, 250}), ValueCoin(26, "2", {320, 200})}),
        CourseWith({SuitCoin(25, "arms", {300, 250})})}) {
    const Verdict verdict = referee_->Judge(*fresh, Shot(before, after, {20, 25, 26}));
    EXPECT_EQ(verdict.kind, VerdictKind::kAskPlayers) << verdict.reason;
  }
}

// Held-out seed 216: a coin flicked from the table's edge was lost from sight at once (a blob
// beside it taken for it) and found sliding into the hole as a new track, read at rest as the
// player's. The touch of the hole was that track's: a hit, not a miss where it rests.
TEST_F(PpolfRefereeTest, ACoinLostAsItWasFlickedAndFoundAgainAsItsPlayersHitTheHoleItTouched) {
  const Json action =
      JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                         CourseWith({SuitCoin(25, "suns", {440, 330})}), {20, 25}, {{25, 1}}));
  EXPECT_EQ(action["hit"], true) << action.dump();
  EXPECT_EQ(Player(0)["state"], "holed");
}

TEST_F(PpolfRefereeTest, KnockingACoinIntoTheHoleOrOffTheTable) {
  BothTeeOffAndMiss();
  ASSERT_EQ(state_->StatusLine().rfind("Hole 1 (Red null), round 1: Ann", 0), 0u)
      << state_->StatusLine();
  // Ann's coin sends Bob's into the hole.
  Json action = JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})}),
           CourseWith({SuitCoin(20, "suns", {320, 260}), SuitCoin(21, "arms", {470, 250})}),
           {20, 21}, {{20, 21}, {21, 1}}));
  EXPECT_EQ(action["knocked_in"], Json::array({"Bob"}));
  EXPECT_EQ(action["coins"].size(), 1u);
  EXPECT_EQ(Player(1)["state"], "holed");

  // Next hole, after a fresh start: Ann knocks Bob's coin off the table.
  state_ = NewGame({{"game", "ppolf"}, {"players", {"Ann", "Bob"}}});
  BothTeeOffAndMiss();
  action = JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})}),
           CourseWith({SuitCoin(20, "suns", {330, 215})}), {20, 21}, {{20, 21}}, {21}));
  EXPECT_EQ(action["knocked_off"], Json::array({"Bob"}));
  EXPECT_EQ(action["coins"],
            Json::array({{{"player", "Ann"}, {"at", {330.0, 215.0}}, {"sigma_mm", 0.0}}}));
  EXPECT_EQ(Player(0)["penalties"], 1);
}

TEST_F(PpolfRefereeTest, ATileKnockedOffTheTableIsCountedAndTheHoleStaysWhereItWas) {
  const Json action = JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
           Table({FaceTile(0, "moons", "ace", {100, 300}, 10),
                  FaceTile(2, "suns", "ace", {900, 600}), SuitCoin(20, "suns", {480, 310})}),
           {20, 1}, {{20, 1}}, {1}));
  EXPECT_EQ(action["holes_knocked_off"], 1);
  EXPECT_EQ(action["hole"]["at"], Json({500.0, 300.0}));
}

TEST_F(PpolfRefereeTest, ACoinWhoseFaceTheCameraMisreadIsThePlayerWhoseCoinIsNotSeen) {
  // Small on a large course, Bob's coin reads as a value side: every coin on the course is a
  // player's, and his is the one not seen.
  JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                     CourseWith({SuitCoin(20, "suns", {330, 440})}), {20}));
  const vision::ObservedPiece misread = ValueCoin(21, "4", {150, 320});
  vision::ObservedPiece rested = misread;
  rested.position_mm = {330, 150};
  rested.footprint = rules::Circle{rested.position_mm, 9.525};
  const Json action =
      JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {330, 440}), misread}),
                         CourseWith({SuitCoin(20, "suns", {330, 440}), rested}), {21}));
  EXPECT_EQ(action["player"], "Bob");
  ASSERT_TRUE(action.contains("coins"));
  EXPECT_EQ(action["coins"].size(), 2u);  // Ann's, and Bob's where it rests
  // Ann's next flick: the misread coin is still Bob's.
  const Json next =
      JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {330, 440}), rested}),
                         CourseWith({SuitCoin(20, "suns", {400, 420}), rested}), {20}));
  EXPECT_EQ(next["player"], "Ann");
  ASSERT_EQ(next["coins"].size(), 2u);
  EXPECT_EQ(next["coins"][1]["player"], "Bob");
  EXPECT_EQ(next["coins"][1]["at"], Json({330.0, 150.0}));
}

TEST_F(PpolfRefereeTest, ACoinSetDownUnseenAndFlickedIsTheFlickersEvenWhenItStrikesAnother) {
  // Ppolf seed 1: Bob's coin, put down at the tee and flicked before the camera had a look
  // at it, struck Ann's: the first piece to move is his, not hers.
  JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                     CourseWith({SuitCoin(20, "suns", {330, 440})}), {20}));
  const Json action = JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {330, 440})}),
           CourseWith({SuitCoin(20, "suns", {360, 480}), SuitCoin(21, "arms", {320, 420})}),
           {21, 20}, {{21, 20}}));
  EXPECT_EQ(action["player"], "Bob");
  EXPECT_EQ(Player(1)["count"], 1);
}

// Held-out seed 57: Bob's coin, put down at the tee and flicked off the table at once, was
// seen only as a blur never read, going over the edge.
TEST_F(PpolfRefereeTest, ACoinSetDownUnseenAndFlickedOffTheTableIsTheFlickersOffTheTable) {
  JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                     CourseWith({SuitCoin(20, "suns", {330, 440})}), {20}));
  const vision::TableObservation course = CourseWith({SuitCoin(20, "suns", {330, 440})});
  const Json action = JudgeAndApply(Shot(course, course, {27}, {}, {27}));
  EXPECT_EQ(action["player"], "Bob");
  EXPECT_EQ(action["off_table"], true);
  EXPECT_EQ(Player(1)["penalties"], 1);
}

// Held-out seed 76: Bob's coin, set down under the hand and flicked, rebounded off the hole
// and came to rest (found by the look closing the shot, its own face read); the arm drawn
// back off the table moved first and passed for a blur flying off. The coin seen is his.
TEST_F(PpolfRefereeTest, ACoinSeenAfterTheShotComesBeforeABlurThatFlewOff) {
  JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                     CourseWith({SuitCoin(20, "suns", {330, 440})}), {20}));
  const Json action = JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {330, 440})}),
           CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(28, "arms", {460, 330})}),
           {27, 28}, {{28, 1}}, {27}));
  EXPECT_EQ(action["player"], "Bob");
  EXPECT_FALSE(action.contains("off_table"));
  EXPECT_EQ(action["hit"], true);
  EXPECT_EQ(Player(1)["penalties"], 0);
}

// The coin lifted from beside the hole by the one not teeing off.
vision::ObservedPiece LiftedCoin(bool ann_tees_off) {
  return ann_tees_off ? SuitCoin(21, "arms", {490, 290}) : SuitCoin(20, "suns", {480, 310});
}

TEST_F(PpolfRefereeTest, ACoinTakenUpAsTheNextPlayerTeesOffWasNotFlicked) {
  // Ppolf seed 2: one player lifted a holed coin from beside the hole while the other set
  // theirs down at the next tee and flicked it, in one span of motion: the first piece to
  // move was the lifted one, gone from the table but not over its edge.
  const bool ann_tees_off = BothHoleOut();
  const vision::ObservedPiece lifted = LiftedCoin(ann_tees_off);
  const vision::ObservedPiece flicked = SuitCoin(26, ann_tees_off ? "suns" : "arms", {700, 420});
  const Json action =
      JudgeAndApply(Shot(CourseWith({lifted}), CourseWith({flicked}), {lifted.track_id, 26}));
  EXPECT_EQ(action["player"], ann_tees_off ? "Ann" : "Bob");
  EXPECT_FALSE(action.contains("hit"));  // a miss, from the tee it was set down at
}

TEST_F(PpolfRefereeTest, ACoinSetDownUnseenAndMisreadAsAHoledCoinIsTakenUpIsTheTeeingPlayers) {
  // Ppolf seed 25: as above, but the coin set down and flicked reads as a value side where it
  // rests (no player's): the one player due, whose coin was not seen, flicked it.
  const bool ann_tees_off = BothHoleOut();
  const vision::ObservedPiece lifted = LiftedCoin(ann_tees_off);
  const Json action = JudgeAndApply(Shot(
      CourseWith({lifted}), CourseWith({ValueCoin(26, "4", {700, 420})}), {lifted.track_id, 26}));
  EXPECT_EQ(action["player"], ann_tees_off ? "Ann" : "Bob");
  ASSERT_TRUE(action.contains("coins"));
  EXPECT_EQ(action["coins"][0]["at"], Json({700.0, 420.0}));
}

// Held-out seeds 225 and 227: a holed coin set down by the hand at the next tee, 20 mm (46 mm)
// from where it lay and found while the hand was over it, passed for one flicked there: a
// "miss" and the tee shot after it out of turn. A coin of the player to tee off that comes to
// rest within one tile width of the tee, touching nothing, was set down to tee off (rulebook:
// "place a coin anywhere within one tile width of the last hole"); the tee shot from there
// counts.
TEST_F(PpolfRefereeTest, ACoinThatComesToRestAtTheTeeWasSetDownToTeeOff) {
  const bool ann_tees_off = BothHoleOut();
  const int track = ann_tees_off ? 20 : 21;
  const std::string suit = ann_tees_off ? "suns" : "arms";
  const vision::ObservedPiece holed = SuitCoin(track, suit, {480, 310});
  const vision::ObservedPiece at_the_tee = SuitCoin(track, suit, {470, 345});  // 16 mm off it
  const Verdict set_down =
      referee_->Judge(*state_, Shot(CourseWith({holed}), CourseWith({at_the_tee}), {track}));
  EXPECT_EQ(set_down.kind, VerdictKind::kNotJudged) << set_down.reason;
  EXPECT_NE(set_down.reason.find("set down to tee off"), std::string::npos) << set_down.reason;

  // Touching another piece on the way, it was flicked.
  vision::ShotObservation struck =
      Shot(CourseWith({holed, SuitCoin(26, "moons", {460, 360})}),
           CourseWith({at_the_tee, SuitCoin(26, "moons", {450, 380})}), {track, 26}, {{track, 26}});
  EXPECT_EQ(referee_->Judge(*state_, struck).kind, VerdictKind::kAction);

  // Beyond one tile width of the tee: the tee shot, from where the coin was set down.
  const Json action = JudgeAndApply(
      Shot(CourseWith({at_the_tee}), CourseWith({SuitCoin(track, suit, {420, 420})}), {track}));
  EXPECT_EQ(action["player"], ann_tees_off ? "Ann" : "Bob");
  EXPECT_FALSE(action.contains("hit"));
  EXPECT_EQ(Player(ann_tees_off ? 0 : 1)["count"], 1);
}

// Held-out seed 206: the hand took up the coin of the player not teeing off and set the
// other's down at the tee; the blob of the hand by the lifted coin's place was taken for that
// coin flicked, touching the coin set down, and the shot for the teeing player's "miss". The
// coin taken up is no mover beside the one set down at the tee.
TEST_F(PpolfRefereeTest, ACoinSetDownAtTheTeeAsTheHandTakesAnotherUpIsNoFlick) {
  const bool ann_tees_off = BothHoleOut();
  const vision::ObservedPiece lifted = LiftedCoin(ann_tees_off);
  const vision::ObservedPiece set_down =
      SuitCoin(26, ann_tees_off ? "suns" : "arms", {470, 345});  // 16 mm off the tee
  const Verdict verdict =
      referee_->Judge(*state_, Shot(CourseWith({lifted}), CourseWith({set_down}),
                                    {lifted.track_id, 26}, {{lifted.track_id, 26}}));
  EXPECT_EQ(verdict.kind, VerdictKind::kNotJudged) << verdict.reason;
  EXPECT_NE(verdict.reason.find("set down to tee off"), std::string::npos) << verdict.reason;
}

// Held-out seed 143: Ann holed out from the tee; Bob's coin, set down there far from the
// camera, read as hers (a suit a few pixels across) and was flicked. The coin of a player who
// holed out is not on the course: it is the one player due's, misread.
TEST_F(PpolfRefereeTest, ACoinReadAsAHoledPlayersIsTheOnePlayerDueMisread) {
  JudgeAndApply(Shot(CourseWith({SuitCoin(20, "suns", {150, 300})}),
                     CourseWith({SuitCoin(20, "suns", {455, 300})}), {20}, {{20, 1}}));
  ASSERT_EQ(Player(0)["state"], "holed");
  const Json action = JudgeAndApply(Shot(CourseWith({SuitCoin(22, "suns", {150, 320})}),
                                         CourseWith({SuitCoin(22, "suns", {330, 150})}), {22}));
  EXPECT_EQ(action["player"], "Bob");
  ASSERT_TRUE(action.contains("coins"));
  EXPECT_EQ(action["coins"][0]["at"], Json({330.0, 150.0}));
  EXPECT_EQ(Player(1)["count"], 1);
}

TEST_F(PpolfRefereeTest, ACoinLostFromSightAndFoundMisreadIsStillItsPlayers) {
  // Ppolf seed 4: Bob's coin was lost from sight as it slid and found at rest reading as a
  // value side, a new track: it rests there, and it is his on the next flick too.
  BothTeeOffAndMiss();
  ASSERT_EQ(state_->StatusLine().rfind("Hole 1 (Red null), round 1: Ann", 0), 0u);
  JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})}),
           CourseWith({SuitCoin(20, "suns", {300, 470}), SuitCoin(21, "arms", {330, 150})}), {20}));
  const vision::ObservedPiece misread = ValueCoin(25, "4", {430, 250});
  const Json action = JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {300, 470}), SuitCoin(21, "arms", {330, 150})}),
           CourseWith({SuitCoin(20, "suns", {300, 470}), misread}), {21}));
  EXPECT_EQ(action["player"], "Bob");
  ASSERT_EQ(action["coins"].size(), 2u);
  EXPECT_EQ(action["coins"][1]["player"], "Bob");
  EXPECT_EQ(action["coins"][1]["at"], Json({430.0, 250.0}));
}

TEST_F(PpolfRefereeTest, CoinsReadAsNoPlayersAreToldApartByWhereTheyCameToRest) {
  // Held-out Ppolf seed 62: far from the camera both coins read as value sides. Ann flicked
  // hers off the table; Bob's, still where it came to rest, stays in play there.
  BothTeeOffAndMiss();
  ASSERT_EQ(state_->StatusLine().rfind("Hole 1 (Red null), round 1: Ann", 0), 0u);
  const vision::ObservedPiece bobs = ValueCoin(26, "4", {330, 150});
  const Json action = JudgeAndApply(
      Shot(CourseWith({ValueCoin(25, "2", {330, 440}), bobs}), CourseWith({bobs}), {25}, {}, {25}));
  EXPECT_EQ(action["player"], "Ann");
  EXPECT_EQ(action["off_table"], true);
  ASSERT_TRUE(action.contains("coins"));
  ASSERT_EQ(action["coins"].size(), 1u);
  EXPECT_EQ(action["coins"][0]["player"], "Bob");
  EXPECT_EQ(action["coins"][0]["at"], Json({330.0, 150.0}));

  // A coin read as no player's away from every coin's resting place is nobody's by place.
  const auto& ppolf = dynamic_cast<const PpolfReferee&>(*referee_);
  const PpolfCourse course = PpolfCourse::Of(*state_);
  EXPECT_EQ(ppolf.PlayerCoin(course, CourseWith({ValueCoin(27, "2", {700, 700}), bobs}), 1), 26);
  EXPECT_EQ(
      ppolf.PlayerCoin(
          course, CourseWith({ValueCoin(27, "2", {700, 700}), ValueCoin(28, "3", {340, 150})}), 1),
      -1);
}

TEST_F(PpolfRefereeTest, AFlickOutOfTurnIsNotJudged) {
  const Verdict verdict =
      referee_->Judge(*state_, Shot(CourseWith({SuitCoin(21, "arms", {150, 300})}),
                                    CourseWith({SuitCoin(21, "arms", {300, 300})}), {21}));
  EXPECT_EQ(verdict.kind, VerdictKind::kNotJudged);
  EXPECT_NE(verdict.reason.find("Bob's coin"), std::string::npos) << verdict.reason;
}

TEST_F(PpolfRefereeTest, CoinsPutBackByHandAreReportedBetweenFlicks) {
  BothTeeOffAndMiss();
  const vision::TableObservation last =
      CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})});
  EXPECT_FALSE(referee_->Refresh(*state_, last, last));
  const vision::TableObservation now =
      CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {380, 90})});
  const std::optional<Json> layout = referee_->Refresh(*state_, last, now);
  ASSERT_TRUE(layout);
  EXPECT_EQ((*layout)["type"], "layout");
  EXPECT_EQ((*layout)["coins"],
            Json::array({{{"player", "Bob"}, {"at", {380.0, 90.0}}, {"sigma_mm", 0.0}}}));
  state_->Apply(*layout, rules::ActionSource::kVision);
}

// Fresh seed 84: Ann putted under her flicking finger, off the hole and back, and the camera
// saw only her coin lying elsewhere once the hand left; taken as put back by hand, the flick
// was lost and every later one judged out of turn. The coin of the one player due to flick,
// found a flick's length from where it rested, is asked about: hit, missed or moved by hand.
TEST_F(PpolfRefereeTest, ACoinOfThePlayerDueThatMovedUnderTheHandIsAskedAbout) {
  BothTeeOffAndMiss();  // Ann lies nearer the hole: she flicks next
  const vision::TableObservation last =
      CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})});
  const vision::TableObservation now =
      CourseWith({SuitCoin(20, "suns", {450, 360}), SuitCoin(21, "arms", {330, 150})});
  const std::optional<vision::ShotObservation> hidden = referee_->ShotUnderHand(*state_, last, now);
  ASSERT_TRUE(hidden);
  EXPECT_TRUE(hidden->under_hand);
  const Verdict verdict = referee_->Judge(*state_, *hidden);
  ASSERT_EQ(verdict.kind, VerdictKind::kAskPlayers) << verdict.reason;
  ASSERT_EQ(verdict.question.choices.size(), 3u);
  EXPECT_EQ(verdict.question.choices[0].action["hit"], true);
  EXPECT_FALSE(verdict.question.choices[1].action.contains("hit"));
  EXPECT_EQ(verdict.question.choices[1].action["coins"][0]["at"], Json({450.0, 360.0}));
  EXPECT_EQ(verdict.question.choices[2].action["type"], "layout");
  for (const rules::LegalAction& choice : verdict.question.choices)
    EXPECT_NO_THROW(state_->Clone()->Apply(choice.action, rules::ActionSource::kManual));

  // Jitter is no flick, nor is the coin of a player not due moving (put back by hand).
  EXPECT_FALSE(referee_->ShotUnderHand(
      *state_, last,
      CourseWith({SuitCoin(20, "suns", {332, 442}), SuitCoin(21, "arms", {330, 150})})));
  EXPECT_FALSE(referee_->ShotUnderHand(
      *state_, last,
      CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {380, 90})})));
}

// Held-out seed 108: Ann putted against the hole under her finger and the coin rebounded 15 mm;
// its place seen empty as the hand left, the tracker let the track go and found the coin again
// as a new one, so the table looked merely changed by hand and the putt was lost. The coin of
// the player due, found again under another track, moved under the hand all the same.
TEST_F(PpolfRefereeTest, ACoinOfThePlayerDueFoundAgainAsAnotherTrackMovedUnderTheHand) {
  BothTeeOffAndMiss();
  const vision::TableObservation last =
      CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})});
  const vision::TableObservation now =
      CourseWith({SuitCoin(27, "suns", {345, 440}), SuitCoin(21, "arms", {330, 150})});
  const std::optional<vision::ShotObservation> hidden = referee_->ShotUnderHand(*state_, last, now);
  ASSERT_TRUE(hidden);
  EXPECT_EQ(hidden->moved, std::vector<int>{27});
  ASSERT_NE(FindTrack(hidden->before, 27), nullptr);
  EXPECT_EQ(FindTrack(hidden->before, 27)->position_mm.x, 330);
  EXPECT_EQ(FindTrack(hidden->before, 20), nullptr);
  const Verdict verdict = referee_->Judge(*state_, *hidden);
  ASSERT_EQ(verdict.kind, VerdictKind::kAskPlayers) << verdict.reason;
  EXPECT_EQ(verdict.question.question.find("putt"), std::string::npos) << verdict.question.question;
  ASSERT_EQ(verdict.question.choices.size(), 3u);
  EXPECT_EQ(verdict.question.choices[1].action["coins"][0]["at"], Json({345.0, 440.0}));

  // Found again where it lay, it did not move.
  EXPECT_FALSE(referee_->ShotUnderHand(
      *state_, last,
      CourseWith({SuitCoin(27, "suns", {330.2, 440}), SuitCoin(21, "arms", {330, 150})})));
}

// Held-out seed 210: Ann had holed out and lifted her coin; Bob putted against the hole under
// his finger and back 30 mm, and the coin, found again as a new track, showed its value face,
// read as no player's (a few pixels far from the camera): the table looked merely changed by
// hand, the putt was lost and every later flick judged out of turn. The one coin new since and
// read as no player's, within a hand's breadth of where the coin of the player due rested, is
// that coin.
TEST_F(PpolfRefereeTest, ACoinOfThePlayerDueFoundAgainReadAsNoOnesMovedUnderTheHand) {
  // Both hole out; at hole 2 the first to tee off stops near the hole (45 mm from its tile) and
  // putts out while the other, their coin lifted, waits to tee off.
  const bool ann_tees_off = BothHoleOut();
  const int track = ann_tees_off ? 20 : 21;
  const std::string suit = ann_tees_off ? "suns" : "arms";
  JudgeAndApply(Shot(CourseWith({SuitCoin(track, suit, {480, 310})}),
                     CourseWith({SuitCoin(track, suit, {820, 600})}), {track}));
  if (state_->LegalActions().front().action.value("type", "") == "ruling")
    state_->Apply({{"type", "ruling"}, {"putt_out", true}}, rules::ActionSource::kManual);
  ASSERT_EQ(state_->Scorecard().details["putting_out"], ann_tees_off ? "Ann" : "Bob");
  const vision::TableObservation last = CourseWith({SuitCoin(track, suit, {820, 600})});
  const vision::TableObservation now = CourseWith({ValueCoin(27, "ace", {800, 625})});
  const std::optional<vision::ShotObservation> hidden = referee_->ShotUnderHand(*state_, last, now);
  ASSERT_TRUE(hidden);
  EXPECT_EQ(hidden->moved, std::vector<int>{27});
  const Verdict verdict = referee_->Judge(*state_, *hidden);
  ASSERT_EQ(verdict.kind, VerdictKind::kAskPlayers) << verdict.reason;
  EXPECT_EQ(verdict.question.actors, std::vector<int>{ann_tees_off ? 0 : 1});

  // Farther than a hand's breadth, or beside another such coin, it may be another coin.
  EXPECT_FALSE(
      referee_->ShotUnderHand(*state_, last, CourseWith({ValueCoin(27, "ace", {700, 520})})));
  EXPECT_FALSE(referee_->ShotUnderHand(
      *state_, last,
      CourseWith({ValueCoin(27, "ace", {800, 625}), ValueCoin(28, "ace", {760, 660})})));
}

// Held-out seed 96: Bob's coin lay a millimetre from the hole; he putted it in under his
// finger (a 2 mm rebound, hidden by the hand) and lifted it, so the camera saw only the coin
// gone and the shot was lost: every later flick was judged out of turn. The coin of the one
// player due, taken up from beside the hole, was putted unseen: the players are asked.
TEST_F(PpolfRefereeTest, ACoinOfThePlayerDueTakenUpFromBesideTheHoleIsAskedAbout) {
  BothTeeOffAndMiss();
  // Ann misses, her coin 1 mm from the hole tile's side (it lies at (500, 300), turned 30
  // degrees): she lies nearest and flicks next.
  const double out = 25.4 + 9.525 + 1;
  const rules::Vec2 beside = {500 + out * std::cos(std::numbers::pi / 6),
                              300 + out * std::sin(std::numbers::pi / 6)};
  JudgeAndApply(
      Shot(CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})}),
           CourseWith({SuitCoin(20, "suns", beside), SuitCoin(21, "arms", {330, 150})}), {20}));
  const vision::TableObservation last =
      CourseWith({SuitCoin(20, "suns", beside), SuitCoin(21, "arms", {330, 150})});
  const vision::TableObservation now = CourseWith({SuitCoin(21, "arms", {330, 150})});
  const std::optional<vision::ShotObservation> hidden = referee_->ShotUnderHand(*state_, last, now);
  ASSERT_TRUE(hidden);
  EXPECT_TRUE(hidden->under_hand);
  const Verdict verdict = referee_->Judge(*state_, *hidden);
  ASSERT_EQ(verdict.kind, VerdictKind::kAskPlayers) << verdict.reason;
  EXPECT_NE(verdict.question.question.find("putt"), std::string::npos) << verdict.question.question;
  ASSERT_GE(verdict.question.choices.size(), 2u);
  EXPECT_EQ(verdict.question.choices[0].action["hit"], true);
  std::unique_ptr<rules::State> holed = state_->Clone();
  holed->Apply(verdict.question.choices[0].action, rules::ActionSource::kManual);
  EXPECT_EQ(holed->Scorecard().details["players"][0]["state"], "holed");

  // Taken up far from the hole, it was not putted in: no shot.
  const vision::TableObservation away =
      CourseWith({SuitCoin(20, "suns", {330, 440}), SuitCoin(21, "arms", {330, 150})});
  EXPECT_FALSE(referee_->ShotUnderHand(*state_, away, now));
}

// A coin set down to tee off is moved by hand, as the rules allow.
TEST_F(PpolfRefereeTest, ACoinSetDownToTeeOffIsNoFlickUnderTheHand) {
  const bool ann_tees_off = BothHoleOut();
  const int seat = ann_tees_off ? 0 : 1;
  const vision::TableObservation last =
      CourseWith({SuitCoin(20, "suns", {480, 310}), SuitCoin(21, "arms", {490, 290})});
  std::vector<vision::ObservedPiece> coins = {SuitCoin(20, "suns", {480, 310}),
                                              SuitCoin(21, "arms", {490, 290})};
  coins[static_cast<size_t>(seat)].position_mm = {560, 330};
  EXPECT_FALSE(referee_->ShotUnderHand(*state_, last, CourseWith(coins)));
}

TEST(PpolfBinding, TheRulebooksCoinsAndCourse) {
  const PpolfBinding binding = PpolfBinding::Default(6);
  EXPECT_EQ(binding.coins[0].Describe(), "coin suit suns");
  EXPECT_EQ(binding.coins[1].Describe(), "coin suit arms");
  EXPECT_EQ(binding.coins[2].Describe(), "coin suit moons");
  EXPECT_EQ(binding.coins[3].Describe(), "coin suit crowns");
  EXPECT_EQ(binding.coins[4].Describe(), "coin value null");
  EXPECT_EQ(binding.coins[5].Describe(), "coin value ace");
  EXPECT_EQ(binding.tiles[0].Describe(), "tile face moons ace");
  EXPECT_EQ(binding.tiles[1].Describe(), "tile face suns null");
  EXPECT_EQ(binding.tiles[8].Describe(), "tile face arms ace");
  EXPECT_EQ(binding.tiles[18].Describe(), "tile face crowns 5");
  EXPECT_EQ(PpolfBinding::Default(10).coins.size(), 10u);
  EXPECT_THROW(PpolfBinding::FromJson({{"coins", Json::array()}}, 2), std::invalid_argument);
  EXPECT_THROW(PpolfBinding::FromJson({{"tiles", Json::array()}}, 2), std::invalid_argument);
}

}  // namespace
}  // namespace tabref::referee
