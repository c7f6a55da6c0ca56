#pragma once

#include <algorithm>
#include <opencv2/core.hpp>

#include "calibration/table_mapping.h"
#include "rules/core/geometry.h"
#include "vision/detect/detection.h"
#include "vision/detect/detection_hints.h"
#include "vision/detect/detection_options.h"
#include "vision/detect/gradient.h"
#include "vision/detect/stage_timer.h"
#include "vision/detect/top_view.h"
#include "vision/pieces/piece_set.h"

namespace tabref::vision {

// What every finder of a detection run shares: the frame and its calibration, the
// preprocessed top view, the set, the options, and the run's record (rejections, debug
// images) and stage timer. Finders name their stages "candidates", "fit", "classify",
// "dedupe" and "refine"; the timer adds the kinds' times per stage.
struct FrameContext {
  const cv::Mat& frame;  // BGR 8-bit camera frame
  const calibration::TableMapping& mapping;
  const TopView& view;
  const cv::Mat& view_image;       // the frame resampled into the top view
  const ColourGradient& gradient;  // of the top view
  const PieceSet& set;
  const DetectionOptions& options;
  Detection& detection;  // add rejected candidates and debug images here
  StageTimer& timer;
  const DetectionHints& hints;  // what the caller knows (PieceDetector::Detect)

  // Whether `at` (table mm) is within DetectionOptions::expected_reach_mm of a place the
  // caller saw a piece come to rest.
  bool NearExpected(rules::Vec2 at) const {
    return std::any_of(hints.expected_mm.begin(), hints.expected_mm.end(), [&](rules::Vec2 place) {
      return rules::Distance(place, at) <= options.expected_reach_mm;
    });
  }
  // Whether a coin candidate at `at` (table mm) lies where an earlier detection turned one
  // down and the image has not changed since (DetectionHints::unchanged_coin_misses_mm).
  bool UnchangedCoinMiss(rules::Vec2 at) const {
    const auto& misses = hints.unchanged_coin_misses_mm;
    return !NearExpected(at) && std::any_of(misses.begin(), misses.end(), [&](rules::Vec2 miss) {
      return rules::Distance(miss, at) <= options.unchanged_miss_reach_px / view.Scale();
    });
  }

  void Reject(ObservedKind kind, const char* stage, std::string reason,
              const cv::Point2d& table_mm) const {
    detection.rejected.push_back({kind, stage, std::move(reason), {table_mm.x, table_mm.y}});
  }
};

}  // namespace tabref::vision
