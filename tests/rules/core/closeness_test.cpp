#include "rules/core/closeness.h"

#include <gtest/gtest.h>

namespace tabref::rules {
namespace {

TEST(Closeness, DifferencesBelowTheToleranceAreTooCloseToCall) {
  EXPECT_EQ(CompareDistances(10.0, 10.5, 1.0), Closeness::kTooCloseToCall);
  EXPECT_EQ(CompareDistances(10.0, 11.5, 1.0), Closeness::kCloser);
  EXPECT_EQ(CompareDistances(11.5, 10.0, 1.0), Closeness::kFarther);
}

TEST(Closeness, EqualDistancesAreNeverDecidedEvenWithoutTolerance) {
  EXPECT_EQ(CompareDistances(25.0, 25.0, 0.0), Closeness::kTooCloseToCall);
  EXPECT_EQ(CompareDistances(25.0, 25.001, 0.0), Closeness::kCloser);
}

TEST(Closeness, ToleranceGrowsWithTheMeasurementUncertainty) {
  const CloseCallTolerance tolerance{1.0, 2.0};
  EXPECT_DOUBLE_EQ(tolerance.For(0.1, 0.1), 1.0);
  EXPECT_DOUBLE_EQ(tolerance.For(3.0, 4.0), 10.0);
}

}  // namespace
}  // namespace tabref::rules
