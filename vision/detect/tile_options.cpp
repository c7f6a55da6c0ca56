#include "vision/detect/tile_options.h"

#include <stdexcept>
#include <string>

namespace tabref::vision {
namespace {

void Require(bool ok, const char* field, const char* range) {
  if (!ok) throw std::invalid_argument(std::string("TileOptions.") + field + " must be " + range);
}

}  // namespace

void TileOptions::Check() const {
  Require(candidates.min_gradient > 0, "candidates.min_gradient", "positive");
  Require(candidates.min_support > 0 && candidates.min_support < 2, "candidates.min_support",
          "in (0, 2)");
  Require(candidates.max_candidates >= 1, "candidates.max_candidates", "at least 1");
  Require(candidates.alternate_share > 0 && candidates.alternate_share <= 1,
          "candidates.alternate_share", "in (0, 1]");
  Require(candidates.alternate_min_offset >= 0 && candidates.alternate_min_offset < 0.5,
          "candidates.alternate_min_offset", "in [0, 0.5)");
  Require(candidates.max_alternates >= 0, "candidates.max_alternates", "at least 0");
  fit.Check();
  face.Check();
  Require(max_edge_offset_mm >= 0 && max_edge_offset_mm <= 3, "max_edge_offset_mm", "in 0..3");
  Require(model_sigma_mm >= 0 && model_sigma_mm < 5, "model_sigma_mm", "in [0, 5)");
  Require(printed_margin >= 0 && printed_margin <= 1, "printed_margin", "in 0..1");
  Require(min_printed_art_score >= 0 && min_printed_art_score <= 1, "min_printed_art_score",
          "in 0..1");
  Require(max_half_contrast > 0, "max_half_contrast", "positive");
  Require(unseen_pair_shift >= 0 && unseen_pair_shift <= 0.5, "unseen_pair_shift", "in 0..0.5");
  Require(min_two_coloured_support >= 0 && min_two_coloured_support <= 1,
          "min_two_coloured_support", "in 0..1");
  Require(max_shifted_contrast >= 0, "max_shifted_contrast", "at least 0");
}

}  // namespace tabref::vision
