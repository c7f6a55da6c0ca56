#pragma once

#include <opencv2/core.hpp>
#include <vector>

#include "vision/detect/stage_timer.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

struct HandDetectorOptions {
  // Colour change (8-bit, the largest over the channels) from the empty table that counts.
  double change_threshold = 28;
  // A region apart from the border with `min_skin_mm2` of skin where the empty table shows
  // none is part of a hand when change above this joins it to a hand that reaches the border:
  // part of an arm lit like a pale table differs from it by 20-30 only, and cuts the hand at
  // its end off from the rest of the arm (Ppolf seed 19).
  double faint_change_threshold = 16;
  // Gaps this wide between fingers, palm and shadow are closed before regions are counted.
  double close_mm = 8;
  // A hand (with its shadow) covers more than this (fingertips just reaching in do), and
  // reaches the view's border: the arm comes from outside the table. Pieces never do both.
  double min_area_mm2 = 1200;
  double border_mm = 3;
  // At least this share of the region must look like skin (YCrCb) ...
  double min_skin_share = 0.15;
  // ... unless it is larger than this (an arm in a sleeve, a leaning body).
  double large_area_mm2 = 15000;
  // Fingertips just reaching in, smaller than min_area_mm2 or mostly their shadow, count
  // when this much of the region looks like skin (a whole coin covers 280 mm2).
  double min_skin_mm2 = 450;
  // A region apart from the border with `min_skin_mm2` of change, `recent_skin_share` of it
  // skin, that lies this much within where a hand reached a frame ago is that hand still: an
  // arm lit like the table under a lamp cuts the hand at its end off from the rest of it from
  // one frame to the next, and its fingers would be taken for pieces moving (held-out Ppolf
  // seed 152). (A coin beside the fingers, its blur mixed with the table, is less skin.) 0
  // turns this off.
  double recent_share = 0.5;
  double recent_skin_share = 0.9;
  // The hidden area reaches this far beyond the region (soft edges, fingertips in blur).
  double margin_mm = 12;
  // Changed regions within this of a hand that are darker than the empty table by about the
  // same share in every channel, to at most `shadow_light` of its light, are the hand's
  // shadow (fingertips cast theirs a little apart from them): hidden with it.
  double shadow_reach_mm = 30;
  double shadow_light = 0.8;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// A hand or an arm found over the table.
struct HandDetection {
  bool found = false;
  // View pixels the hand hides (the hand, its shadow and the margin): CV_8U, 255 inside.
  cv::Mat mask;
  // The same with each hand's hull filled: parts of an arm lit like the table leave gaps in
  // `mask` that a background must not take in.
  cv::Mat reach;
  // The hidden area in the table frame (mm): one convex outline per hand or arm.
  std::vector<std::vector<cv::Point2d>> outlines_mm;
  double area_mm2 = 0;       // of the largest region taken for a hand
  double skin_share = 0;     // of that region
  int rejected_regions = 0;  // large changes that were not taken for a hand
  int shadow_regions = 0;    // regions beside a hand taken for its shadow
  int joined_regions = 0;    // skin apart from the border joined to a hand by faint change
  int held_regions = 0;      // regions apart from the border where a hand reached a frame ago
  std::vector<StageTiming> timings;
};

// Finds hands and arms over the table in a top view: regions unlike the empty table (the
// background the caller keeps) that are large, reach in from the view's border and look like
// skin. Judgement pauses while one is there; the pieces under it are hidden, not gone.
class HandDetector {
 public:
  explicit HandDetector(HandDetectorOptions options = {});

  // `view` and `background` are BGR 8-bit top views of the same geometry `geometry`;
  // `change` (optional, CV_8U) is the caller's colour change of `view` from `background`;
  // `recent_reach` (optional) the `reach` of the detection a frame before.
  HandDetection Detect(const cv::Mat& view, const cv::Mat& background, const TopView& geometry,
                       const cv::Mat& change = cv::Mat(),
                       const cv::Mat& recent_reach = cv::Mat()) const;

  const HandDetectorOptions& Options() const { return options_; }

 private:
  HandDetectorOptions options_;
};

// The largest change over the colour channels between two BGR 8-bit images (CV_8U).
cv::Mat ColourChange(const cv::Mat& a, const cv::Mat& b);
// Whether a BGR colour looks like skin (YCrCb bounds that hold for skin under warm and
// daylight lamps).
bool SkinLike(const cv::Vec3b& bgr);

}  // namespace tabref::vision
