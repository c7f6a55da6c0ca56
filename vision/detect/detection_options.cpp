#include "vision/detect/detection_options.h"

#include <stdexcept>
#include <string>

namespace tabref::vision {
namespace {

void Require(bool ok, const char* field, const char* range) {
  if (!ok)
    throw std::invalid_argument(std::string("DetectionOptions.") + field + " must be " + range);
}

}  // namespace

void DetectionOptions::Check() const {
  Require(min_view_px_per_mm > 0.2 && min_view_px_per_mm <= max_view_px_per_mm,
          "min_view_px_per_mm", "in (0.2, max_view_px_per_mm]");
  Require(max_view_px_per_mm <= 8, "max_view_px_per_mm", "at most 8");
  Require(view_margin_mm >= 0 && view_margin_mm <= 500, "view_margin_mm", "in 0..500");
  Require(coin_candidates.min_gradient > 0, "coin_candidates.min_gradient", "positive");
  Require(coin_candidates.min_support > 0 && coin_candidates.min_support < 1,
          "coin_candidates.min_support", "in (0, 1)");
  Require(coin_fit.rays >= 8 && coin_fit.rays <= 720, "coin_fit.rays", "in 8..720");
  Require(coin_fit.iterations >= 1 && coin_fit.iterations <= 10, "coin_fit.iterations", "in 1..10");
  Require(coin_fit.min_support > 0 && coin_fit.min_support <= 1, "coin_fit.min_support",
          "in (0, 1]");
  Require(coin_second_reach_mm >= 0 && coin_second_reach_mm <= 10, "coin_second_reach_mm",
          "in 0..10");
  Require(coin_recheck_support >= 0 && coin_recheck_support <= 1, "coin_recheck_support",
          "in [0, 1]");
  Require(model_sigma_mm >= 0 && model_sigma_mm < 5, "model_sigma_mm", "in [0, 5)");
  Require(unseen_rim_sigma_mm >= 0 && unseen_rim_sigma_mm < 10, "unseen_rim_sigma_mm",
          "in [0, 10)");
  Require(expected_reach_mm >= 0 && expected_reach_mm <= 100, "expected_reach_mm", "in 0..100");
  Require(expected_coin_support_share > 0 && expected_coin_support_share <= 1,
          "expected_coin_support_share", "in (0, 1]");
  Require(weak_coin_sigma_mm >= 0 && weak_coin_sigma_mm < 10, "weak_coin_sigma_mm", "in [0, 10)");
  Require(unchanged_miss_reach_px >= 0 && unchanged_miss_reach_px <= 5, "unchanged_miss_reach_px",
          "in 0..5");
  tiles.Check();
  pyramids.Check();
}

}  // namespace tabref::vision
