#include "vision/sim/simulate.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <opencv2/core.hpp>
#include <opencv2/imgcodecs.hpp>
#include <opencv2/videoio.hpp>

namespace tabref::vision::sim {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

class SimulateTest : public testing::Test {
 protected:
  void SetUp() override {
    out_ =
        fs::temp_directory_path() / ("tabref-simulate-" + std::to_string(::getpid()) + "-" +
                                     testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(out_);
    options_.out_dir = out_;
    options_.width = 640;
    options_.height = 480;
    options_.shots = 2;
    options_.seed = 21;
  }
  void TearDown() override { fs::remove_all(out_); }

  json Truth() const {
    std::ifstream in(out_ / "truth.json");
    return json::parse(in);
  }

  fs::path out_;
  SimulationOptions options_;
};

TEST_F(SimulateTest, WritesVideoTruthAndCameraThatAgree) {
  const std::string summary = Simulate(options_);
  EXPECT_NE(summary.find("scene seed 21:"), std::string::npos) << summary;
  EXPECT_EQ(summary.find('\n'), std::string::npos);

  const json truth = Truth();
  const int frames = static_cast<int>(truth["frames"].size());
  ASSERT_GT(frames, 30);
  cv::VideoCapture video((out_ / "video.avi").string());
  ASSERT_TRUE(video.isOpened());
  EXPECT_EQ(static_cast<int>(video.get(cv::CAP_PROP_FRAME_COUNT)), frames);
  EXPECT_EQ(static_cast<int>(video.get(cv::CAP_PROP_FRAME_WIDTH)), 640);

  for (const json& frame : truth["frames"])
    ASSERT_EQ(frame["poses"].size(), truth["pieces"].size());
  ASSERT_EQ(truth["markers"].size(), 4u);
  EXPECT_EQ(truth["markers"][0]["centre_mm"], json({0.0, 0.0, 0.0}));
  int shots = 0;
  for (const json& event : truth["events"])
    shots += event["type"] == "flick" || event["type"] == "hop";
  EXPECT_EQ(shots, 2);
  EXPECT_GE(truth["rest_s"].size(), 2u);

  cv::FileStorage camera((out_ / "camera.yml").string(), cv::FileStorage::READ);
  ASSERT_TRUE(camera.isOpened());
  EXPECT_EQ(static_cast<int>(camera["image_width"]), 640);
  const cv::Mat matrix = camera["camera_matrix"].mat();
  EXPECT_DOUBLE_EQ(matrix.at<double>(0, 0), truth["camera"]["camera_matrix"][0].get<double>());
  EXPECT_EQ(camera["distortion_coefficients"].mat().cols, 5);

  for (const auto& entry : fs::directory_iterator(out_)) {
    EXPECT_EQ(entry.path().filename().string().rfind("partial-", 0), std::string::npos)
        << entry.path();
  }
}

TEST_F(SimulateTest, SameSeedWritesTheSameTruth) {
  options_.shots = 1;
  options_.write_video = false;
  options_.still = true;
  Simulate(options_);
  const json first = Truth();
  const cv::Mat first_image = cv::imread((out_ / "still.png").string());
  Simulate(options_);
  EXPECT_EQ(Truth(), first);
  EXPECT_EQ(cv::norm(cv::imread((out_ / "still.png").string()), first_image, cv::NORM_INF), 0);
}

TEST_F(SimulateTest, OptionsCheckNamesTheBadField) {
  options_.fps = 0;
  EXPECT_THROW(Simulate(options_), std::invalid_argument);
  options_.fps = 30;
  options_.game = "chess";
  try {
    Simulate(options_);
    FAIL() << "game chess accepted";
  } catch (const std::invalid_argument& error) {
    EXPECT_NE(std::string(error.what()).find("SimulationOptions.game"), std::string::npos);
  }
  EXPECT_FALSE(fs::exists(out_ / "truth.json"));
}

}  // namespace
}  // namespace tabref::vision::sim
