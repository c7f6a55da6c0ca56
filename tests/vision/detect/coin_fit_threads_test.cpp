// The coin candidates are fitted on as many threads as OpenCV may use: the detection, every
// piece and every turned-down candidate in its order, is the same on one thread and on two.
#include <gtest/gtest.h>

#include <cstdint>
#include <opencv2/core/utility.hpp>

#include "vision/detect/piece_detector.h"
#include "vision/eval/truth_pieces.h"
#include "vision/pieces/piece_set.h"
#include "vision/sim/detection_scene.h"

namespace tabref::vision {
namespace {

// Restores OpenCV's thread count when a test ends.
class OpenCvThreads {
 public:
  explicit OpenCvThreads(int threads) : before_(cv::getNumThreads()) { cv::setNumThreads(threads); }
  ~OpenCvThreads() { cv::setNumThreads(before_); }
  OpenCvThreads(const OpenCvThreads&) = delete;
  OpenCvThreads& operator=(const OpenCvThreads&) = delete;

 private:
  int before_;
};

TEST(CoinFitThreads, OneThreadAndTwoFindTheSameAndTurnDownTheSameInTheSameOrder) {
  const PieceSet set = LoadPieceSet(DefaultPieceSetFile());
  for (const std::uint64_t seed : {4u, 11u}) {
    sim::DetectionSceneOptions scene_options;
    scene_options.seed = seed;
    const sim::DetectionScene scene = sim::MakeDetectionScene(set, scene_options);
    PieceDetector detector(set);
    detector.SetCalibration(TruthCalibration(scene.camera, scene.layout));
    const auto detect = [&](int threads) {
      const OpenCvThreads use(threads);
      return detector.Detect(scene.image);
    };
    const Detection one = detect(1);
    const Detection two = detect(2);
    ASSERT_GT(one.pieces.size(), 5u) << seed;
    ASSERT_GT(one.rejected.size(), 5u) << seed;
    ASSERT_EQ(one.pieces.size(), two.pieces.size()) << seed;
    for (size_t i = 0; i < one.pieces.size(); ++i) {
      EXPECT_EQ(one.pieces[i].kind, two.pieces[i].kind);
      EXPECT_EQ(one.pieces[i].position_mm.x, two.pieces[i].position_mm.x);
      EXPECT_EQ(one.pieces[i].position_mm.y, two.pieces[i].position_mm.y);
      EXPECT_EQ(one.pieces[i].sigma_mm, two.pieces[i].sigma_mm);
      EXPECT_EQ(one.pieces[i].suit, two.pieces[i].suit);
      EXPECT_EQ(one.pieces[i].rank, two.pieces[i].rank);
    }
    ASSERT_EQ(one.rejected.size(), two.rejected.size()) << seed;
    for (size_t i = 0; i < one.rejected.size(); ++i) {
      EXPECT_EQ(one.rejected[i].stage, two.rejected[i].stage) << i;
      EXPECT_EQ(one.rejected[i].reason, two.rejected[i].reason) << i;
      EXPECT_EQ(one.rejected[i].table_mm.x, two.rejected[i].table_mm.x) << i;
      EXPECT_EQ(one.rejected[i].table_mm.y, two.rejected[i].table_mm.y) << i;
    }
  }
}

}  // namespace
}  // namespace tabref::vision
