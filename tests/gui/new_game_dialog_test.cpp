#include "app/gui/new_game_dialog.h"

#include <gtest/gtest.h>

#include <QCheckBox>
#include <QComboBox>
#include <QCompleter>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>

#include "app/gui/json_form.h"
#include "app/gui/player_list_editor.h"
#include "app/gui/screenshot.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

TEST(NewGameDialogTest, OffersEveryRegisteredGame) {
  NewGameDialog dialog({});
  auto* games = dialog.findChild<QComboBox*>("gameChoice");
  ASSERT_NE(games, nullptr);
  EXPECT_EQ(games->count(), static_cast<int>(rules::RegisteredGames().size()));
}

TEST(NewGameDialogTest, EditsEachOptionWithAnEditorOfItsType) {
  NewGameDialog dialog({});
  dialog.selectGame("bocce");
  EXPECT_NE(dialog.options().findChild<QSpinBox*>("/target"), nullptr);
  EXPECT_NE(dialog.options().findChild<QCheckBox*>("/bust_rule"), nullptr);
  EXPECT_FALSE(dialog.options().findChild<QCheckBox*>("/bust_rule")->toolTip().isEmpty())
      << "every option says what it does";
  ASSERT_NE(dialog.tableOptions(), nullptr) << "the court's measurements fold away";
  EXPECT_EQ(dialog.options().findChild<QComboBox*>("/axis"), nullptr);
  auto* axis = dialog.tableOptions()->findChild<QComboBox*>("/axis");
  ASSERT_NE(axis, nullptr) << "a documented choice is a drop-down";
  EXPECT_EQ(axis->count(), 2);
  axis->setCurrentText("y");
  dialog.options().findChild<QSpinBox*>("/target")->setValue(15);
  EXPECT_EQ(dialog.setup().options["axis"], "y");
  EXPECT_EQ(dialog.setup().options["target"], 15);

  dialog.selectGame("card-golf");
  auto* mode = dialog.options().findChild<QComboBox*>("/mode");
  ASSERT_NE(mode, nullptr);
  mode->setCurrentText("final");
  EXPECT_EQ(dialog.setup().options["mode"], "final");
}

TEST(NewGameDialogTest, OffersTheNamedPlayersAsTableFencingsStart) {
  NewGameDialog dialog({});
  dialog.selectGame("table-fencing");
  dialog.players().setNames({"Ann", "Bob", "Cy"});
  auto* start = dialog.options().findChild<QComboBox*>("/start");
  ASSERT_NE(start, nullptr);
  EXPECT_EQ(start->count(), 3) << "one of the three";
  EXPECT_EQ(start->currentText(), "Ann") << "the rules' default: the first player";
  start->setCurrentText("Cy");
  EXPECT_EQ(dialog.setup().options["start"], "Cy");
  dialog.show();
  EXPECT_EQ(SaveScreenshot(dialog, testing::OutputDirectory() + "/gui-new-game.png"), "");
  dialog.accept();
  EXPECT_EQ(dialog.result(), QDialog::Accepted);
}

TEST(NewGameDialogTest, FillsInTheLastTableOfEachGameUntilNamesAreTyped) {
  KnownPlayers known{{"Ann", "Bob", "Cy", "Bea", "Carl"},
                     {{"ppolf", {"Bea", "Carl"}}, {"table-fencing", {"Ann", "Bob", "Cy"}}}};
  NewGameDialog dialog(known);
  dialog.selectGame("ppolf");
  EXPECT_EQ(dialog.setup().players, (std::vector<std::string>{"Bea", "Carl"}));
  dialog.selectGame("table-fencing");
  EXPECT_EQ(dialog.setup().players, (std::vector<std::string>{"Ann", "Bob", "Cy"}));
  dialog.players().nameEdit(0)->setText("Zed");
  dialog.selectGame("ppolf");
  EXPECT_EQ(dialog.setup().players[0], "Zed") << "a typed name is never replaced";
}

TEST(NewGameDialogTest, CompletesNamesFromKnownPlayers) {
  NewGameDialog dialog(KnownPlayers{{"Annabel", "Bob"}, {}});
  QCompleter* completer = dialog.players().nameEdit(0)->completer();
  ASSERT_NE(completer, nullptr);
  completer->setCompletionPrefix("ann");
  EXPECT_EQ(completer->currentCompletion(), "Annabel");
}

TEST(NewGameDialogTest, GamesWithSidesGetTeams) {
  NewGameDialog dialog({});
  testing::FillNewGameDialog(dialog, "bocce", {"Ann", "Bob", "Cid", "Dee"}, [](NewGameDialog& d) {
    d.players().teamNameEdit(0)->setText("Reds");
    d.players().teamChoice(1)->setCurrentIndex(0);
    d.players().teamChoice(2)->setCurrentIndex(1);
  });
  EXPECT_EQ(dialog.result(), QDialog::Accepted);
  const rules::GameSetup setup = dialog.setup();
  ASSERT_EQ(setup.teams.size(), 2u);
  EXPECT_EQ(setup.teams[0].name, "Reds");
  EXPECT_EQ(setup.teams[0].members, (std::vector<int>{0, 1}));
  EXPECT_EQ(setup.teams[1].members, (std::vector<int>{2, 3}));

  dialog.selectGame("card-golf");
  EXPECT_TRUE(dialog.setup().teams.empty());
}

TEST(NewGameDialogTest, ASetupTheRulesRefuseKeepsTheDialogOpen) {
  NewGameDialog dialog({});
  dialog.setResult(QDialog::Rejected);
  testing::FillNewGameDialog(dialog, "card-golf", {"Ann", "Ann"});
  EXPECT_NE(dialog.result(), QDialog::Accepted);
  EXPECT_FALSE(dialog.findChild<QLabel*>("setupProblem")->text().isEmpty());
}

}  // namespace
}  // namespace tabref::gui
