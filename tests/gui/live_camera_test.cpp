#include "app/gui/live_camera.h"

#include <gtest/gtest.h>

#include <QComboBox>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <filesystem>
#include <opencv2/imgcodecs.hpp>

#include "app/gui/action_log_view.h"
#include "app/gui/camera_view.h"
#include "app/gui/game_controller.h"
#include "app/gui/mirror_scorekeeper.h"
#include "app/gui/qt_text.h"
#include "app/gui/question_bar.h"
#include "app/gui/source_dialog.h"
#include "app/referee/live/source_spec.h"
#include "calibration/intrinsics.h"
#include "data/session/game_session.h"
#include "gui_test_support.h"
#include "rules/registry.h"

namespace tabref::gui {
namespace {

constexpr int kGameTimeoutMs = 120000;  // 2 busy cores: minutes, not seconds, to be safe
constexpr const char* kSeed = "sim:1";  // at 640x480 the camera judges its bowls itself

// A short game on the synthetic table: small frames, few shots (for bocce one round: the
// jack and 8 bowls, then the first bowl of round 2).
referee::SimulatedTableSettings ShortTable(const std::string& game, int shots) {
  referee::SimulatedTableSettings table;
  table.width = 640;
  table.height = 480;
  table.max_shots = shots;
  if (game == "bocce") {
    // Seen through the camera: at 640x480 a coin is too few pixels to read reliably.
    table.width = 960;
    table.height = 540;
    table.game_options["target"] = 7;
  }
  return table;
}

int CountSource(const rules::State& state, rules::ActionSource source) {
  int count = 0;
  for (const rules::Action& action : state.History()) count += action.source == source;
  return count;
}

class LiveCameraTest : public ::testing::Test {
 protected:
  void SetUp() override { OpenGame("bocce", ShortTable("bocce", 10)); }

  // A game stored as the synthetic table sets it up (a bocce court, a Ppolf course), opened
  // in a new window.
  // `as_simulated`: false for the game's default options instead.
  void OpenGame(const std::string& game, const referee::SimulatedTableSettings& table,
                bool as_simulated = true) {
    window_.reset();
    store_ = temp_.Open();
    const referee::OpenedSource opened = referee::OpenSource(kSeed, game, table);
    const rules::GameSetup setup =
        as_simulated ? opened.simulated->Setup() : rules::GameSetup{game, {"Ann", "Bob"}, {}, {}};
    game_id_ = data::GameSession::Create(*store_, setup).id();
    window_ = std::make_unique<MainWindow>(*store_);
    window_->liveCamera().setSimulatedTable(table);
    ASSERT_TRUE(window_->startUp(game_id_));
    window_->show();
  }

  // The game as a new connection reads it from the database.
  std::unique_ptr<rules::State> Stored() {
    const auto store = temp_.Open();
    return data::GameSession::Open(*store, game_id_).state().Clone();
  }
  void ExpectStoredAsShown() {
    const std::unique_ptr<rules::State> stored = Stored();
    EXPECT_EQ(stored->ToLogJson(), window_->controller().state().ToLogJson());
  }
  int LogLinesSaying(const QString& text) {
    auto* table = window_->actionLog().findChild<QTableWidget*>();
    int lines = 0;
    for (int row = 0; row < table->rowCount(); ++row) {
      for (int column = 0; column < table->columnCount(); ++column) {
        const QTableWidgetItem* item = table->item(row, column);
        if (item != nullptr && item->text() == text) ++lines;
      }
    }
    return lines;
  }

  testing::TempStore temp_;
  std::unique_ptr<data::SqliteGameStore> store_;
  std::int64_t game_id_ = 0;
  std::unique_ptr<MainWindow> window_;
};

TEST_F(LiveCameraTest, RefereesAStoredBocceGameFromTheSyntheticTable) {
  referee::SimulatedTableSettings table = ShortTable("bocce", 10);
  table.faults.unplugged = {{1.0, 0.5}};
  OpenGame("bocce", table);
  LiveCamera& camera = window_->liveCamera();
  QSignalSpy statuses(&camera, &LiveCamera::statusChanged);
  ASSERT_TRUE(camera.connectSource(kSeed)) << window_->lastProblem().toStdString();
  EXPECT_TRUE(camera.isConnected());
  // The source ends with the simulated players' shot limit; the worker stops by itself.
  QTRY_VERIFY_WITH_TIMEOUT(!camera.isConnected(), kGameTimeoutMs);
  EXPECT_TRUE(window_->lastProblem().isEmpty()) << window_->lastProblem().toStdString();

  const rules::State& state = window_->controller().state();
  EXPECT_GE(CountSource(state, rules::ActionSource::kVision), 5) << state.StatusLine();
  EXPECT_EQ(camera.refused(), 0);
  EXPECT_EQ(camera.recorded(), static_cast<int>(state.History().size()));
  ExpectStoredAsShown();
  // The evidence went into the store with each vision action.
  for (const data::JournalEntry& entry : temp_.Open()->Journal(game_id_)) {
    if (entry.action.source == rules::ActionSource::kVision) {
      EXPECT_TRUE(entry.evidence.contains("moved")) << entry.evidence.dump();
    }
  }
  // The round the camera scored is on the sheet, and the log says where its actions came from.
  EXPECT_TRUE(testing::ScorecardCell(*window_, 0, -1).startsWith("Round 1"))
      << testing::ScorecardCell(*window_, 0, -1).toStdString();
  EXPECT_EQ(LogLinesSaying("vision"), CountSource(state, rules::ActionSource::kVision));
  EXPECT_GT(window_->cameraView().framesShown(), 10);

  QStringList seen;
  for (const QList<QVariant>& status : statuses) seen << status.at(0).toString();
  EXPECT_TRUE(seen.filter("table found").size() > 0) << seen.join(" | ").toStdString();
  EXPECT_TRUE(seen.filter("waiting for the camera").size() > 0) << seen.join(" | ").toStdString();
  EXPECT_TRUE(camera.status().contains("disconnected")) << camera.status().toStdString();
}

TEST_F(LiveCameraTest, DisconnectingMidGameLeavesTheStoreConsistent) {
  LiveCamera& camera = window_->liveCamera();
  ASSERT_TRUE(camera.connectSource(kSeed));
  QTRY_VERIFY_WITH_TIMEOUT(camera.recorded() >= 3, kGameTimeoutMs);
  window_->controller().undo();  // the GUI's own change goes to the referee's copy
  camera.disconnectSource();
  EXPECT_FALSE(camera.isConnected());
  const size_t actions = window_->controller().state().History().size();
  ExpectStoredAsShown();
  QTest::qWait(300);  // nothing arrives after the disconnect
  EXPECT_EQ(window_->controller().state().History().size(), actions);
  EXPECT_FALSE(window_->controller().state().IsTerminal());

  // Connected again, the referee goes on with the stored game.
  const int recorded_before = camera.recorded();
  ASSERT_TRUE(camera.connectSource(kSeed));
  QTRY_VERIFY_WITH_TIMEOUT(camera.recorded() > recorded_before, kGameTimeoutMs);
  const rules::Json shown = window_->controller().state().ToLogJson()["actions"];
  window_.reset();  // closing the window stops the referee (its thread joined)
  // What was shown is stored, and what the referee judged while it stopped after it.
  const rules::Json stored = Stored()->ToLogJson()["actions"];
  ASSERT_GE(stored.size(), shown.size());
  for (size_t index = 0; index < shown.size(); ++index) EXPECT_EQ(stored[index], shown[index]);
}

// The camera analyzer follows coins only: on the synthetic table, tiles and pyramids come
// from its truth, as in the demo. A game not set up as the synthetic table's (a Ppolf course
// of its own) is left as it is: the table gets a new game.
TEST_F(LiveCameraTest, RefereesPpolfAndIceBouleOnTheSyntheticTable) {
  for (const auto& [game, judged] : {std::pair{"ppolf", 3}, std::pair{"iceboule", 1}}) {
    SCOPED_TRACE(game);
    OpenGame(game, ShortTable(game, 4), /*as_simulated=*/false);
    const std::int64_t own_game = game_id_;
    ASSERT_TRUE(window_->liveCamera().connectSource(kSeed));
    game_id_ = window_->controller().gameId();
    EXPECT_NE(game_id_, own_game);
    EXPECT_EQ(temp_.Open()->Journal(own_game).size(), 0u);
    QTRY_VERIFY_WITH_TIMEOUT(!window_->liveCamera().isConnected(), kGameTimeoutMs);
    EXPECT_TRUE(window_->lastProblem().isEmpty()) << window_->lastProblem().toStdString();
    EXPECT_GE(CountSource(window_->controller().state(), rules::ActionSource::kVision), judged);
    ExpectStoredAsShown();
  }
}

// A camera (here a folder of the same picture of the table) leaves the questions to the
// players: the question bar asks, the answer is recorded as a manual action.
TEST_F(LiveCameraTest, AsksThePlayersInTheQuestionBar) {
  const referee::OpenedSource table = referee::OpenSource(kSeed, "bocce", ShortTable("bocce", 10));
  const vision::FrameRead read = table.source->Read();
  ASSERT_EQ(read.status, vision::ReadStatus::kFrame);
  QTemporaryDir frames;
  const std::filesystem::path first = frames.filePath("frame-0000.png").toStdString();
  ASSERT_TRUE(cv::imwrite(first.string(), read.frame.image));
  // Long enough to answer while it plays: links to the one picture.
  for (int index = 1; index < 600; ++index) {
    std::filesystem::create_symlink(
        first,
        frames.filePath(QString("frame-%1.png").arg(index, 4, 10, QChar('0'))).toStdString());
  }

  // The lens calibrated for the camera (Camera → Calibrate camera…) is the one used.
  data::CalibrationRecord lens;
  lens.kind = "intrinsics";
  lens.camera = "overhead";
  lens.yaml = calibration::IntrinsicsToYaml(*table.source->KnownIntrinsics());
  store_->SaveCalibration(lens);

  LiveCamera& camera = window_->liveCamera();
  ASSERT_TRUE(camera.connectSource(frames.path(), "overhead"));
  QuestionBar& bar = window_->questionBar();
  QTRY_VERIFY_WITH_TIMEOUT(bar.isVisible() || !camera.isConnected(), kGameTimeoutMs);
  ASSERT_TRUE(bar.isVisible()) << camera.status().toStdString();
  EXPECT_TRUE(bar.question().contains("leader")) << bar.question().toStdString();
  EXPECT_TRUE(camera.status().contains("table found")) << camera.status().toStdString();
  EXPECT_TRUE(camera.status().contains("lens of camera 'overhead'"))
      << camera.status().toStdString();
  ASSERT_EQ(bar.choiceButtons().size(), 2);
  const QString chosen = bar.choiceButtons()[1]->text();
  QTest::mouseClick(bar.choiceButtons()[1], Qt::LeftButton);
  QTRY_VERIFY_WITH_TIMEOUT(!window_->controller().state().History().empty(), kGameTimeoutMs);
  camera.disconnectSource();

  const rules::State& state = window_->controller().state();
  ASSERT_EQ(state.History().size(), 1u);
  EXPECT_EQ(state.History()[0].source, rules::ActionSource::kManual);
  EXPECT_TRUE(chosen.contains(ToQString(state.History()[0].body.at("side").get<std::string>())))
      << chosen.toStdString() << " vs " << state.History()[0].body.dump();
  EXPECT_FALSE(bar.isVisible());
  ExpectStoredAsShown();
}

TEST_F(LiveCameraTest, ABadSourceIsReportedAndChangesNothing) {
  LiveCamera& camera = window_->liveCamera();
  const rules::Json before = window_->controller().state().ToLogJson();
  EXPECT_FALSE(camera.connectSource("no-such-video.mp4"));
  EXPECT_TRUE(window_->lastProblem().contains("no such file"))
      << window_->lastProblem().toStdString();
  EXPECT_FALSE(camera.connectSource("sim:seven"));
  EXPECT_TRUE(window_->lastProblem().contains("seed")) << window_->lastProblem().toStdString();
  // A damaged stored lens is refused before anything starts.
  data::CalibrationRecord damaged;
  damaged.kind = "intrinsics";
  damaged.camera = "default";
  damaged.yaml = "not: a lens";
  store_->SaveCalibration(damaged);
  QTemporaryDir pictures;
  ASSERT_TRUE(cv::imwrite(pictures.filePath("table.png").toStdString(),
                          cv::Mat(48, 64, CV_8UC3, cv::Scalar(90, 90, 90))));
  EXPECT_FALSE(camera.connectSource(pictures.path()));
  EXPECT_TRUE(window_->lastProblem().contains("stored intrinsics"))
      << window_->lastProblem().toStdString();
  EXPECT_FALSE(camera.isConnected());
  EXPECT_EQ(window_->controller().state().ToLogJson(), before);
  EXPECT_EQ(Stored()->ToLogJson(), before);
}

TEST_F(LiveCameraTest, AGameKeptByHandCannotBeConnected) {
  ASSERT_TRUE(window_->controller().startGame(
      rules::GameSetup{"card-golf", {"Ann", "Bob"}, {}, rules::Json::object()}));
  EXPECT_FALSE(window_->liveCamera().whyNotRefereed().isEmpty());
  EXPECT_FALSE(window_->liveCamera().connectSource(kSeed));
  EXPECT_FALSE(window_->lastProblem().isEmpty());
}

TEST_F(LiveCameraTest, TheCameraMenuConnectsAndDisconnects) {
  QStringList items;
  for (QAction* menu : window_->menuBar()->actions()) {
    if (menu->text() != "&Camera") continue;
    for (QAction* item : menu->menu()->actions()) items << item->text();
  }
  EXPECT_TRUE(items.contains("&Connect…")) << items.join(", ").toStdString();
  EXPECT_TRUE(items.contains("&Disconnect")) << items.join(", ").toStdString();
}

TEST(SourceDialogTest, MakesTheSourceNames) {
  SourceDialog dialog;
  EXPECT_EQ(dialog.sourceName(), "webcam:0");
  dialog.kind().setCurrentIndex(3);
  dialog.value().setText("42");
  EXPECT_EQ(dialog.sourceName(), "sim:42");
  SourceDialog again("sim:7");
  EXPECT_EQ(again.sourceName(), "sim:7");
  SourceDialog camera("webcam:/dev/video2", "overhead");
  EXPECT_EQ(camera.sourceName(), "webcam:/dev/video2");
  EXPECT_EQ(camera.cameraName(), "overhead");
}

TEST(QuestionBarTest, OneButtonPerChoiceAndHiddenOnceAnswered) {
  QuestionBar bar;
  bar.show();
  QSignalSpy answers(&bar, &QuestionBar::answered);
  bar.ask("Who leads?", {"Suns", "Moons"});
  ASSERT_EQ(bar.choiceButtons().size(), 2);
  EXPECT_TRUE(bar.isVisible());
  QTest::mouseClick(bar.choiceButtons()[1], Qt::LeftButton);
  ASSERT_EQ(answers.size(), 1);
  EXPECT_EQ(answers[0][0].toString(), "Who leads?");
  EXPECT_EQ(answers[0][1].toInt(), 1);
  EXPECT_FALSE(bar.isVisible());
}

// The referee's copy after the GUI's state arrives: the GUI's state plus the proposals
// still on their way.
TEST(MirrorScorekeeperTest, KeepsProposalsInFlightOnTopOfTheGuiState) {
  const rules::GameSetup setup{"bocce", {"Ann", "Bob"}, {}, rules::Json::object()};
  const std::shared_ptr<const rules::Game> game = rules::MakeGame(setup);
  std::unique_ptr<rules::State> gui = game->NewInitialState();
  MirrorScorekeeper mirror(gui->Clone());
  const rules::LegalAction lead = gui->LegalActions().front();
  mirror.Apply(rules::Action{lead.action, rules::ActionSource::kManual}, nullptr);
  ASSERT_EQ(mirror.TakeProposals().size(), 1u);
  EXPECT_TRUE(mirror.TakeProposals().empty());

  // The GUI changed something else first (here: nothing) and has not seen proposal 1 yet.
  mirror.Replace(gui->Clone(), 0);
  EXPECT_EQ(mirror.State().History().size(), 1u);
  EXPECT_EQ(mirror.InFlight(), 1u);
  // The GUI recorded it.
  gui->Apply(lead.action);
  mirror.Acknowledge(1);
  EXPECT_EQ(mirror.InFlight(), 0u);
  // The GUI undid it: the copy follows.
  gui->Undo();
  mirror.Replace(gui->Clone(), 1);
  EXPECT_TRUE(mirror.State().History().empty());
}

}  // namespace
}  // namespace tabref::gui
