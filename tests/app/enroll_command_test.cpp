// `tabref enroll` on a still of a home-made set (larger coins, other inks than the bundled
// piecepack): the measured set, what it stores, and that detect then uses it.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <set>
#include <sstream>

#include "app/cli/cli.h"
#include "calibration/intrinsics.h"
#include "data/store/sqlite_game_store.h"
#include "tests/app/cli_run.h"
#include "vision/eval/truth_pieces.h"
#include "vision/sim/detection_scene.h"

namespace tabref::cli {
namespace {

cv::Vec3d FromHex(const std::string& hex) {
  const int value = std::stoi(hex.substr(1), nullptr, 16);
  return {static_cast<double>(value & 0xFF), static_cast<double>((value >> 8) & 0xFF),
          static_cast<double>(value >> 16)};
}

class EnrollCommand : public testing::Test {
 protected:
  static void SetUpTestSuite() {
    shown_suits_ = new std::set<std::string>;
    dir_ = new std::filesystem::path(std::filesystem::temp_directory_path() /
                                     ("tabref_enroll_cli_" + std::to_string(::getpid())));
    std::filesystem::create_directories(*dir_);
    homemade_ =
        new nlohmann::json(nlohmann::json::parse(std::ifstream(vision::DefaultPieceSetFile())));
    (*homemade_)["coin"]["diameter_mm"] = 20.5;
    (*homemade_)["suits"][0]["colour"] = "#C03020";  // suns a deeper red
    (*homemade_)["suits"][1]["colour"] = "#303848";  // moons a blue-black
    (*homemade_)["suits"][2]["colour"] = "#E0B000";  // crowns yellow, as in some sets
    (*homemade_)["suits"][3]["colour"] = "#2050B0";  // arms a darker blue
    const vision::PieceSet set = vision::PieceSetFromJson(*homemade_, "home-made");
    vision::sim::DetectionSceneOptions options;
    options.seed = 5;
    options.tilt_deg = 15;
    options.hand_chance = 0;
    options.coins = 14;
    options.vary_lighting = false;
    const vision::sim::DetectionScene scene = MakeDetectionScene(set, options);
    cv::imwrite(Path("set.png"), scene.image);
    for (const vision::TruthPiece& truth : vision::TruthPieces(scene, set)) {
      if (truth.piece.kind == vision::ObservedKind::kCoin && truth.piece.side == "suit") {
        shown_suits_->insert(*truth.piece.suit);
      }
    }
    calibration::WriteIntrinsics(vision::TruthCalibration(scene.camera, scene.layout).intrinsics,
                                 Path("camera.yml"));
  }
  static void TearDownTestSuite() {
    std::filesystem::remove_all(*dir_);
    delete dir_;
    delete homemade_;
    delete shown_suits_;
  }
  static std::string Path(const std::string& name) { return (*dir_ / name).string(); }

  static inline std::filesystem::path* dir_ = nullptr;
  static inline nlohmann::json* homemade_ = nullptr;
  static inline std::set<std::string>* shown_suits_ = nullptr;  // suit side up in the still
};

TEST_F(EnrollCommand, MeasuresTheCoinsAndInksAndStoresTheSet) {
  const Result result =
      RunTabref({"enroll", Path("set.png"), "--name", "homemade", "--intrinsics",
                 Path("camera.yml"), "--out", Path("homemade.json"), "--db", Path("sets.sqlite")});
  ASSERT_EQ(result.status, 0) << result.err;
  const auto enrolled = nlohmann::json::parse(std::ifstream(Path("homemade.json")));
  EXPECT_EQ(enrolled["name"], "homemade");
  // The rim's edge shows about 0.1 mm inside the true rim (blur): docs/benchmarks.md.
  EXPECT_NEAR(enrolled["coin"]["diameter_mm"].get<double>(), 20.5, 0.25);
  ASSERT_GE(shown_suits_->size(), 2u);
  for (int suit = 0; suit < 4; ++suit) {
    if (!shown_suits_->contains((*homemade_)["suits"][suit]["name"])) continue;
    const cv::Vec3d truth = FromHex((*homemade_)["suits"][suit]["colour"]);
    const cv::Vec3d bundled = FromHex(nlohmann::json::parse(
        std::ifstream(vision::DefaultPieceSetFile()))["suits"][suit]["colour"]);
    const cv::Vec3d measured = FromHex(enrolled["suits"][suit]["colour"]);
    EXPECT_LT(cv::norm(measured - truth), cv::norm(bundled - truth))
        << enrolled["suits"][suit].dump();
  }
  data::SqliteGameStore store(Path("sets.sqlite"));
  const auto record = store.PieceSet("homemade");
  ASSERT_TRUE(record.has_value());
  EXPECT_EQ(record->definition, enrolled);

  const Result detect =
      RunTabref({"detect", Path("set.png"), "--intrinsics", Path("camera.yml"), "--set", "homemade",
                 "--db", Path("sets.sqlite"), "--json", "-"});
  ASSERT_EQ(detect.status, 0) << detect.err;
  const auto json = nlohmann::json::parse(detect.out);
  ASSERT_FALSE(json["pieces"].empty());
  EXPECT_NEAR(json["pieces"][0]["radius_mm"].get<double>(), 10.25, 0.15);
  int suit_coins = 0;
  for (const auto& piece : json["pieces"]) suit_coins += piece["side"] == "suit" ? 1 : 0;
  EXPECT_GE(suit_coins, 3) << "the enrolled inks recognise the suit sides";
}

TEST_F(EnrollCommand, BadInputIsOneLineAndStoresNothing) {
  const std::string db = Path("untouched.sqlite");
  const Result no_name = RunTabref({"enroll", Path("set.png"), "--db", db});
  EXPECT_EQ(no_name.status, 2);
  const Result bad_name = RunTabref({"enroll", Path("set.png"), "--name", "a/b", "--db", db});
  EXPECT_EQ(bad_name.status, 2);
  cv::imwrite(Path("blank.png"), cv::Mat(720, 1280, CV_8UC3, cv::Scalar(90, 120, 150)));
  const Result blank = RunTabref({"enroll", Path("blank.png"), "--name", "x", "--db", db});
  EXPECT_EQ(blank.status, 1);
  EXPECT_NE(blank.err.find("no table frame"), std::string::npos) << blank.err;
  EXPECT_FALSE(std::filesystem::exists(db));
}

}  // namespace
}  // namespace tabref::cli
