#include "app/referee/bocce_referee.h"

#include <gtest/gtest.h>

#include "app/referee/registry.h"
#include "tests/referee/referee_fixture.h"

namespace tabref::referee {
namespace {

using rules::Json;
using namespace testing;  // NOLINT(google-build-using-namespace): the builders

// The default court: x from 100 to 1217.6, y from 100 to 252.4; near dashed line x = 150.8.
class BocceRefereeTest : public RefereeTest {
 protected:
  BocceRefereeTest() : RefereeTest("bocce") {}

  Json Details() const { return state_->Scorecard().details; }

  // Suns lead; the jack (track 1) flicked to (600, 180).
  void PlaceJack() {
    state_->Apply(Json{{"type", "leader"}, {"side", "Suns"}});
    JudgeAndApply(Shot(Table({ValueCoin(1, "null", {120, 176})}),
                       Table({ValueCoin(1, "null", {600, 180})}), {1}));
  }
};

TEST_F(BocceRefereeTest, TheEngineFirstWaitsForTheLeaderDrawThenForTheJack) {
  Expectation expected = referee_->Expect(*state_);
  ASSERT_EQ(expected.awaiting, Awaiting::kDecision);
  EXPECT_EQ(expected.decision.kind, "leader");
  EXPECT_EQ(expected.decision.choices.size(), 2u);
  state_->Apply(expected.decision.choices.front().action);
  expected = referee_->Expect(*state_);
  EXPECT_EQ(expected.awaiting, Awaiting::kShot);
  EXPECT_EQ(expected.shot, "jack");
}

TEST_F(BocceRefereeTest, DistancesAreMeasuredFromTheJackToEveryBowl) {
  const vision::TableObservation table =
      Table({SuitCoin(2, "suns", {500, 180}), ValueCoin(1, "null", {600, 180}),
             SuitCoin(3, "moons", {640, 200}), FaceTile(9, "suns", "ace", {300, 300})});
  const Focus focus = referee_->FocusOn(*state_, table);
  EXPECT_EQ(focus.track, 1);
  EXPECT_EQ(focus.measured, (std::vector<int>{2, 3}));
}

TEST_F(BocceRefereeTest, TheJackIsPlacedWhereItRests) {
  PlaceJack();
  EXPECT_EQ(Details()["phase"], "bowls");
  EXPECT_EQ(Details()["layout"]["jack"], Json({600.0, 180.0}));
}

TEST_F(BocceRefereeTest, AJackOffTheTableIsFlickedAgain) {
  state_->Apply(Json{{"type", "leader"}, {"side", "Suns"}});
  const Json action =
      JudgeAndApply(Shot(Table({ValueCoin(1, "null", {120, 176})}), Table({}), {1}, {}, {1}));
  EXPECT_EQ(action, Json({{"type", "jack"}, {"position", nullptr}}));
  EXPECT_EQ(Details()["phase"], "place_jack");
  EXPECT_EQ(Details()["failed_jacks"], 1);
}

TEST_F(BocceRefereeTest, ABowlReportsTheJackAndEveryBowlInPlay) {
  PlaceJack();
  // Moons (not leading) bowl first: a moons bowl placed in the box and flicked to the jack.
  const Json action = JudgeAndApply(
      Shot(Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {120, 170})}),
           Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {590, 175})}), {5}));
  EXPECT_EQ(action["jack"]["position"], Json({600.0, 180.0}));
  EXPECT_EQ(action["bowls"]["Moons"].size(), 1u);
  EXPECT_EQ(action["bowls"]["Moons"][0]["position"], Json({590.0, 175.0}));
  EXPECT_TRUE(action["bowls"]["Suns"].empty());
  EXPECT_EQ(Details()["sides"][1]["bowls_in_play"], 1);
}

TEST_F(BocceRefereeTest, ABowlThatLeftTheCourtStaysOutOfPlayWhenKnockedBackIn) {
  PlaceJack();
  JudgeAndApply(Shot(Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {120, 170})}),
                     Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {590, 175})}),
                     {5}));
  // Suns' bowl stops completely outside the court (y > 252.4 + radius).
  JudgeAndApply(Shot(Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {590, 175}),
                            SuitCoin(2, "suns", {120, 180})}),
                     Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {590, 175}),
                            SuitCoin(2, "suns", {700, 290})}),
                     {2}));
  EXPECT_EQ(Details()["sides"][0]["bowls_in_play"], 0);
  // Moons' next bowl knocks it back onto the court: still out of play.
  const Json action =
      JudgeAndApply(Shot(Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {590, 175}),
                                SuitCoin(2, "suns", {700, 290}), SuitCoin(6, "moons", {120, 180})}),
                         Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {590, 175}),
                                SuitCoin(2, "suns", {700, 230}), SuitCoin(6, "moons", {690, 262})}),
                         {6, 2}, {{6, 2}}));
  EXPECT_TRUE(action["bowls"]["Suns"].empty());
  EXPECT_EQ(action["bowls"]["Moons"].size(), 2u);
  EXPECT_EQ(Details()["sides"][0]["bowls_in_play"], 0);
}

TEST_F(BocceRefereeTest, TheJackKnockedOffTheTableVoidsTheRound) {
  PlaceJack();
  const Json action = JudgeAndApply(
      Shot(Table({ValueCoin(1, "null", {600, 180}), SuitCoin(5, "moons", {120, 170})}),
           Table({SuitCoin(5, "moons", {598, 180})}), {5, 1}, {{5, 1}}, {1}));
  EXPECT_TRUE(action["jack"].is_null());
  EXPECT_EQ(Details()["rounds"][0]["void"], true);
}

TEST_F(BocceRefereeTest, TheWrongSidesBowlIsNotJudged) {
  PlaceJack();
  const Verdict verdict = referee_->Judge(
      *state_,
      Shot(Table({ValueCoin(1, "null", {600, 180}), SuitCoin(2, "suns", {120, 170})}),
           Table({ValueCoin(1, "null", {600, 180}), SuitCoin(2, "suns", {590, 175})}), {2}));
  EXPECT_EQ(verdict.kind, VerdictKind::kNotJudged);
  EXPECT_NE(verdict.reason.find("Moons flick now"), std::string::npos) << verdict.reason;
}

TEST_F(BocceRefereeTest, AShotWhenNoFlickIsDueIsNotJudged) {
  const Verdict verdict =
      referee_->Judge(*state_, Shot(Table({ValueCoin(1, "null", {120, 176})}),
                                    Table({ValueCoin(1, "null", {600, 180})}), {1}));
  EXPECT_EQ(verdict.kind, VerdictKind::kNotJudged);
}

TEST(BocceBinding, DefaultsFollowTheRulebookAndCanBeReplaced) {
  const BocceBinding two = BocceBinding::Default(2);
  EXPECT_EQ(two.jack.Describe(), "coin value null");
  EXPECT_EQ(two.bowls[0].front().Describe(), "coin suit suns");
  EXPECT_EQ(two.bowls[1].front().Describe(), "coin suit moons");
  const BocceBinding eight = BocceBinding::Default(8);
  EXPECT_EQ(eight.bowls[0].size(), 2u);
  EXPECT_EQ(eight.bowls[1][1].Describe(), "coin suit arms");

  const BocceBinding custom =
      BocceBinding::FromJson({{"bowls",
                               {{{{"kind", "coin"}, {"side", "suit"}, {"suit", "crowns"}}},
                                {{{"kind", "coin"}, {"side", "suit"}, {"suit", "arms"}}}}}},
                             2);
  EXPECT_EQ(custom.SideOf(SuitCoin(1, "arms", {0, 0})), 1);
  EXPECT_EQ(custom.SideOf(SuitCoin(1, "suns", {0, 0})), -1);
  EXPECT_EQ(BocceBinding::FromJson(custom.ToJson(), 2).ToJson(), custom.ToJson());
  EXPECT_THROW(BocceBinding::FromJson({{"bowl", Json::array()}}, 2), std::invalid_argument);
  EXPECT_THROW(BocceBinding::FromJson({{"jack", {{"suit", "suns"}}}}, 2), std::invalid_argument);
}

}  // namespace
}  // namespace tabref::referee
