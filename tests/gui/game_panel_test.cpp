#include "app/gui/game_panel.h"

#include <gtest/gtest.h>

#include <QLabel>
#include <functional>

#include "app/gui/bocce_round_panel.h"
#include "app/gui/card_golf_panel.h"
#include "app/gui/card_tile.h"
#include "app/gui/iceboule_end_panel.h"
#include "app/gui/json_text.h"
#include "app/gui/ppolf_hole_panel.h"
#include "app/gui/trick_panel.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

// Plays random legal actions from a new game until `reached` holds; nullptr if it never does.
std::unique_ptr<rules::State> PlayUntil(const rules::GameSetup& setup,
                                        const std::function<bool(const rules::State&)>& reached) {
  constexpr int kSeeds = 20;
  constexpr int kMaxActions = 3000;
  for (int seed = 1; seed <= kSeeds; ++seed) {
    std::unique_ptr<rules::State> state = rules::MakeGame(setup)->NewInitialState();
    rules::Rng rng(static_cast<rules::Rng::result_type>(seed));
    for (int step = 0; step < kMaxActions && !state->IsTerminal(); ++step) {
      state->Apply(state->RandomAction(rng));
      if (reached(*state)) return state;
    }
  }
  return nullptr;
}

TEST(GamePanelTest, EveryGameShowsWhatIsHappeningNow) {
  for (const std::string& game : testing::GameNames()) {
    EXPECT_NE(MakeGamePanel(game), nullptr) << game;
  }
  EXPECT_EQ(MakeGamePanel("chess"), nullptr);
}

TEST(GamePanelTest, PpolfPanelShowsTheHoleInPlay) {
  rules::GameSetup setup;
  setup.game = "ppolf";
  setup.players = {"Ann", "Bob"};
  const auto state = PlayUntil(setup, [](const rules::State& s) {
    const rules::Json& details = s.Scorecard().details;
    return details.value("hole_number", rules::Json()) == 2 &&
           details["players"][0].value("count", 0) > 0;
  });
  ASSERT_NE(state, nullptr);
  PpolfHolePanel panel;
  panel.showState(*state);
  EXPECT_TRUE(panel.text().contains("Hole 2 of 18: Red ace")) << panel.text().toStdString();
  EXPECT_TRUE(panel.text().contains("Ann") && panel.text().contains("Bob"));
}

TEST(GamePanelTest, IceBoulePanelShowsTheEndInPlay) {
  rules::GameSetup setup;
  setup.game = "iceboule";
  setup.players = {"Ann", "Bob"};
  const auto state = PlayUntil(setup, [](const rules::State& s) {
    return !JsonText(s.Scorecard().details["current_end"], "leader").isEmpty();
  });
  ASSERT_NE(state, nullptr);
  IceBouleEndPanel panel;
  panel.showState(*state);
  const QString leader = JsonText(state->Scorecard().details["current_end"], "leader");
  EXPECT_TRUE(panel.text().contains("End 1")) << panel.text().toStdString();
  EXPECT_TRUE(panel.text().contains("Leading piece: <b>" + leader)) << panel.text().toStdString();
}

TEST(GamePanelTest, TrickPanelSaysWhoWonHowManyDiceAndTheMultiplier) {
  rules::GameSetup setup;
  setup.game = "table-fencing";
  setup.players = {"Ann", "Bob", "Cid"};
  const auto state = PlayUntil(setup, [](const rules::State& s) {
    return s.Scorecard().details["trick"].contains("dice_to_roll");
  });
  ASSERT_NE(state, nullptr);
  const rules::Json trick = state->Scorecard().details["trick"];
  TrickPanel panel;
  panel.showState(*state);
  const QString verdict = panel.verdict();
  EXPECT_TRUE(verdict.contains(QString::fromStdString(trick["winner"].get<std::string>())));
  EXPECT_TRUE(verdict.contains(QString("roll %1").arg(trick["dice_to_roll"].get<int>())));
  EXPECT_TRUE(verdict.contains(QString::fromUtf8("× %1").arg(trick["multiplier"].get<int>())))
      << verdict.toStdString();
  EXPECT_EQ(panel.findChildren<CardTile*>().size(), 3) << "each player's card";
}

TEST(GamePanelTest, TrickPanelTellsAPenaltyOwedAndTheLastTrick) {
  rules::GameSetup setup;
  setup.game = "table-fencing";
  setup.players = {"Ann", "Bob", "Cid"};
  const auto state = PlayUntil(setup, [](const rules::State& s) {
    const rules::Json details = s.Scorecard().details;
    return !details["owed_penalties"].empty() && !details["last_trick"].empty();
  });
  ASSERT_NE(state, nullptr);
  TrickPanel panel;
  panel.showState(*state);
  EXPECT_TRUE(panel.penalties().startsWith("Penalty owed")) << panel.penalties().toStdString();
  EXPECT_TRUE(panel.lastTrick().contains("built")) << panel.lastTrick().toStdString();
}

TEST(GamePanelTest, BoccePanelShowsTheBustRuleAndWhenItBites) {
  rules::GameSetup setup;
  setup.game = "bocce";
  setup.players = {"Ann", "Bob"};
  setup.options = {{"target", 7}};
  BocceRoundPanel panel;
  panel.showState(*rules::MakeGame(setup)->NewInitialState());
  EXPECT_TRUE(panel.bustNotice().contains("exactly 7")) << panel.bustNotice().toStdString();

  std::unique_ptr<rules::State> state = rules::MakeGame(setup)->NewInitialState();
  testing::ApplyByLabel(*state, "Suns lead");
  for (int round = 0; round < 2; ++round) {
    testing::ApplyByLabel(*state, "The jack is placed past the dashed line");
    while (state->Scorecard().details["phase"] == "bowls") {
      testing::ApplyByLabel(*state, "stayed in bounds");
    }
    testing::ApplyByLabel(*state, "Suns 4 points");  // 4, then 8: past 7
  }
  panel.showState(*state);
  EXPECT_TRUE(panel.bustNotice().startsWith("<b>BUST</b> in round 2"))
      << panel.bustNotice().toStdString();
  EXPECT_TRUE(panel.bustNotice().contains("had 4 and scored 4; 8 would pass 7"))
      << panel.bustNotice().toStdString();
  EXPECT_TRUE(panel.bustJustBit());
}

TEST(GamePanelTest, CardGolfPanelShowsTheRevealedCardsAndTheBreakdown) {
  const std::unique_ptr<rules::State> game = rules::ReplayLog(testing::SampleLog("card-golf"));
  ASSERT_TRUE(game->IsTerminal());
  CardGolfPanel panel;
  panel.showState(*game);
  const int players = game->game().NumPlayers();
  EXPECT_EQ(panel.findChildren<CardTile*>().size(), players * (6 + 5));
  for (CardTile* tile : panel.findChildren<CardTile*>()) {
    EXPECT_FALSE(tile->text().isEmpty()) << "every card is face up once revealed";
  }
  const std::string total = game->Scorecard().rows.back().cells[0];
  bool breakdown = false;
  for (QLabel* label : panel.findChildren<QLabel*>()) {
    breakdown |= label->text().endsWith(QString("= <b>%1</b>").arg(QString::fromStdString(total)));
  }
  EXPECT_TRUE(breakdown);
  // Each card's points under it: the field's faces and the hand's lowest card count.
  const auto points = panel.findChildren<QLabel*>("cardPoints");
  EXPECT_EQ(points.size(), players * (6 + 5));
  int shown = 0;
  for (QLabel* label : points) {
    if (label->text().startsWith("+")) shown += label->text().mid(1).toInt();
  }
  int totals = 0;
  const rules::ScoreTable table = game->Scorecard();
  for (const std::string& cell : table.rows.back().cells) totals += std::stoi(cell);
  EXPECT_EQ(shown, totals) << "the cards' points add up to the totals";
}

}  // namespace
}  // namespace tabref::gui
