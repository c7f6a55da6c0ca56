#include "vision/track/path.h"

#include <gtest/gtest.h>

#include <cmath>

namespace tabref::vision {
namespace {

// A piece sliding at `speed` toward +x, bouncing at `corner_x` (reflected by `turn_deg`),
// sampled at 30 fps from t = 0 (the bounce between two frames).
std::vector<PathSample> Bounce(double speed, double corner_x, double turn_deg) {
  std::vector<PathSample> samples;
  const double bounce_s = corner_x / speed;
  const double turn = turn_deg * M_PI / 180;
  for (int f = 0; f <= 12; ++f) {
    const double t = f / 30.0;
    rules::Vec2 p;
    if (t <= bounce_s) {
      p = {speed * t, 0};
    } else {
      const double s = speed * 0.8 * (t - bounce_s);
      p = {corner_x + s * std::cos(turn), s * std::sin(turn)};
    }
    samples.push_back({t, p});
  }
  return samples;
}

TEST(PathTest, FindsTheCornerOfABounceBetweenFrames) {
  const TrackerOptions options;
  for (const double turn : {60.0, 120.0, 180.0}) {
    const std::vector<Kink> kinks = FindKinks(Bounce(1200, 170, turn), options);
    ASSERT_EQ(kinks.size(), 1u) << turn;
    // The bounce lies 10 mm past the frame at 160 mm (a frame is 40 mm of travel).
    EXPECT_NEAR(kinks[0].corner.x, 170, 1.5) << turn;
    EXPECT_NEAR(kinks[0].corner.y, 0, 1.5) << turn;
    EXPECT_NEAR(kinks[0].time_s, 170 / 1200.0, 0.01) << turn;
  }
}

TEST(PathTest, AStraightSlowingSlideHasNoKink) {
  std::vector<PathSample> samples;
  for (int f = 0; f <= 20; ++f) {
    const double t = f / 30.0;
    const double s = std::min(t, 0.5);
    samples.push_back({t, {1000 * s - 0.5 * 2000 * s * s, 0.3 * s}});
  }
  EXPECT_TRUE(FindKinks(samples, TrackerOptions()).empty());
}

TEST(PathTest, ABlobJitteringAsItComesToRestHasNoKink) {
  // The end of a live path (Ppolf seed 4): a coin about 20 px wide measured as a blurred blob
  // (sigma 1.9 mm) comes to rest, and its centroid jumps 2-4 mm frame to frame.
  const std::vector<rules::Vec2> at = {{736.05, 582.22}, {730.38, 590.90}, {725.68, 595.41},
                                       {723.10, 599.92}, {722.57, 601.60}, {722.59, 599.74},
                                       {721.59, 603.71}, {722.38, 601.40}, {721.50, 603.72}};
  std::vector<PathSample> samples;
  for (size_t f = 0; f < at.size(); ++f) samples.push_back({f / 30.0, at[f], 1.9});
  EXPECT_TRUE(FindKinks(samples, TrackerOptions()).empty());
  // The same steps measured to a tenth of a millimetre turn for real.
  for (PathSample& sample : samples) sample.sigma_mm = 0.1;
  EXPECT_FALSE(FindKinks(samples, TrackerOptions()).empty());
  // And a bounce stays a bounce, however blurred.
  std::vector<PathSample> bounce = Bounce(1200, 170, 120);
  for (PathSample& sample : bounce) sample.sigma_mm = 1.9;
  EXPECT_EQ(FindKinks(bounce, TrackerOptions()).size(), 1u);
}

TEST(PathTest, RefinedPathPassesThroughTheCorner) {
  const Path path(Bounce(1200, 170, 150), TrackerOptions());
  ASSERT_EQ(path.Kinks().size(), 1u);
  const rules::Vec2 at = path.At(170 / 1200.0);
  EXPECT_NEAR(at.x, 170, 1.5);
  EXPECT_NEAR(at.y, 0, 1.5);
  // Before the first sample and after the last the path holds its ends.
  EXPECT_EQ(path.At(-1).x, 0);
  EXPECT_EQ(path.At(99).x, path.Samples().back().position.x);
}

// Held-out Ppolf seed 238: a coin flicked at 2.2 m/s, its streak broken in two blobs, the
// second 20 mm ahead of the first, along its way: that blob is the coin's twin. A piece as far
// beside its way is no twin, nor is one that goes its own way after a few frames together.
TEST(PathTest, ABlobAlongAFastPiecesStreakIsItsTwin) {
  constexpr double kCoinWidth = 19.05;
  std::vector<PathSample> coin = {{0, {0, 0}, 0.15}};
  for (int f = 1; f <= 6; ++f) coin.push_back({f / 30.0, {75.0 * f, 0}, 2});
  std::vector<PathSample> ahead;
  std::vector<PathSample> beside;
  std::vector<PathSample> parting;
  for (int f = 1; f <= 6; ++f) {
    ahead.push_back({f / 30.0, {75.0 * f + 20, 3}, 2});
    beside.push_back({f / 30.0, {75.0 * f, 20}, 2});
    parting.push_back({f / 30.0, {75.0 * f + 20, f <= 3 ? 3.0 : 3 + 15.0 * (f - 3)}, 2});
  }
  EXPECT_TRUE(TwinBlur(ahead, coin, kCoinWidth));
  EXPECT_FALSE(TwinBlur(beside, coin, kCoinWidth));
  EXPECT_FALSE(TwinBlur(parting, coin, kCoinWidth));
  // Slow, its streak short: 25 mm ahead is another piece.
  std::vector<PathSample> slow = {{0, {0, 0}, 0.15}};
  std::vector<PathSample> slow_ahead;
  for (int f = 1; f <= 6; ++f) {
    slow.push_back({f / 30.0, {5.0 * f, 0}, 0.5});
    slow_ahead.push_back({f / 30.0, {5.0 * f + 25, 3}, 0.5});
  }
  EXPECT_FALSE(TwinBlur(slow_ahead, slow, kCoinWidth));
}

}  // namespace
}  // namespace tabref::vision
