#include "gui_test_support.h"

#include <gtest/gtest.h>

#include <QApplication>
#include <QComboBox>
#include <QLineEdit>
#include <QTest>
#include <QTimer>
#include <algorithm>
#include <filesystem>
#include <fstream>

#include "app/gui/action_panel.h"
#include "app/gui/json_form.h"
#include "app/gui/player_list_editor.h"
#include "app/gui/scorecard_view.h"
#include "rules/registry.h"

namespace tabref::gui::testing {

TempStore::TempStore() { EXPECT_TRUE(directory_.isValid()); }

std::string TempStore::path() const { return directory_.filePath("tabref.sqlite").toStdString(); }

std::unique_ptr<data::SqliteGameStore> TempStore::Open() const {
  return std::make_unique<data::SqliteGameStore>(path());
}

namespace {

// Lets the panel finish what an entry started: retired buttons deleted, new ones shown.
void SettlePanel() {
  QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
  QCoreApplication::processEvents();
}

}  // namespace

QPushButton* ActionButton(MainWindow& window, const QString& label) {
  SettlePanel();
  for (QPushButton* button : window.actionPanel().findChildren<QPushButton*>()) {
    if (button->objectName().startsWith("action") && button->isVisibleTo(&window.actionPanel()) &&
        button->text().contains(label)) {
      return button;
    }
  }
  return nullptr;
}

void ClickAction(MainWindow& window, const QString& label) {
  QPushButton* button = ActionButton(window, label);
  ASSERT_NE(button, nullptr) << "no action button '" << label.toStdString() << "'";
  QTest::mouseClick(button, Qt::LeftButton);
}

void EnterForm(MainWindow& window) {
  auto* enter = window.actionPanel().findChild<QPushButton*>("enterAction");
  ASSERT_NE(enter, nullptr);
  ASSERT_NE(window.actionPanel().openForm(), nullptr) << "no entry form is open";
  QTest::mouseClick(enter, Qt::LeftButton);
}

void ChooseInForm(MainWindow& window, const QString& pointer, const QString& value) {
  JsonForm* form = window.actionPanel().openForm();
  ASSERT_NE(form, nullptr) << "no entry form is open";
  auto* combo = form->findChild<QComboBox*>(pointer);
  ASSERT_NE(combo, nullptr) << "no drop-down " << pointer.toStdString();
  ASSERT_GE(combo->findText(value), 0) << value.toStdString() << " is not offered";
  combo->setCurrentText(value);
}

void WhenModalOpens(QObject& context, const std::function<void()>& step) {
  auto* timer = new QTimer(&context);
  timer->setSingleShot(true);
  QObject::connect(timer, &QTimer::timeout, &context, [timer, step] {
    step();
    timer->deleteLater();
  });
  timer->start(0);
}

void FillNewGameDialog(NewGameDialog& dialog, const std::string& game,
                       const std::vector<QString>& players,
                       const std::function<void(NewGameDialog&)>& configure) {
  dialog.selectGame(game);
  dialog.players().setPlayerCount(static_cast<int>(players.size()));
  for (size_t seat = 0; seat < players.size(); ++seat) {
    QLineEdit* name = dialog.players().nameEdit(static_cast<int>(seat));
    name->clear();
    QTest::keyClicks(name, players[seat]);
  }
  if (configure) configure(dialog);
  dialog.accept();
}

void StartGameThroughDialog(MainWindow& window, const std::string& game,
                            const std::vector<QString>& players,
                            const std::function<void(NewGameDialog&)>& configure) {
  bool filled = false;
  WhenModalOpens(window, [&] {
    auto* dialog = qobject_cast<NewGameDialog*>(QApplication::activeModalWidget());
    if (dialog == nullptr) return;
    FillNewGameDialog(*dialog, game, players, configure);
    filled = true;
  });
  window.newGame();
  ASSERT_TRUE(filled) << "the new game dialog did not open";
  ASSERT_TRUE(window.controller().hasGame()) << window.lastProblem().toStdString();
  // Keyboard shortcuts go to the active window, which the dialog was until it closed.
  QApplication::setActiveWindow(&window);
  ASSERT_TRUE(QTest::qWaitForWindowActive(&window));
}

QString ScorecardCell(MainWindow& window, int row, int column) {
  QTableWidgetItem* item = window.scorecard().item(row + 1, column + 1);
  return item == nullptr ? QString() : item->text();
}

void ApplyByLabel(rules::State& state, const std::string& label) {
  for (const rules::LegalAction& legal : state.LegalActions()) {
    if (legal.label.find(label) != std::string::npos) {
      state.Apply(legal.action);
      return;
    }
  }
  ADD_FAILURE() << "no legal action '" << label << "': " << state.StatusLine();
}

rules::Json SampleLog(const std::string& game) {
  const std::filesystem::path sample =
      std::filesystem::path(TABREF_SOURCE_DIR) / "data" / "samples" / (game + ".json");
  if (std::filesystem::exists(sample)) {
    std::ifstream in(sample);
    return rules::Json::parse(in);
  }
  const rules::GameType& type = rules::FindGameType(game);
  rules::GameSetup setup;
  setup.game = game;
  const std::vector<std::string> names = {"Ann", "Bob", "Cid", "Dee"};
  const int players = std::clamp(2, type.min_players, type.max_players);
  setup.players.assign(names.begin(), names.begin() + players);
  std::unique_ptr<rules::State> state = rules::MakeGame(setup)->NewInitialState();
  rules::Rng rng(20261122);
  constexpr int kMaxActions = 5000;
  for (int step = 0; step < kMaxActions && !state->IsTerminal(); ++step) {
    state->Apply(state->RandomAction(rng));
  }
  return state->ToLogJson();
}

std::vector<std::string> GameNames() {
  std::vector<std::string> names;
  for (const rules::GameType& type : rules::RegisteredGames()) names.push_back(type.name);
  return names;
}

std::string GameTestName(const ::testing::TestParamInfo<std::string>& game) {
  std::string name = game.param;
  std::replace(name.begin(), name.end(), '-', '_');
  return name;
}

QString OutputDirectory() { return GUI_TEST_OUTPUT_DIR; }

}  // namespace tabref::gui::testing
