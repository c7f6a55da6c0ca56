#include "vision/track/flick_push.h"

#include <gtest/gtest.h>

namespace tabref::vision {
namespace {

rules::Polygon Rect(double x0, double y0, double x1, double y1) {
  return rules::Polygon{{{x0, y0}, {x1, y0}, {x1, y1}, {x0, y1}}};
}

TEST(FlickPushTest, AFingerBehindACoinPushesItAwayFromTheHand) {
  // A finger 12 mm behind the coin's centre (below it), the hand and arm on behind it.
  const auto push = FlickPush({100, 100}, {Rect(92.5, 112, 107.5, 140), Rect(71, 140, 129, 400)},
                              TrackerOptions());
  ASSERT_TRUE(push.has_value());
  EXPECT_NEAR(push->x, 0, 1e-9);
  EXPECT_NEAR(push->y, -1, 1e-9);
}

TEST(FlickPushTest, NoSideWithoutEnoughOfTheHandOnOne) {
  const TrackerOptions options;
  // No hand; a hand all around the coin (over it); a hand out of reach; a fingertip's sliver.
  EXPECT_FALSE(FlickPush({0, 0}, {}, options));
  EXPECT_FALSE(FlickPush({0, 0}, {Rect(-100, -100, 100, 100)}, options));
  EXPECT_FALSE(FlickPush({0, 0}, {Rect(-50, 100, 50, 300)}, options));
  EXPECT_FALSE(FlickPush({0, 0}, {Rect(-3, 12, 3, 30)}, options));
}

TEST(FlickPushTest, OptionsOutOfRangeAreRefused) {
  TrackerOptions options;
  options.push_min_offset_mm = options.push_reach_mm;
  EXPECT_THROW(options.Check(), std::invalid_argument);
  options = TrackerOptions();
  options.push_min_hand_mm2 = -1;
  EXPECT_THROW(options.Check(), std::invalid_argument);
}

}  // namespace
}  // namespace tabref::vision
