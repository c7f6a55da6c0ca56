// `tabref detect` end to end on a still of the synthetic table: the JSON of DESIGN.md against
// the simulator's ground truth, and broken input.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <opencv2/imgcodecs.hpp>
#include <sstream>

#include "app/cli/cli.h"
#include "calibration/intrinsics.h"
#include "tests/app/cli_run.h"
#include "vision/eval/truth_pieces.h"
#include "vision/sim/detection_scene.h"

namespace tabref::cli {
namespace {

// A busy 1920x1080 still (scene.png, camera.yml) with its truth, shared by the tests.
class DetectCommand : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                     ("tabref_detect_cli_" + std::to_string(::getpid())));
    std::filesystem::create_directories(*dir_);
    const vision::PieceSet set = vision::LoadPieceSet(vision::DefaultPieceSetFile());
    vision::sim::DetectionSceneOptions options;
    options.seed = 14;
    options.tilt_deg = 20;
    options.hand_chance = 0;
    const vision::sim::DetectionScene scene = MakeDetectionScene(set, options);
    cv::imwrite(Path("scene.png"), scene.image);
    const auto calibration = vision::TruthCalibration(scene.camera, scene.layout);
    calibration::WriteIntrinsics(calibration.intrinsics, Path("camera.yml"));
    truth_ = new std::vector<vision::TruthPiece>(vision::TruthPieces(scene, set));
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete dir_;
    delete truth_;
  }

  static std::string Path(const std::string& name) { return (*dir_ / name).string(); }

  // Runs a detect that must fail with `status` and one line naming `what`, leaving an
  // existing output file untouched.
  void ExpectFailure(std::vector<std::string> args, int status, const std::string& what) {
    const std::string out_file = Path("kept.json");
    std::ofstream(out_file) << "old contents\n";
    args.insert(args.begin(), "detect");
    args.insert(args.end(), {"--json", out_file});
    const Result result = RunTabref(args);
    EXPECT_EQ(result.status, status) << result.out << result.err;
    EXPECT_TRUE(IsOneLine(result.err)) << result.err;
    EXPECT_NE(result.err.find(what), std::string::npos) << what << " / " << result.err;
    EXPECT_EQ(ReadAll(out_file), "old contents\n");
  }

  static inline std::filesystem::path* dir_ = nullptr;
  static inline std::vector<vision::TruthPiece>* truth_ = nullptr;
};

TEST_F(DetectCommand, WritesTheContractsJsonWithEveryVisibleCoinInPlace) {
  const Result result = RunTabref({"detect", Path("scene.png"), "--intrinsics", Path("camera.yml"),
                                   "--json", Path("scene.json")});
  ASSERT_EQ(result.status, 0) << result.err;
  const auto json = nlohmann::json::parse(ReadAll(Path("scene.json")));
  EXPECT_EQ(json["image"], "scene.png");
  EXPECT_EQ(json["image_size"], nlohmann::json::array({1920, 1080}));
  EXPECT_EQ(json["table"]["found"], true);
  EXPECT_EQ(json["table"]["markers"], nlohmann::json::array({0, 1, 2, 3}));
  EXPECT_EQ(json["table"]["camera_from_table"]["R"].size(), 9u);
  EXPECT_EQ(json["table"]["camera_from_table"]["t_mm"].size(), 3u);

  int truth_coins = 0;
  int found = 0;
  for (const vision::TruthPiece& truth : *truth_) {
    if (truth.piece.kind != vision::ObservedKind::kCoin || truth.hidden || truth.distractor) {
      continue;
    }
    ++truth_coins;
    for (const auto& piece : json["pieces"]) {
      if (piece["kind"] != "coin") continue;
      const double dx = piece["x_mm"].get<double>() - truth.piece.position_mm.x;
      const double dy = piece["y_mm"].get<double>() - truth.piece.position_mm.y;
      if (std::hypot(dx, dy) > 1.0) continue;
      ++found;
      EXPECT_EQ(piece["side"], *truth.piece.side) << truth.description;
      EXPECT_EQ(piece["suit"].is_null(), !truth.piece.suit.has_value()) << truth.description;
      EXPECT_EQ(piece["rank"].is_null(), !truth.piece.rank.has_value()) << truth.description;
      EXPECT_GT(piece["sigma_mm"].get<double>(), 0);
      EXPECT_EQ(piece["footprint_mm"].size(), 36u);
      break;
    }
  }
  ASSERT_GE(truth_coins, 10);
  EXPECT_GE(found, truth_coins - 1);  // at most one coin of a busy table missed
  EXPECT_TRUE(json["gaps"].is_array());
}

TEST_F(DetectCommand, JsonToStandardOutputIsOnlyJson) {
  const Result result =
      RunTabref({"detect", Path("scene.png"), "--intrinsics", Path("camera.yml"), "--json", "-"});
  ASSERT_EQ(result.status, 0) << result.err;
  const auto json = nlohmann::json::parse(result.out);
  EXPECT_FALSE(json["pieces"].empty());
}

TEST_F(DetectCommand, DebugWritesTheStageImagesAndWhyEachRejectedCandidateWasTurnedDown) {
  const std::string folder = Path("debug");
  const Result result = RunTabref(
      {"detect", Path("scene.png"), "--intrinsics", Path("camera.yml"), "--debug", folder});
  ASSERT_EQ(result.status, 0) << result.err;
  EXPECT_TRUE(std::filesystem::exists(folder + "/top_view.png"));
  std::istringstream rejected(ReadAll(folder + "/rejected.txt"));
  int lines = 0;
  for (std::string line; std::getline(rejected, line); ++lines) {
    EXPECT_NE(line.find(" mm, "), std::string::npos) << line;  // where, then stage: reason
    EXPECT_NE(line.find(": "), std::string::npos) << line;
  }
  EXPECT_GT(lines, 0);  // a busy table has candidates that are no piece
  EXPECT_NE(result.out.find(std::to_string(lines) + " candidates rejected"), std::string::npos)
      << result.out;
}

TEST_F(DetectCommand, BadInputIsOneLineAndLeavesTheOutputAlone) {
  ExpectFailure({Path("missing.png")}, 1, "missing.png");
  ExpectFailure({Path("camera.yml")}, 1, "not an image");
  ExpectFailure({Path("scene.png"), "--set", "nope"}, 1, "'nope'");
  ExpectFailure({Path("scene.png"), "--marker-mm", "0"}, 2, "--marker-mm");
  ExpectFailure({Path("scene.png"), "--intrinsics", Path("scene.png")}, 1, "scene.png");

  cv::imwrite(Path("blank.png"), cv::Mat(720, 1280, CV_8UC3, cv::Scalar(90, 120, 150)));
  ExpectFailure({Path("blank.png")}, 1, "no table frame");

  std::ofstream(Path("bad_set.json")) << "{\"name\": 3}";
  ExpectFailure({Path("scene.png"), "--set", Path("bad_set.json")}, 1, "bad_set.json");
}

TEST_F(DetectCommand, IntrinsicsForAnotherResolutionAreRefused) {
  calibration::Intrinsics other = calibration::ReadIntrinsics(Path("camera.yml"));
  other.image_size = {1280, 720};
  calibration::WriteIntrinsics(other, Path("camera_720.yml"));
  ExpectFailure({Path("scene.png"), "--intrinsics", Path("camera_720.yml")}, 1, "1280x720");
}

}  // namespace
}  // namespace tabref::cli
