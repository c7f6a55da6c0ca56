#include "app/gui/game_panel.h"

#include <gtest/gtest.h>

#include <QLabel>
#include <functional>

#include "app/gui/bocce_round_panel.h"
#include "app/gui/card_golf_panel.h"
#include "app/gui/card_tile.h"
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

TEST(GamePanelTest, OnlyGamesThatNeedMoreThanTheSheetHaveAPanel) {
  EXPECT_NE(MakeGamePanel("card-golf"), nullptr);
  EXPECT_NE(MakeGamePanel("table-fencing"), nullptr);
  EXPECT_NE(MakeGamePanel("bocce"), nullptr);
  EXPECT_EQ(MakeGamePanel("ppolf"), nullptr);
  EXPECT_EQ(MakeGamePanel("iceboule"), nullptr);
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
  EXPECT_TRUE(panel.bustNotice().startsWith("BUST")) << panel.bustNotice().toStdString();
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
}

}  // namespace
}  // namespace tabref::gui
