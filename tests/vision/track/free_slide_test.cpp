#include "vision/track/free_slide.h"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>
#include <vector>

namespace tabref::vision {
namespace {

constexpr double kFrameS = 1.0 / 30;
constexpr double kFrictionMmS2 = 2700;  // as on the synthetic table
constexpr double kMaxFrictionMmS2 = 8000;
constexpr double kFloorSigmaMm = 0.3;

// A piece sliding from `from` along `heading` (unit) at `speed`, slowed by friction: its place
// at `time_s`.
rules::Vec2 SlideAt(rules::Vec2 from, rules::Vec2 heading, double speed, double time_s) {
  const double t = std::min(time_s, speed / kFrictionMmS2);
  return from + heading * (speed * t - 0.5 * kFrictionMmS2 * t * t);
}

std::vector<PathSample> Samples(rules::Vec2 from, rules::Vec2 heading, double speed, int first,
                                int last) {
  std::vector<PathSample> samples;
  for (int k = first; k <= last; ++k)
    samples.push_back({k * kFrameS, SlideAt(from, heading, speed, k * kFrameS), 2.0});
  return samples;
}

TEST(FreeSlideTest, FitsTheSlideOfItsSamplesAndSaysWhereItStops) {
  const rules::Vec2 from{100, 200};
  const rules::Vec2 heading{0.6, -0.8};
  const double speed = 900;
  const auto slide =
      FitFreeSlide(Samples(from, heading, speed, 1, 6), kFloorSigmaMm, kMaxFrictionMmS2);
  ASSERT_TRUE(slide.has_value());
  const rules::Vec2 stop = from + heading * (speed * speed / (2 * kFrictionMmS2));
  EXPECT_NEAR(rules::Distance(slide->Stop(), stop), 0, 1e-6);
  EXPECT_NEAR(slide->StopTime(), speed / kFrictionMmS2, 1e-9);
  EXPECT_NEAR(slide->Deceleration(), kFrictionMmS2, 1e-6);
  EXPECT_DOUBLE_EQ(slide->Scatter(), kFloorSigmaMm);
  // Surer where it was seen than far beyond.
  EXPECT_LT(slide->Sigma(3 * kFrameS), slide->Sigma(slide->StopTime()));
  EXPECT_NEAR(rules::Distance(slide->At(3 * kFrameS), SlideAt(from, heading, speed, 3 * kFrameS)),
              0, 1e-6);
}

// Blobs scattered by half a millimetre, fitted three frames or more before the stop: the stop
// lies within two of the slide's sigmas of where it says in at least 90 % of slides.
TEST(FreeSlideTest, ItsSigmaIsHonest) {
  std::mt19937 random(7);
  std::normal_distribution<double> noise(0, 0.5);
  std::uniform_real_distribution<double> uniform(0, 1);
  int within = 0;
  int fitted = 0;
  for (int trial = 0; trial < 300; ++trial) {
    const double angle = 2 * std::numbers::pi * uniform(random);
    const rules::Vec2 heading{std::cos(angle), std::sin(angle)};
    const double speed = 1000 + 800 * uniform(random);
    const int stop_frame = static_cast<int>(speed / kFrictionMmS2 / kFrameS);
    const int last = stop_frame - 3 - static_cast<int>(4 * uniform(random));
    std::vector<PathSample> samples = Samples({0, 0}, heading, speed, 2, last);
    for (PathSample& sample : samples)
      sample.position = sample.position + rules::Vec2{noise(random), noise(random)};
    const auto slide = FitFreeSlide(samples, kFloorSigmaMm, kMaxFrictionMmS2);
    if (!slide) continue;
    ++fitted;
    const rules::Vec2 stop = heading * (speed * speed / (2 * kFrictionMmS2));
    if (rules::Distance(slide->Stop(), stop) <= 2 * slide->Sigma(slide->StopTime())) ++within;
  }
  EXPECT_GE(fitted, 270);  // too few samples for the rest
  EXPECT_GE(within, 0.9 * fitted) << within << " of " << fitted;
}

TEST(FreeSlideTest, NoSlideFromTooFewSamplesASpeedingPieceOrOneStoppedBeforeTheLast) {
  const rules::Vec2 heading{1, 0};
  EXPECT_FALSE(FitFreeSlide(Samples({0, 0}, heading, 900, 1, 4), kFloorSigmaMm, kMaxFrictionMmS2));
  std::vector<PathSample> speeding;
  for (int k = 1; k <= 6; ++k) speeding.push_back({k * kFrameS, {10.0 * k * k, 0}, 2.0});
  EXPECT_FALSE(FitFreeSlide(speeding, kFloorSigmaMm, kMaxFrictionMmS2));
  // Slowing far faster than friction does: struck, not sliding free.
  std::vector<PathSample> braked;
  for (int k = 1; k <= 6; ++k) braked.push_back({k * kFrameS, {60.0 * k - 5.0 * k * k, 0}, 2.0});
  EXPECT_FALSE(FitFreeSlide(braked, kFloorSigmaMm, kMaxFrictionMmS2));
  // Samples held at rest after it stopped: the fitted stop comes before the last of them.
  EXPECT_FALSE(FitFreeSlide(Samples({0, 0}, heading, 300, 1, 8), kFloorSigmaMm, kMaxFrictionMmS2));
}

}  // namespace
}  // namespace tabref::vision
