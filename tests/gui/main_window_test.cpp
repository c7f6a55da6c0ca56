#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QCompleter>
#include <QLineEdit>
#include <QMessageBox>
#include <QScreen>
#include <QSpinBox>
#include <QStatusBar>
#include <QTableWidget>
#include <QTest>
#include <algorithm>
#include <csignal>

#include "app/gui/action_log_view.h"
#include "app/gui/action_panel.h"
#include "app/gui/bocce_round_panel.h"
#include "app/gui/camera_view.h"
#include "app/gui/correction_dialog.h"
#include "app/gui/game_panel.h"
#include "app/gui/player_list_editor.h"
#include "app/gui/scoreboard_window.h"
#include "app/gui/scorecard_view.h"
#include "app/gui/screenshot.h"
#include "app/gui/sheet_style.h"
#include "app/gui/status_banner.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

using testing::ActionButton;
using testing::ChooseInForm;
using testing::ClickAction;
using testing::EnterForm;
using testing::ScorecardCell;

class MainWindowTest : public ::testing::Test {
 protected:
  void SetUp() override { OpenWindow(); }

  // A fresh window on a fresh connection to the same database, as after a restart.
  void OpenWindow() {
    window_.reset();
    store_ = temp_.Open();
    window_ = std::make_unique<MainWindow>(*store_);
    window_->show();
    QApplication::setActiveWindow(window_.get());
    ASSERT_TRUE(QTest::qWaitForWindowActive(window_.get()));
  }

  MainWindow& window() { return *window_; }
  const rules::State& state() { return window_->controller().state(); }
  void Press(Qt::Key key, Qt::KeyboardModifiers modifiers = Qt::NoModifier) {
    QTest::keyClick(window_.get(), key, modifiers);
  }

  void StartCardGolf() { testing::StartGameThroughDialog(window(), "card-golf", {"Ann", "Bob"}); }
  // Ann deals and turns up a 7; Bob takes it and discards a 2.
  void DealAndTakeTheSeven() {
    Press(Qt::Key_1);
    ChooseInForm(window(), "/flipped", "7");
    EnterForm(window());
    ASSERT_EQ(state().History().size(), 1u) << window().lastProblem().toStdString();
    ClickAction(window(), "Take the 7");
    ChooseInForm(window(), "/discard", "2");
    EnterForm(window());
    ASSERT_EQ(state().History().size(), 2u) << window().lastProblem().toStdString();
  }
  // Fills in the card pickers of a reveal; a screenshot of the filled form goes to
  // `screenshot` when one is named.
  void Reveal(const QString& player, const QStringList& field, const QStringList& hand,
              const QString& screenshot = {}) {
    ClickAction(window(), player + " reveals");
    for (int slot = 0; slot < field.size(); ++slot) {
      ChooseInForm(window(), QString("/field/%1").arg(slot), field[slot]);
    }
    for (int card = 0; card < hand.size(); ++card) {
      ChooseInForm(window(), QString("/hand/%1").arg(card), hand[card]);
    }
    if (!screenshot.isEmpty()) {
      EXPECT_EQ(SaveScreenshot(window(), testing::OutputDirectory() + "/" + screenshot), "");
    }
    EnterForm(window());
  }

  // The same reveal from the keyboard alone: the form opens with the keyboard in its
  // first card picker; a rank is typed, Tab moves on, Enter records.
  void RevealByKeyboard(const QString& player, const QStringList& field, const QStringList& hand) {
    ASSERT_NE(ActionButton(window(), player + " reveals"), nullptr);
    const QString key = ActionButton(window(), player + " reveals")->text().left(1);
    QTest::keyClicks(window_.get(), key);
    ASSERT_NE(window().actionPanel().openForm(), nullptr) << "key " << key.toStdString();
    for (const QString& card : field + hand) {
      QWidget* focused = QApplication::focusWidget();
      ASSERT_NE(focused, nullptr);
      QTest::keyClicks(focused, card);
      QTest::keyClick(focused, Qt::Key_Tab);
    }
    Press(Qt::Key_Return);
  }

  testing::TempStore temp_;
  std::unique_ptr<data::SqliteGameStore> store_;
  std::unique_ptr<MainWindow> window_;
};

TEST_F(MainWindowTest, StartsWithTheCameraPlaceholderAndNoGame) {
  EXPECT_FALSE(window().controller().hasGame());
  EXPECT_FALSE(window().cameraView().hasFrame());
  EXPECT_TRUE(window().banner().text().contains("Ctrl+N"));
  EXPECT_EQ(window().scorecard().rowCount(), 0);
  EXPECT_EQ(window().centralWidget()->findChild<CameraView*>("cameraView"), &window().cameraView());
}

TEST_F(MainWindowTest, PlaysAWholeCzechGolfGameByManualEntry) {
  StartCardGolf();
  EXPECT_NE(window().gamePanel(), nullptr);
  EXPECT_EQ(window().banner().headline(), "Ann and Bob to play");
  DealAndTakeTheSeven();
  EXPECT_EQ(window().banner().headline(), "Ann to play");

  ClickAction(window(), "Draw from the deck and discard");
  ChooseInForm(window(), "/discard", "5");
  EnterForm(window());
  ClickAction(window(), "field slot 3");
  ChooseInForm(window(), "/replaced", "K");
  EnterForm(window());
  ASSERT_EQ(state().History().size(), 4u) << window().lastProblem().toStdString();
  EXPECT_EQ(window().banner().headline(), "Ann to play");

  ASSERT_NE(ActionButton(window(), "Rap"), nullptr);
  EXPECT_TRUE(ActionButton(window(), "Rap")->text().startsWith("9"));
  Press(Qt::Key_9);  // Ann raps: the game ends and both reveal
  ASSERT_EQ(state().History().size(), 5u) << window().lastProblem().toStdString();

  Reveal("Ann", {"A", "K", "J", "J", "Q", "9"}, {"4", "7", "7", "9", "A"},
         "gui-card-golf-entry.png");
  RevealByKeyboard("Bob", {"2", "3", "4", "5", "6", "8"}, {"7", "10", "10", "K", "K"});
  ASSERT_TRUE(state().IsTerminal()) << window().lastProblem().toStdString();
  EXPECT_EQ(state().History().back().body["hand"], rules::Json({"7", "10", "10", "K", "K"}));

  // The rulebook's example: 13 for the field, 5 for the hand.
  EXPECT_EQ(ScorecardCell(window(), 3, 0), "18");
  EXPECT_EQ(ScorecardCell(window(), 3, 1), "9");
  EXPECT_EQ(window().banner().headline(), "Winner: Ann");
  EXPECT_TRUE(window().scorecard().item(0, 1)->text().startsWith(sheet::kWinnerMark))
      << "the winner's column is starred";
  EXPECT_EQ(window().scorecard().item(4, 1)->background().color(), sheet::kWinner);
  EXPECT_TRUE(window().scorecard().item(4, 0)->font().bold()) << "the total row is bold";
  EXPECT_TRUE(ActionButton(window(), "") == nullptr) << "nothing to enter after the end";
  EXPECT_TRUE(store_->Game(window().controller().gameId()).finished_at.has_value());
  EXPECT_EQ(SaveScreenshot(window(), testing::OutputDirectory() + "/gui-card-golf-played.png"), "");
}

TEST_F(MainWindowTest, PlaysAWholeBocceGameByManualEntryWithTheBustRule) {
  // The rulebook's game: two sides, exactly 21 to win, the bust rule on (the defaults).
  testing::StartGameThroughDialog(window(), "bocce", {"Ann", "Bob"});
  const auto play_round = [&](const QString& result) {
    if (ActionButton(window(), "lead the first round") != nullptr)
      ClickAction(window(), "Suns lead");
    ClickAction(window(), "The jack is placed past the dashed line");
    int bowls = 0;
    while (ActionButton(window(), "stayed in bounds") != nullptr && bowls < 16) {
      ClickAction(window(), "stayed in bounds");
      ++bowls;
    }
    EXPECT_EQ(bowls, 8);
    ClickAction(window(), result);
  };
  auto* panel = qobject_cast<BocceRoundPanel*>(window().gamePanel());
  ASSERT_NE(panel, nullptr);
  EXPECT_TRUE(panel->bustNotice().contains("exactly 21")) << panel->bustNotice().toStdString();

  for (int round = 0; round < 5; ++round) play_round("Suns 4 points");  // 20
  EXPECT_EQ(ScorecardCell(window(), 4, 0), "+4 = 20");
  EXPECT_FALSE(panel->bustJustBit());
  play_round("Suns 4 points");  // 24 would pass 21: bust, back to 16
  EXPECT_TRUE(panel->bustJustBit());
  EXPECT_TRUE(panel->bustNotice().contains("BUST</b> in round 6"))
      << panel->bustNotice().toStdString();
  EXPECT_TRUE(ScorecardCell(window(), 5, 0).contains("bust"));
  EXPECT_EQ(window().scorecard().item(6, 1)->background().color(), sheet::kBust)
      << "the bust box stands out on the sheet";
  EXPECT_TRUE(window().banner().detail().contains("16"))
      << window().banner().detail().toStdString();
  EXPECT_EQ(SaveScreenshot(window(), testing::OutputDirectory() + "/gui-bocce-bust.png"), "");

  play_round("Suns 4 points");  // 20
  EXPECT_FALSE(panel->bustJustBit()) << "the highlight is for the round it bites";
  EXPECT_TRUE(panel->bustNotice().contains("round 6")) << "the last bust stays told";
  play_round("Suns 1 points");  // exactly 21
  ASSERT_TRUE(state().IsTerminal()) << state().StatusLine();
  EXPECT_EQ(window().banner().headline(), "Winner: Suns (Ann)");
  EXPECT_EQ(ScorecardCell(window(), 8, 0), "21");
  EXPECT_EQ(state().History().size(), 1u + 8u * (1u + 8u + 1u));
}

TEST_F(MainWindowTest, RedoPutsBackASlipOfUndo) {
  StartCardGolf();
  DealAndTakeTheSeven();
  const auto before = state().Snapshot();
  Press(Qt::Key_Z, Qt::ControlModifier);
  ASSERT_EQ(state().History().size(), 1u);
  EXPECT_TRUE(window().statusBar()->currentMessage().contains("Ctrl+Shift+Z"));
  Press(Qt::Key_Z, Qt::ControlModifier | Qt::ShiftModifier);
  EXPECT_EQ(state().Snapshot(), before);
  EXPECT_EQ(store_->Journal(window().controller().gameId()).back().kind, data::EntryKind::kAction);
}

TEST_F(MainWindowTest, UndoAndCorrectionAreJournalled) {
  StartCardGolf();
  DealAndTakeTheSeven();
  Press(Qt::Key_Z, Qt::ControlModifier);
  ASSERT_EQ(state().History().size(), 1u);
  EXPECT_EQ(store_->Journal(window().controller().gameId()).back().kind, data::EntryKind::kUndo);

  auto* log = window().actionLog().findChild<QTableWidget*>("actionLog");
  ASSERT_EQ(log->rowCount(), 1);
  log->selectRow(0);
  bool confirmed = false;
  testing::WhenModalOpens(window(), [&] {
    auto* dialog = qobject_cast<CorrectionDialog*>(QApplication::activeModalWidget());
    if (dialog == nullptr) return;
    dialog->form().findChild<QComboBox*>("/flipped")->setCurrentText("K");
    confirmed = true;
    dialog->accept();
  });
  Press(Qt::Key_E, Qt::ControlModifier);
  ASSERT_TRUE(confirmed) << "no correction dialog";

  const rules::Action& corrected = state().History().front();
  EXPECT_EQ(corrected.body["flipped"], "K");
  EXPECT_EQ(corrected.source, rules::ActionSource::kCorrection);
  const data::JournalEntry last = store_->Journal(window().controller().gameId()).back();
  EXPECT_EQ(last.kind, data::EntryKind::kCorrection);
  EXPECT_EQ(last.corrects, 1);
  EXPECT_EQ(log->item(0, 2)->text(), "correction");
  EXPECT_NE(ActionButton(window(), "Take the K"), nullptr);
}

TEST_F(MainWindowTest, ARefusedEntryChangesNothingAndSaysWhy) {
  StartCardGolf();
  EXPECT_FALSE(window().controller().act({{"type", "rap"}}));
  EXPECT_FALSE(window().lastProblem().isEmpty());
  EXPECT_TRUE(state().History().empty());
  EXPECT_TRUE(store_->Journal(window().controller().gameId()).empty());
}

TEST_F(MainWindowTest, ARestartContinuesTheStoredGame) {
  StartCardGolf();
  DealAndTakeTheSeven();
  const std::int64_t id = window().controller().gameId();
  const rules::Json scorecard = state().Scorecard().ToJson();
  const rules::Json log = state().ToLogJson();

  OpenWindow();
  bool offered = false;
  testing::WhenModalOpens(window(), [&] {
    auto* question = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (question == nullptr) return;
    offered = question->text().contains(QString("#%1").arg(id));
    question->button(QMessageBox::Yes)->click();
  });
  ASSERT_TRUE(window().startUp(std::nullopt));
  ASSERT_TRUE(offered);
  ASSERT_TRUE(window().controller().hasGame());
  EXPECT_EQ(window().controller().gameId(), id);
  EXPECT_EQ(state().ToLogJson(), log);
  EXPECT_EQ(window().scorecard().table().ToJson(), scorecard);
  EXPECT_EQ(window().banner().headline(), "Ann to play");
  EXPECT_NE(ActionButton(window(), "Rap"), nullptr);
}

TEST_F(MainWindowTest, ANewGameRemembersThePlayers) {
  testing::StartGameThroughDialog(window(), "card-golf", {"Annabel", "Bob"});
  bool checked = false;
  testing::WhenModalOpens(window(), [&] {
    auto* dialog = qobject_cast<NewGameDialog*>(QApplication::activeModalWidget());
    if (dialog == nullptr) return;
    dialog->selectGame("card-golf");
    EXPECT_EQ(dialog->players().nameEdit(0)->text(), "Annabel") << "the last table, filled in";
    EXPECT_EQ(dialog->players().nameEdit(1)->text(), "Bob");
    dialog->selectGame("table-fencing");
    dialog->players().setNames({"", "", ""});
    QCompleter* completer = dialog->players().nameEdit(2)->completer();
    completer->setCompletionPrefix("ann");
    EXPECT_EQ(completer->currentCompletion(), "Annabel") << "known players complete";
    checked = true;
    dialog->reject();
  });
  window().newGame();
  EXPECT_TRUE(checked);
}

TEST_F(MainWindowTest, F11ShowsTheScoreboardFullScreen) {
  StartCardGolf();
  Press(Qt::Key_F11);
  ScoreboardWindow* scoreboard = window().scoreboard();
  ASSERT_NE(scoreboard, nullptr);
  EXPECT_TRUE(scoreboard->isFullScreen());
  EXPECT_EQ(scoreboard->geometry(), scoreboard->screen()->geometry());
  EXPECT_EQ(scoreboard->banner().headline(), window().banner().headline());
  EXPECT_EQ(scoreboard->sheet().sheet().table.ToJson(), state().Scorecard().ToJson());
  ASSERT_TRUE(window().controller().act({{"type", "deal"}, {"dealer", "Ann"}, {"flipped", "7"}}));
  EXPECT_EQ(scoreboard->banner().headline(), "Bob to play") << "it follows the game";
  window().toggleScoreboard();
  QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  EXPECT_EQ(window().scoreboard(), nullptr);
}

// Kills the program for real in the middle of a game (SIGKILL: no clean-up, no closing of
// the database), then starts a new program on the same file: the game and its scorecard
// are back, and the game goes on.
TEST(KilledProgramDeathTest, LosesNothingOfTheGameInPlay) {
  GTEST_FLAG_SET(death_test_style, "threadsafe");
  // A fixed file, because the killed child runs this test from its start too.
  const std::string path = (testing::OutputDirectory() + "/killed-mid-game.sqlite").toStdString();
  for (const char* suffix : {"", "-journal", "-wal", "-shm"}) std::remove((path + suffix).c_str());
  const std::vector<rules::Json> entries = {
      {{"type", "deal"}, {"dealer", "Ann"}, {"flipped", "7"}},
      {{"type", "take_discard"}, {"discard", "2"}},
  };

  EXPECT_EXIT(
      {
        data::SqliteGameStore store(path);
        MainWindow window(store);
        window.show();
        testing::StartGameThroughDialog(window, "card-golf", {"Ann", "Bob"});
        for (const rules::Json& entry : entries) window.controller().act(entry);
        std::raise(SIGKILL);
      },
      ::testing::KilledBySignal(SIGKILL), "");

  data::SqliteGameStore store(path);
  MainWindow window(store);
  bool offered = false;
  testing::WhenModalOpens(window, [&] {
    auto* question = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (question == nullptr) return;
    offered = true;
    question->button(QMessageBox::Yes)->click();
  });
  ASSERT_TRUE(window.startUp(std::nullopt));
  ASSERT_TRUE(offered) << "the unfinished game is offered on start";
  ASSERT_TRUE(window.controller().hasGame());

  rules::GameSetup setup;
  setup.game = "card-golf";
  setup.players = {"Ann", "Bob"};
  std::unique_ptr<rules::State> expected = rules::MakeGame(setup)->NewInitialState();
  for (const rules::Json& entry : entries) expected->Apply(entry);
  EXPECT_EQ(window.controller().state().ToLogJson()["actions"], expected->ToLogJson()["actions"]);
  EXPECT_EQ(window.scorecard().table().ToJson(), expected->Scorecard().ToJson());
  EXPECT_EQ(window.banner().headline(), "Ann to play");
  EXPECT_TRUE(window.controller().act({{"type", "rap"}})) << window.lastProblem().toStdString();
}

}  // namespace
}  // namespace tabref::gui

namespace tabref::gui {
namespace {

class EveryGameTest : public MainWindowTest, public ::testing::WithParamInterface<std::string> {};

// The engine's first offer is always legal as it stands, so pressing 1 (and Enter when a
// form opens) must move any game on, action after action.
TEST_P(EveryGameTest, IsPlayableFromTheKeyboard) {
  const rules::GameType& type = rules::FindGameType(GetParam());
  const std::vector<QString> names = {"Ann", "Bob", "Cid", "Dee"};
  const int players = std::clamp(2, type.min_players, type.max_players);
  testing::StartGameThroughDialog(window(), GetParam(), {names.begin(), names.begin() + players});
  constexpr int kActions = 25;
  for (int step = 0; step < kActions && !state().IsTerminal(); ++step) {
    const size_t before = state().History().size();
    Press(Qt::Key_1);
    if (window().actionPanel().openForm() != nullptr) Press(Qt::Key_Return);
    ASSERT_EQ(state().History().size(), before + 1)
        << "step " << step << ": " << window().lastProblem().toStdString();
  }
  EXPECT_EQ(store_->Journal(window().controller().gameId()).size(), state().History().size());
}

INSTANTIATE_TEST_SUITE_P(AllGames, EveryGameTest, ::testing::ValuesIn(testing::GameNames()),
                         testing::GameTestName);

}  // namespace
}  // namespace tabref::gui
