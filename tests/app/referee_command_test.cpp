// `tabref referee`: bad input refused in one line, and a game whose source ends mid-game
// stays stored and resumable.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <opencv2/videoio.hpp>
#include <sstream>

#include "app/cli/cli.h"
#include "rules/core/json.h"
#include "tests/app/cli_run.h"

namespace tabref::cli {
namespace {

namespace fs = std::filesystem;

class RefereeCommand : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = UniqueTempPath("tabref_referee_test");
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return (dir_ / name).string(); }

  fs::path dir_;
};

TEST_F(RefereeCommand, BadUsageIsRefusedInOneLine) {
  const std::vector<std::vector<std::string>> bad = {
      {"referee", "--game", "bocce"},
      {"referee", "--source", "sim:1"},
      {"referee", "--game", "chess", "--source", "sim:1"},
      {"referee", "--game", "bocce", "--source", "sim:one"},
      {"referee", "--game", "bocce", "--source", "sim:-3"},
      {"referee", "--game", "bocce", "--source", "webcam:"},
      {"referee", "--game", "bocce", "--source", "sim:1", "--annotated", "out.gif"},
      {"referee", "--game", "bocce", "--source", "sim:1", "--width", "100"},
      {"referee", "--game", "bocce", "--source", "game.mp4", "--max-shots", "3"},
      {"referee", "--game", "bocce", "--source", "sim:1", "--resume", "1"},
      {"referee", "--game", "bocce", "--source", "sim:1", "--frobnicate"},
  };
  for (const auto& args : bad) {
    const Result result = RunTabref(args);
    EXPECT_EQ(result.status, 2) << args.back() << ": " << result.err;
    EXPECT_TRUE(IsOneLine(result.err)) << result.err;
    EXPECT_TRUE(result.out.empty());
  }
}

TEST_F(RefereeCommand, MissingOrCorruptVideoIsAnExplainedFailure) {
  const Result missing = RunTabref({"referee", "--game", "bocce", "--source", Path("none.mp4")});
  EXPECT_EQ(missing.status, 1);
  EXPECT_TRUE(IsOneLine(missing.err)) << missing.err;
  EXPECT_NE(missing.err.find("none.mp4"), std::string::npos);

  std::ofstream(Path("corrupt.mp4")) << std::string(4000, 'x');
  const std::string json = Path("score.json");
  const Result corrupt =
      RunTabref({"referee", "--game", "bocce", "--source", Path("corrupt.mp4"), "--json", json});
  EXPECT_EQ(corrupt.status, 1);
  EXPECT_TRUE(IsOneLine(corrupt.err)) << corrupt.err;
  EXPECT_NE(corrupt.err.find("corrupt.mp4"), std::string::npos);
  EXPECT_FALSE(fs::exists(json));  // nothing half-written
}

TEST_F(RefereeCommand, ASourceEndingMidGameLeavesTheGameStoredAndResumable) {
  const std::string db = Path("games.db");
  const std::string json = Path("score.json");
  const std::string video = Path("annotated.mp4");
  const Result result = RunTabref({"referee", "--game", "bocce", "--source", "sim:1", "--width",
                                   "640", "--height", "480", "--max-shots", "1", "--db", db,
                                   "--json", json, "--annotated", video, "--quiet"});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_NE(result.out.find("judged: the jack rests at"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("stored unfinished"), std::string::npos) << result.out;
  EXPECT_NE(result.out.find("annotated video: " + video), std::string::npos);
  EXPECT_EQ(result.out.find("lens:"), std::string::npos);  // the synthetic table's is known

  // The final scorecard as `tabref replay --json` writes it.
  std::ifstream in(json);
  const rules::Json summary = rules::Json::parse(in);
  EXPECT_EQ(summary.at("game"), "bocce");
  EXPECT_EQ(summary.at("terminal"), false);
  EXPECT_TRUE(summary.contains("scorecard"));
  EXPECT_EQ(summary.at("actions"), 2);  // the leader drawn, the jack placed

  // Stored: shown and resumable from the database.
  const Result shown = RunTabref({"game", "show", "1", "--db", db, "--json"});
  ASSERT_EQ(shown.status, 0) << shown.err;
  EXPECT_NE(shown.out.find("\"jack\""), std::string::npos);
  const Result wrong_game = RunTabref(
      {"referee", "--game", "ppolf", "--resume", "1", "--source", Path("none.mp4"), "--db", db});
  EXPECT_EQ(wrong_game.status, 2);
  EXPECT_TRUE(IsOneLine(wrong_game.err)) << wrong_game.err;
  const Result unknown =
      RunTabref({"referee", "--resume", "7", "--source", Path("none.mp4"), "--db", db});
  EXPECT_EQ(unknown.status, 1);
  EXPECT_TRUE(IsOneLine(unknown.err)) << unknown.err;

  // The annotated video is complete and readable, no temporary file left.
  cv::VideoCapture capture(video);
  ASSERT_TRUE(capture.isOpened());
  EXPECT_GT(capture.get(cv::CAP_PROP_FRAME_COUNT), 30);
  for (const auto& entry : fs::directory_iterator(dir_))
    EXPECT_EQ(entry.path().filename().string().find(".partial"), std::string::npos);
}

}  // namespace
}  // namespace tabref::cli
