#include "vision/detect/pyramid_options.h"

#include <stdexcept>
#include <string>

namespace tabref::vision {
namespace {

void Require(bool ok, const char* field, const char* range) {
  if (!ok)
    throw std::invalid_argument(std::string("PyramidOptions.") + field + " must be " + range);
}

}  // namespace

void PyramidOptions::Check() const {
  Require(candidates.px_per_mm > 0.1 && candidates.px_per_mm <= 4, "candidates.px_per_mm",
          "in (0.1, 4]");
  Require(candidates.min_area_share > 0 && candidates.min_area_share < 2,
          "candidates.min_area_share", "in (0, 2)");
  Require(candidates.min_fragment_share > 0 &&
              candidates.min_fragment_share <= candidates.min_area_share,
          "candidates.min_fragment_share", "in (0, candidates.min_area_share]");
  Require(colours.max_off_hue > 0 && colours.max_off_hue < 1, "colours.max_off_hue", "in (0, 1)");
  Require(colours.bright_over_table >= 1, "colours.bright_over_table", "at least 1");
  Require(pose_search.upright_step_deg > 0 && pose_search.upright_step_deg <= 45,
          "pose_search.upright_step_deg", "in (0, 45]");
  Require(pose_search.lying_step_deg > 0 && pose_search.lying_step_deg <= 45,
          "pose_search.lying_step_deg", "in (0, 45]");
  Require(pose_search.refined_hypotheses >= 1, "pose_search.refined_hypotheses", "at least 1");
  Require(fit.iterations >= 1 && fit.iterations <= 10, "fit.iterations", "in 1..10");
  Require(fit.ray_spacing_mm > 0.1, "fit.ray_spacing_mm", "above 0.1");
  Require(fit.retry_turn_step_deg == 0 ||
              (fit.retry_turn_step_deg >= 3 && fit.retry_turn_step_deg < 90),
          "fit.retry_turn_step_deg", "0 (never) or in [3, 90)");
  Require(fit.retry_max_base_px >= 0, "fit.retry_max_base_px", "not negative");
  Require(fit.retry_min_tight_support >= 0 && fit.retry_min_tight_support <= 1,
          "fit.retry_min_tight_support", "in [0, 1]");
  Require(fit.tight_band_px >= 0 && fit.max_rms_px >= 0, "fit.tight_band_px/max_rms_px",
          "not negative");
  Require(min_overlap > 0 && min_overlap < 1, "min_overlap", "in (0, 1)");
  Require(min_single_overlap > 0 && min_single_overlap <= 1, "min_single_overlap", "in (0, 1]");
  Require(min_unfitted_overlap > 0 && min_unfitted_overlap <= 1, "min_unfitted_overlap",
          "in (0, 1]");
  Require(tight_outline_min_share >= 0 && tight_outline_min_share <= 1, "tight_outline_min_share",
          "in [0, 1]");
  Require(tight_outline_max_rms_mm >= 0, "tight_outline_max_rms_mm", "not negative");
  Require(better_outline.overlap_margin >= 0 && better_outline.overlap_margin < 1,
          "better_outline.overlap_margin", "in [0, 1)");
  Require(better_outline.min_share_gain > 0 && better_outline.min_share_gain <= 1,
          "better_outline.min_share_gain", "in (0, 1]");
  Require(better_outline.full_share > 0 && better_outline.full_share <= 1,
          "better_outline.full_share", "in (0, 1]");
  Require(max_refit_shift_mm > 0, "max_refit_shift_mm", "positive");
  Require(silhouette_sigma_cells > 0, "silhouette_sigma_cells", "positive");
  Require(model_sigma_mm >= 0 && model_sigma_mm < 5, "model_sigma_mm", "in [0, 5)");
  Require(stack.step_deg > 0 && stack.step_deg <= 45, "stack.step_deg", "in (0, 45]");
  Require(stack_reach_bases >= 0, "stack_reach_bases", "not negative");
  Require(loose_outline_sigma_mm >= 0 && loose_outline_sigma_mm < 20, "loose_outline_sigma_mm",
          "in [0, 20)");
  Require(min_stack_gain > -1 && min_stack_gain < 1, "min_stack_gain", "in (-1, 1)");
  Require(min_stack_overlap > 0 && min_stack_overlap < 1, "min_stack_overlap", "in (0, 1)");
  Require(nested_alike_margin >= 0 && nested_alike_margin < 1, "nested_alike_margin", "in [0, 1)");
  Require(nested_alike_slack >= 0 && nested_alike_slack < 1, "nested_alike_slack", "in [0, 1)");
  Require(min_nested_alike_overlap > 0 && min_nested_alike_overlap <= 1, "min_nested_alike_overlap",
          "in (0, 1]");
  Require(min_expected_overlap > 0 && min_expected_overlap <= 1, "min_expected_overlap",
          "in (0, 1]");
  Require(min_behind_overlap > 0 && min_behind_overlap <= 1, "min_behind_overlap", "in (0, 1]");
  Require(side_by_side.min_single_overlap >= 0 && side_by_side.min_single_overlap < 1,
          "side_by_side.min_single_overlap", "in [0, 1)");
  Require(side_by_side.rounds >= 0, "side_by_side.rounds", "not negative");
  Require(side_by_side.min_part_share > 0 && side_by_side.min_part_share < 0.5,
          "side_by_side.min_part_share", "in (0, 0.5)");
  Require(side_by_side.alike_pair_margin >= 0 && side_by_side.alike_pair_margin < 1,
          "side_by_side.alike_pair_margin", "in [0, 1)");
  Require(side_by_side.max_switch_loss >= 0 && side_by_side.max_switch_loss < 1,
          "side_by_side.max_switch_loss", "in [0, 1)");
  Require(side_by_side.max_footprint_overlap >= 0 && side_by_side.max_footprint_overlap <= 1,
          "side_by_side.max_footprint_overlap", "in [0, 1]");
  Require(side_by_side.min_tight_share >= 0 && side_by_side.min_tight_share <= 1,
          "side_by_side.min_tight_share", "in [0, 1]");
  Require(side_by_side.silhouettes_alone_overlap > 0 && side_by_side.silhouettes_alone_overlap <= 1,
          "side_by_side.silhouettes_alone_overlap", "in (0, 1]");
  Require(side_by_side.peeled_silhouettes_alone_overlap > 0 &&
              side_by_side.peeled_silhouettes_alone_overlap <= 1,
          "side_by_side.peeled_silhouettes_alone_overlap", "in (0, 1]");
  Require(side_by_side.silhouettes_alone_gain >= 0 && side_by_side.silhouettes_alone_gain < 1,
          "side_by_side.silhouettes_alone_gain", "in [0, 1)");
  Require(side_by_side.one_outline_overlap > 0 && side_by_side.one_outline_overlap <= 1,
          "side_by_side.one_outline_overlap", "in (0, 1]");
  Require(side_by_side.one_outline_gain >= 0 && side_by_side.one_outline_gain < 1,
          "side_by_side.one_outline_gain", "in [0, 1)");
  Require(side_by_side.recheck_fitted_below >= 0 && side_by_side.recheck_fitted_below <= 1,
          "side_by_side.recheck_fitted_below", "in [0, 1]");
  Require(side_by_side.fitted_single_margin >= 0 && side_by_side.fitted_single_margin < 1,
          "side_by_side.fitted_single_margin", "in [0, 1)");
  Require(min_side_by_side_overlap > 0 && min_side_by_side_overlap <= 1, "min_side_by_side_overlap",
          "in (0, 1]");
  Require(min_side_by_side_gain >= 0 && min_side_by_side_gain < 1, "min_side_by_side_gain",
          "in [0, 1)");
  Require(peel.max_parts >= 2 && peel.max_parts <= 4, "peel.max_parts", "in 2..4");
  Require(peel.pose_choices >= 1 && peel.pose_choices <= 4, "peel.pose_choices", "in 1..4");
  Require(peel.min_tight_share > 0 && peel.min_tight_share <= 1, "peel.min_tight_share",
          "in (0, 1]");
  Require(peel.min_cover > 0 && peel.min_cover <= 1, "peel.min_cover", "in (0, 1]");
  Require(peel.max_peeled >= 1 && peel.max_peeled <= 5, "peel.max_peeled", "in 1..5");
  Require(peel.max_footprint_overlap >= 0 && peel.max_footprint_overlap <= 1,
          "peel.max_footprint_overlap", "in [0, 1]");
  Require(min_same_colour_stack_gain >= 0 && min_same_colour_stack_gain < 1,
          "min_same_colour_stack_gain", "in [0, 1)");
  Require(appearance_max_base_px >= 0, "appearance_max_base_px", "not negative");
  Require(appearance.margin_px >= 0 && appearance.margin_px <= 10, "appearance.margin_px",
          "in [0, 10]");
  Require(appearance.blur_px > 0 && appearance.blur_px <= 10, "appearance.blur_px", "in (0, 10]");
  Require(appearance.outlier_colour > 0, "appearance.outlier_colour", "positive");
  Require(appearance.reweightings >= 0 && appearance.reweightings <= 5, "appearance.reweightings",
          "in 0..5");
  Require(appearance.start_turns >= 1 && appearance.start_turns <= 12, "appearance.start_turns",
          "in 1..12");
  Require(appearance.first_move_mm > 0 && appearance.first_turn_deg > 0 &&
              appearance.first_scale_step >= 0,
          "appearance.first_move_mm/first_turn_deg/first_scale_step",
          "positive (the scale step not negative)");
  Require(appearance.rounds >= 1 && appearance.rounds <= 8, "appearance.rounds", "in 1..8");
  Require(appearance.max_scale_change >= 0 && appearance.max_scale_change < 0.5,
          "appearance.max_scale_change", "in [0, 0.5)");
}

}  // namespace tabref::vision
