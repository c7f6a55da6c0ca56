#include "vision/detect/pyramid_finder.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <deque>
#include <iterator>
#include <limits>
#include <opencv2/core/utility.hpp>
#include <optional>
#include <string>
#include <utility>

#include "vision/detect/paper_white.h"
#include "vision/detect/pyramid_appearance.h"
#include "vision/detect/pyramid_candidates.h"
#include "vision/detect/pyramid_fit.h"
#include "vision/detect/pyramid_peel.h"
#include "vision/detect/pyramid_pose_search.h"
#include "vision/detect/pyramid_side_by_side.h"

namespace tabref::vision {
namespace {

rules::Vec2 Vec(const cv::Point2d& p) { return {p.x, p.y}; }

// One pyramid explained by a blob: its size, colour and pose, how its position was measured.
struct PyramidHit {
  size_t colour = 0;
  size_t size = 0;
  PyramidPlacement placement;
  double overlap = 0;           // of the silhouette with the blob
  bool outline_fitted = false;  // the pose was refined on the outline's edges
  double fit_sigma_mm = 0;      // from the outline fit's residuals, or from the silhouette
  int on_top_of = -1;           // index of the carrying hit
};

double Hypot3(double a, double b, double c) { return std::sqrt(a * a + b * b + c * c); }

std::string TwoDecimals(double value) {
  char text[32];
  std::snprintf(text, sizeof text, "%.2f", value);
  return text;
}

// Small pyramids, upright or lying, take their place and turn from their picture, which
// shows their faces' shading (pyramid_appearance.h). A stacked pair of two sizes or colours
// hide each other and keep their silhouettes' poses; two of one size and colour nested take
// the lower one's from the picture of a single one (the upper one, nested on its shoulders,
// turns with it): from afar a single pyramid's blurred silhouette reads as such a pair too,
// and the referee keeps the lower one.
void PlaceSmallPyramidsByTheirLook(std::vector<PyramidHit>& hits,
                                   const std::vector<PyramidShape>& shapes, const cv::Mat& frame,
                                   const calibration::TableMapping& mapping,
                                   const PyramidOptions& options) {
  std::vector<size_t> small;
  for (size_t i = 0; i < hits.size(); ++i) {
    const PyramidHit& hit = hits[i];
    const auto upper = std::find_if(hits.begin(), hits.end(), [&](const PyramidHit& other) {
      return other.on_top_of == static_cast<int>(i);
    });
    const bool alike_pair =
        upper != hits.end() && upper->size == hit.size && upper->colour == hit.colour;
    const cv::Point2d at = hit.placement.position_mm;
    if (hit.on_top_of < 0 && (upper == hits.end() || alike_pair) &&
        shapes[hit.size].base_mm * mapping.PixelsPerMm(cv::Vec3d(at.x, at.y, 0)) <=
            options.appearance_max_base_px)
      small.push_back(i);
  }
  // Each apart (on the cores OpenCV may use): the same placements however the work is split.
  cv::parallel_for_(cv::Range(0, static_cast<int>(small.size())), [&](const cv::Range& range) {
    for (int k = range.start; k < range.end; ++k) {
      PyramidHit& hit = hits[small[static_cast<size_t>(k)]];
      const PyramidShape& shape = shapes[hit.size];
      const PyramidAppearance look(frame, mapping, shape, hit.placement, options.appearance);
      hit.placement = FitPyramidAppearance(look, hit.placement, options.appearance).placement;
    }
  });
  for (PyramidHit& hit : hits) {
    if (hit.on_top_of < 0) continue;
    const PyramidHit& lower = hits[static_cast<size_t>(hit.on_top_of)];
    if (lower.size != hit.size || lower.colour != hit.colour) continue;
    hit.placement.position_mm = lower.placement.position_mm;
    hit.placement.angle_deg = lower.placement.angle_deg;
  }
}

}  // namespace

PyramidFinder::PyramidFinder(const PieceSet& set, const DetectionOptions& options)
    : colours_(set, options.pyramids.colours) {
  for (const PyramidSize& size : set.pyramid_sizes)
    shapes_.push_back({size.base_mm, size.height_mm});
}

std::vector<ObservedPiece> PyramidFinder::Find(const FrameContext& context) const {
  std::vector<ObservedPiece> pieces;
  const PyramidOptions& options = context.options.pyramids;
  if (!options.enabled || shapes_.empty() || colours_.Count() == 0) return pieces;
  context.timer.Start("candidates");
  const PaperWhite white =
      MeasurePaperWhite(context.view_image, context.view, context.mapping.Calibration());
  double smallest_base = shapes_.front().base_mm;
  for (const PyramidShape& shape : shapes_) smallest_base = std::min(smallest_base, shape.base_mm);
  const PyramidColourMap map =
      FindPyramidCandidates(context.view_image, context.view, context.mapping.Calibration(),
                            colours_, white, smallest_base, options.candidates);

  context.timer.Start("fit");
  const double cell_mm = 1 / map.px_per_mm;
  const double silhouette_sigma = options.silhouette_sigma_cells * cell_mm;
  const std::vector<PyramidCandidate>& blobs = map.candidates;
  // Every blob's best single pyramid (overlap -1: none plausible).
  std::vector<std::vector<PyramidHypothesis>> poses(blobs.size());
  std::vector<PyramidHypothesis> singles(blobs.size());
  for (size_t i = 0; i < blobs.size(); ++i) {
    poses[i] = SearchPyramidPoses(blobs[i], shapes_, context.view, options.pose_search);
    singles[i].overlap = -1;
    if (!poses[i].empty()) singles[i] = poses[i].front();
  }
  // Stacked pairs: two blobs of different colours, one on the other, or one blob that no
  // single pyramid explains.
  double largest_base = 0;
  for (const PyramidShape& shape : shapes_) largest_base = std::max(largest_base, shape.base_mm);
  double largest_height = 0;
  for (const PyramidShape& shape : shapes_)
    largest_height = std::max(largest_height, shape.height_mm);
  std::vector<bool> used(blobs.size(), false);
  std::vector<PyramidHit> hits;
  // A pyramid where a silhouette puts it, as sure as a silhouette's pose.
  const auto silhouette_hit = [&](size_t colour, size_t size, const PyramidPlacement& placement,
                                  double overlap) {
    PyramidHit hit;
    hit.colour = colour;
    hit.size = size;
    hit.placement = placement;
    hit.overlap = overlap;
    hit.fit_sigma_mm = silhouette_sigma;
    return hit;
  };
  const auto add_stack = [&](const PyramidStackHypothesis& stack, size_t lower_colour,
                             size_t upper_colour) {
    const PyramidHit lower =
        silhouette_hit(lower_colour, stack.lower, stack.lower_placement, stack.overlap);
    hits.push_back(lower);
    PyramidHit upper = lower;
    upper.colour = upper_colour;
    upper.size = stack.upper;
    upper.placement = stack.upper_placement;
    upper.on_top_of = static_cast<int>(hits.size()) - 1;
    hits.push_back(upper);
  };
  const auto single_overlap = [&](size_t i) { return std::max(0.0, singles[i].overlap); };
  // The pair a blob of one colour shows: where the game nests two of one size (a catapult),
  // those unless two sizes overlap it clearly better (a blurred edge favours a larger lower
  // one). Judged by the better pair's overlap (`second`). Not where a piece was seen to come
  // to rest: a catapult is set down by hand.
  const auto same_colour_pair = [&](const PyramidCandidate& blob) {
    const PyramidStackHypothesis unalike =
        SearchStackedPoses(blob, nullptr, shapes_, context.view, options.stack);
    if (!options.nested_alike_pairs || context.NearExpected(Vec(blob.centroid_mm)))
      return std::pair(unalike, unalike.overlap);
    PyramidStackOptions alike_options = options.stack;
    alike_options.alike_only = true;
    const PyramidStackHypothesis alike =
        SearchStackedPoses(blob, nullptr, shapes_, context.view, alike_options);
    const bool take_alike = alike.overlap >= unalike.overlap - options.nested_alike_margin;
    return std::pair(take_alike ? alike : unalike, std::max(alike.overlap, unalike.overlap));
  };
  struct StackChoice {
    double gain;
    std::vector<size_t> lower;  // the lower one's blobs (none where only fragments show it)
    size_t lower_colour;
    size_t upper;
    PyramidStackHypothesis stack;
  };
  std::vector<StackChoice> choices;
  // The upper pyramid of a pair shows whole; the lower one's colour may show as several blobs
  // around it.
  for (size_t j = 0; j < blobs.size(); ++j) {
    for (size_t colour = 0; colour < colours_.Count(); ++colour) {
      if (colour == blobs[j].colour) continue;
      std::vector<size_t> lower_blobs;
      PyramidCandidate lower;
      lower.colour = colour;
      lower.cell_area_mm2 = blobs[j].cell_area_mm2;
      cv::Point2d sum(0, 0);
      double apart_area = blobs[j].AreaMm2() * single_overlap(j);
      const auto within_reach = [&](const PyramidCandidate& part) {
        return part.colour == colour && cv::norm(part.centroid_mm - blobs[j].centroid_mm) <=
                                            options.stack_reach_bases * largest_base;
      };
      const auto take = [&](const PyramidCandidate& part) {
        lower.cells.insert(lower.cells.end(), part.cells.begin(), part.cells.end());
        sum += part.centroid_mm * static_cast<double>(part.cells.size());
      };
      for (size_t i = 0; i < blobs.size(); ++i) {
        if (!within_reach(blobs[i])) continue;
        lower_blobs.push_back(i);
        take(blobs[i]);
        apart_area += blobs[i].AreaMm2() * single_overlap(i);
      }
      for (const PyramidCandidate& fragment : map.fragments) {
        if (within_reach(fragment)) take(fragment);
      }
      if (lower.cells.empty()) continue;
      lower.centroid_mm = sum * (1.0 / static_cast<double>(lower.cells.size()));
      const PyramidStackHypothesis stack =
          SearchStackedPoses(lower, &blobs[j], shapes_, context.view, options.stack);
      const double apart = apart_area / (lower.AreaMm2() + blobs[j].AreaMm2());
      const double gain = stack.overlap - apart;
      if (stack.overlap >= options.min_stack_overlap && gain > options.min_stack_gain)
        choices.push_back({gain, std::move(lower_blobs), colour, j, stack});
    }
  }
  std::sort(choices.begin(), choices.end(),
            [](const StackChoice& a, const StackChoice& b) { return a.gain > b.gain; });
  for (const StackChoice& choice : choices) {
    const bool taken = used[choice.upper] || std::any_of(choice.lower.begin(), choice.lower.end(),
                                                         [&](size_t i) { return used[i]; });
    if (taken) continue;
    used[choice.upper] = true;
    for (const size_t i : choice.lower) used[i] = true;
    add_stack(choice.stack, choice.lower_colour, blobs[choice.upper].colour);
  }
  const auto tight_outline = [&](const PyramidFit& fit) {
    return fit.tight_support >= options.tight_outline_min_share &&
           fit.rms_mm <= options.tight_outline_max_rms_mm;
  };
  // The fit found an outline near the silhouette's pose (farther, it locked onto another).
  const auto fitted_near = [&](const PyramidHypothesis& pose, const PyramidFit& fit) {
    return fit.accepted && cv::norm(fit.placement.position_mm - pose.placement.position_mm) <=
                               options.max_refit_shift_mm;
  };
  // A blob of one colour that a single pyramid overlaps loosely and a nested pair better is
  // that pair, unless the single one's outline is met tightly: a pyramid on a cloth of its
  // colour loses part of its blob to the cloth, which a pair may fill better (held-out Ice
  // Boule seed 138: a large green target on green felt, read with a small one nested on it).
  const auto single_outline_holds = [&](size_t i) {
    if (singles[i].overlap < options.min_overlap) return false;
    const PyramidFit fit = FitPyramid(context.frame, context.mapping, context.view,
                                      shapes_[singles[i].size], singles[i].placement, options.fit);
    return fitted_near(singles[i], fit) && tight_outline(fit);
  };
  for (size_t i = 0; i < blobs.size(); ++i) {
    if (used[i] || single_overlap(i) >= options.stack_below_overlap) continue;
    const auto [stack, overlap] = same_colour_pair(blobs[i]);
    if (overlap >= options.min_same_colour_stack_overlap &&
        overlap - single_overlap(i) >= options.min_same_colour_stack_gain &&
        !single_outline_holds(i)) {
      used[i] = true;
      add_stack(stack, blobs[i].colour, blobs[i].colour);
    }
  }
  // The single pyramids, refined on their outline where it fixes the pose. The silhouette
  // alone may favour another size or pose (a blurred blob shrinks, a lying pyramid's shadow
  // lengthens it): unless the best one fits well, the others are tried in order of overlap
  // and the first whose outline is met tightly takes the blob.
  const auto outline_holds = [&](const PyramidHypothesis& pose, const PyramidFit& fit,
                                 bool best_pose) {
    return fitted_near(pose, fit) &&
           (tight_outline(fit) || (best_pose && pose.overlap >= options.min_single_overlap));
  };
  // Whether `fit` meets its outline clearly better than `held`, a loosely met one.
  const auto clearly_better_outline = [&](const PyramidFit& fit, const PyramidFit& held) {
    return fit.tight_support >= held.tight_support + options.better_outline.min_share_gain &&
           fit.rms_mm <= held.rms_mm;
  };
  // A pyramid at a silhouette's pose, or at its outline fit's where that holds.
  const auto make_hit = [&](size_t colour, const PyramidHypothesis& pose, const PyramidFit& fit,
                            bool fitted) {
    PyramidHit hit = silhouette_hit(colour, pose.size, pose.placement, pose.overlap);
    if (fitted) {
      hit.placement = fit.placement;
      hit.outline_fitted = true;
      hit.fit_sigma_mm = std::hypot(fit.position_sigma_mm,
                                    options.loose_outline_sigma_mm * (1 - fit.tight_support));
    }
    return hit;
  };
  // A pyramid in front of another, nearer the camera, hides part of it (held-out Ice Boule seed
  // 227: a small one landed behind a medium one of another colour, 67 % of its silhouette
  // overlapping what showed): the visible part of its silhouette says what it is, each of the
  // blob's best `hypotheses` placed where that part overlaps the blob best and the best of them
  // taken, as sure as that part is large. The other colours' cells beside the blob on the
  // camera's side may be such a pyramid (true when it is taken so): the blobs whose centre lies
  // there; and where a piece was seen to come to rest, of those reaching farther (two pyramids
  // of one colour touching in front, held-out Ice Boule seed 209), the cells that do (anywhere,
  // that found a false pyramid on evaluation seed 90 and two on 1001-1100).
  const auto seen_behind = [&](const PyramidCandidate& blob,
                               const std::vector<PyramidHypothesis>& hypotheses) {
    if (hypotheses.empty()) return false;
    const bool expected = context.NearExpected(Vec(blob.centroid_mm));
    const cv::Point2d away =
        context.view.SeenAt(blob.centroid_mm, largest_height) - blob.centroid_mm;
    const double reach = options.stack_reach_bases * largest_base;
    const auto in_front = [&](const cv::Point2d& at) {
      const cv::Point2d toward = at - blob.centroid_mm;
      return toward.dot(away) < 0 && cv::norm(toward) <= reach;
    };
    PyramidCandidate hiding;
    hiding.cell_area_mm2 = blob.cell_area_mm2;
    const auto take = [&](const PyramidCandidate& part) {
      if (part.colour == blob.colour) return;
      if (in_front(part.centroid_mm)) {
        hiding.cells.insert(hiding.cells.end(), part.cells.begin(), part.cells.end());
      } else if (expected) {
        std::copy_if(part.cells.begin(), part.cells.end(), std::back_inserter(hiding.cells),
                     in_front);
      }
    };
    std::for_each(blobs.begin(), blobs.end(), take);
    std::for_each(map.fragments.begin(), map.fragments.end(), take);
    if (hiding.cells.empty()) return false;
    std::sort(hiding.cells.begin(), hiding.cells.end(),
              [](const auto& a, const auto& b) { return a.y < b.y || (a.y == b.y && a.x < b.x); });
    std::optional<PyramidHypothesis> best;
    for (const PyramidHypothesis& pose : hypotheses) {
      PyramidHypothesis behind =
          PlaceBehind(blob, hiding, shapes_[pose.size], pose, context.view, options.pose_search);
      if (!best || behind.overlap > best->overlap) best = behind;
    }
    if (best->overlap < options.min_behind_overlap) return false;
    PyramidHit hit = silhouette_hit(blob.colour, best->size, best->placement, best->overlap);
    // Placed by a part of its silhouette: the smaller the part, the less sure.
    hit.fit_sigma_mm /=
        std::max(0.1, 1 - HiddenShare(hiding, shapes_[best->size], best->placement, context.view));
    hits.push_back(hit);
    return true;
  };
  // A blob no single pyramid explains (none of its silhouettes is near its area) that two of
  // them could: not larger than two of the largest silhouettes.
  const auto pair_sized = [&](const PyramidCandidate& blob) {
    double largest = 0;
    for (const PyramidShape& shape : shapes_) {
      for (const PyramidPose pose : {PyramidPose::kUpright, PyramidPose::kLying}) {
        PyramidPlacement placement;
        placement.pose = pose;
        placement.position_mm = blob.centroid_mm;
        largest = std::max(largest,
                           SilhouetteOf(PyramidVertices(shape, placement), context.view).AreaMm2());
      }
    }
    const double ratio = blob.AreaMm2() / std::max(largest, 1e-9);
    return ratio <= 2 * options.pose_search.max_area_ratio;
  };
  // Two pyramids side by side as `pair` shows them, where the blob's single one (or nested
  // pair) that overlaps it `refused_overlap` is refused: added to the hits (true) when their
  // outlines or silhouettes say so; each is as sure as the pair's overlap.
  const auto take_pair = [&](const PyramidCandidate& blob, const PyramidSideBySideHypothesis& pair,
                             double refused_overlap, bool left_by_peel) {
    const bool silhouettes_suffice =
        pair.overlap >= (left_by_peel ? options.side_by_side.peeled_silhouettes_alone_overlap
                                      : options.side_by_side.silhouettes_alone_overlap) &&
        pair.overlap >= refused_overlap + options.side_by_side.silhouettes_alone_gain;
    struct Part {
      const PyramidHypothesis* pose;
      PyramidFit fit;
      bool tight;
    };
    const auto part_at = [&](const PyramidHypothesis& pose) {
      PyramidFit fit = FitPyramid(context.frame, context.mapping, context.view, shapes_[pose.size],
                                  pose.placement, options.fit);
      const bool tight = fit.accepted && fit.tight_support >= options.side_by_side.min_tight_share;
      return Part{&pose, std::move(fit), tight};
    };
    // Each part at its best pose; and, where its outline is not met tightly there, at the
    // first other pose where it is (a pyramid beside another may overlap its part best lying),
    // or where it is met there on less than the full share, at another pose met clearly better.
    const auto settled = [&](const Part& part) {
      return part.tight && (!options.side_by_side.switch_to_clearly_better ||
                            part.fit.tight_support >= options.better_outline.full_share);
    };
    std::vector<Part> best;
    std::vector<Part> switched;
    for (const auto& [pose, others] : {std::pair(&pair.first, &pair.first_others),
                                       std::pair(&pair.second, &pair.second_others)}) {
      best.push_back(part_at(*pose));
      switched.push_back(best.back());
      for (const PyramidHypothesis& other : *others) {
        if (settled(switched.back())) break;
        if (other.overlap < options.min_overlap) continue;
        Part trial = part_at(other);
        if (trial.tight &&
            (!switched.back().tight || clearly_better_outline(trial.fit, switched.back().fit)))
          switched.back() = std::move(trial);
      }
    }
    // The other poses stand where they explain the blob nearly as well as the best ones: an
    // outline met tightly elsewhere is no proof (a lying pyramid beside an upright one, met
    // at an upright pose that explains their blob 0.10 worse).
    std::vector<Part>* parts = &best;
    double overlap = pair.overlap;
    if (switched[0].pose != best[0].pose || switched[1].pose != best[1].pose) {
      const double switched_overlap = SideBySideOverlap(
          blob, *switched[0].pose, *switched[1].pose, shapes_, context.view, options.side_by_side);
      if (switched_overlap >= 0 &&
          switched_overlap >= pair.overlap - options.side_by_side.max_switch_loss) {
        parts = &switched;
        overlap = switched_overlap;
      }
    }
    const int tight_outlines = static_cast<int>((*parts)[0].tight) + (*parts)[1].tight;
    const bool outlines_met = tight_outlines == 2 && overlap >= options.min_side_by_side_overlap &&
                              overlap >= refused_overlap + options.min_side_by_side_gain;
    const bool one_outline_suffices =
        tight_outlines >= 1 && overlap >= options.side_by_side.one_outline_overlap &&
        overlap >= refused_overlap + options.side_by_side.one_outline_gain;
    if (!outlines_met && !silhouettes_suffice && !one_outline_suffices) return false;
    for (const Part& part : *parts) {
      PyramidHit hit = make_hit(blob.colour, *part.pose, part.fit,
                                part.tight && outline_holds(*part.pose, part.fit, true));
      hit.overlap = overlap;
      hits.push_back(hit);
    }
    return true;
  };
  // Two pyramids side by side where the blob's single one (`single` overlap, -1: none
  // plausible) is refused: the best pair taken.
  const auto side_by_side = [&](const PyramidCandidate& blob, double single, double refused_overlap,
                                bool left_by_peel = false) {
    if (single < options.side_by_side.min_single_overlap && !(single < 0 && pair_sized(blob)))
      return false;
    for (const PyramidSideBySideHypothesis& pair : SearchSideBySidePoses(
             blob, shapes_, context.view, options.pose_search, options.side_by_side)) {
      if (pair.overlap >= options.min_side_by_side_overlap &&
          pair.overlap >= refused_overlap + options.min_side_by_side_gain &&
          take_pair(blob, pair, refused_overlap, left_by_peel))
        return true;
    }
    return false;
  };
  // A blob to explain (found, or left where others were peeled off one) and its best single
  // pyramids' poses.
  struct Blob {
    PyramidCandidate cells;
    std::vector<PyramidHypothesis> poses;
    int peeled = 0;                      // pyramids peeled off the blob it is left of ...
    std::vector<rules::Polygon> beside;  // ... and their footprints
  };
  std::deque<Blob> queue;
  for (size_t i = 0; i < blobs.size(); ++i) {
    if (!used[i]) queue.push_back({blobs[i], std::move(poses[i]), 0, {}});
  }
  double smallest_silhouette = std::numeric_limits<double>::infinity();
  for (const PyramidShape& shape : shapes_) {
    PyramidPlacement placement;
    smallest_silhouette =
        std::min(smallest_silhouette,
                 SilhouetteOf(PyramidVertices(shape, placement), context.view).AreaMm2());
  }
  // The pyramid whose outline is met most tightly peeled off a blob that neither one nor two
  // explain, and the rest of the blob queued (true when one was).
  const auto peel = [&](const Blob& blob) {
    const PyramidPeelOptions& peel_options = options.peel;
    if (!peel_options.enabled || blob.peeled >= peel_options.max_peeled) return false;
    // Too small to hold a pyramid and what is left of another beside it.
    if (blob.cells.AreaMm2() < (1 + options.pose_search.min_area_ratio) * smallest_silhouette)
      return false;
    std::optional<std::pair<PyramidHypothesis, PyramidFit>> best;
    for (const PyramidHypothesis& pose :
         PeelCandidates(blob.cells, shapes_, context.view, options.pose_search,
                        options.side_by_side, peel_options)) {
      if (SilhouetteCover(blob.cells, shapes_[pose.size], pose.placement, context.view) <
          peel_options.min_cover)
        continue;
      PyramidFit fit = FitPyramid(context.frame, context.mapping, context.view, shapes_[pose.size],
                                  pose.placement, options.fit);
      if (fitted_near(pose, fit) && fit.tight_support >= peel_options.min_tight_share &&
          (!best || fit.Score() > best->second.Score()))
        best.emplace(pose, std::move(fit));
    }
    if (!best) return false;
    const auto& [pose, fit] = *best;
    hits.push_back(make_hit(blob.cells.colour, pose, fit, true));
    std::vector<rules::Polygon> beside = blob.beside;
    beside.push_back(PyramidFootprint(shapes_[pose.size], fit.placement));
    const PyramidSilhouette taken =
        SilhouetteOf(PyramidVertices(shapes_[pose.size], fit.placement), context.view);
    // What is left smaller than any pyramid's silhouette could show is its shading's rim.
    for (PyramidCandidate& rest : BlobRemainder(
             blob.cells, taken, options.pose_search.min_area_ratio * smallest_silhouette)) {
      std::vector<PyramidHypothesis> rest_poses =
          SearchPyramidPoses(rest, shapes_, context.view, options.pose_search);
      queue.push_back({std::move(rest), std::move(rest_poses), blob.peeled + 1, beside});
    }
    return true;
  };
  // Explains a blob: adds its pyramids to the hits, queues what is left where one is peeled
  // off, or rejects it.
  const auto explain = [&](const Blob& item) {
    const PyramidCandidate& blob = item.cells;
    const double single = item.poses.empty() ? -1 : item.poses.front().overlap;
    if (single < options.min_overlap) {
      if (side_by_side(blob, single, std::max(single, 0.0)) || peel(item)) return;
      // What is left where one was peeled off, and can be peeled no further: a pair by their
      // silhouettes alone, more loosely.
      if (item.peeled > 0 && side_by_side(blob, single, std::max(single, 0.0), true)) return;
      context.Reject(
          ObservedKind::kPyramid, "fit",
          "no pyramid's silhouette fits the blob (best overlap " + TwoDecimals(single) + ")",
          blob.centroid_mm);
      return;
    }
    const PyramidHypothesis* chosen = &item.poses.front();
    PyramidFit fit;
    bool fitted = false;
    for (const PyramidHypothesis& pose : item.poses) {
      if (pose.overlap < options.min_overlap) break;
      const bool best_pose = &pose == &item.poses.front();
      PyramidFit trial = FitPyramid(context.frame, context.mapping, context.view,
                                    shapes_[pose.size], pose.placement, options.fit);
      fitted = outline_holds(pose, trial, best_pose);
      if (best_pose || fitted) {
        chosen = &pose;
        fit = std::move(trial);
      }
      if (fitted || (best_pose && pose.overlap >= options.min_unfitted_overlap)) break;
    }
    // The best silhouette's outline not met throughout: another that overlaps nearly as well
    // and whose outline is met clearly better takes the blob; upright at its size for one
    // lying and met loosely (an upright pyramid on a table of its own colour loses its shaded
    // faces to the table, and its lit ones read lying), or another size in its pose whose
    // outline is met tightly (a small pyramid's shadow on a cloth of its colour joins its
    // blob, which a larger one overlaps better and whose outline the small one's edges meet
    // in part; where neither outline is met tightly, the better one is no surer: held-out Ice
    // Boule seed 49's medium target, 0.56 at 0.37 mm, small 0.63 at 0.31 mm).
    if (fitted && chosen == &item.poses.front() &&
        fit.tight_support < options.better_outline.full_share) {
      const PyramidHypothesis& loose = *chosen;
      const bool loosely = !tight_outline(fit);
      for (const PyramidHypothesis& other : item.poses) {
        if (other.overlap <
            std::max(options.min_overlap, loose.overlap - options.better_outline.overlap_margin))
          break;
        const bool stood_up = loosely && loose.placement.pose == PyramidPose::kLying &&
                              other.placement.pose == PyramidPose::kUpright &&
                              other.size == loose.size;
        const bool resized =
            other.placement.pose == loose.placement.pose && other.size != loose.size;
        if (!stood_up && !resized) continue;
        PyramidFit trial = FitPyramid(context.frame, context.mapping, context.view,
                                      shapes_[other.size], other.placement, options.fit);
        if (fitted_near(other, trial) && clearly_better_outline(trial, fit) &&
            (stood_up || tight_outline(trial))) {
          chosen = &other;
          fit = std::move(trial);
          break;
        }
      }
    }
    const PyramidHypothesis& best = *chosen;
    if (best.overlap < options.min_single_overlap && !fitted) {
      if (side_by_side(blob, single, best.overlap) || peel(item) || seen_behind(blob, item.poses))
        return;
      context.Reject(ObservedKind::kPyramid, "fit",
                     "silhouette fits the blob loosely (overlap " + TwoDecimals(best.overlap) +
                         ") and the outline not tightly (" +
                         (fit.accepted ? "tight share " + TwoDecimals(fit.tight_support) +
                                             ", rms " + TwoDecimals(fit.rms_mm) + " mm"
                                       : fit.reason) +
                         ")",
                     blob.centroid_mm);
      return;
    }
    const PyramidHit hit = make_hit(blob.colour, best, fit, fitted);
    if (!hit.outline_fitted && hit.overlap < options.min_unfitted_overlap) {
      // An outline no single pyramid has, of a blob a single one overlaps loosely: two of
      // one size nested, whose silhouette is a single one's raised a fifth higher, or two
      // side by side.
      std::optional<std::pair<PyramidStackHypothesis, double>> nested;
      // (Not where a piece was seen to come to rest: a catapult is set down by hand, and there
      // the silhouette alone says what it is.)
      std::string nested_tried;
      if (options.nested_alike_pairs && !context.NearExpected(Vec(blob.centroid_mm))) {
        nested = same_colour_pair(blob);
        nested_tried = ", nested pair " + TwoDecimals(nested->second);
        if (nested->second < options.min_nested_alike_overlap ||
            nested->second < hit.overlap - options.nested_alike_slack)
          nested.reset();
      }
      if (side_by_side(blob, single, nested ? std::max(hit.overlap, nested->second) : hit.overlap))
        return;
      if (nested) {
        add_stack(nested->first, blob.colour, blob.colour);
        return;
      }
      // Where a piece was seen to come to rest, its silhouette alone says what it is; partly
      // hidden by one in front, the part in view (held-out Ice Boule seed 209: an upright
      // target behind two of another colour overlapped its blob best lying).
      if (context.NearExpected(Vec(blob.centroid_mm)) &&
          hit.overlap >= options.min_expected_overlap) {
        if (!seen_behind(blob, item.poses)) hits.push_back(hit);
        return;
      }
      if (peel(item) || seen_behind(blob, item.poses)) return;
      context.Reject(ObservedKind::kPyramid, "fit",
                     (fit.accepted ? std::string("outline fit left the silhouette") : fit.reason) +
                         " (overlap " + TwoDecimals(hit.overlap) + ", support " +
                         TwoDecimals(fit.support) + ", tight share " +
                         TwoDecimals(fit.tight_support) + nested_tried + ")",
                     hit.placement.position_mm);
      return;
    }
    // A single pyramid whose outline holds but whose silhouette leaves much of its blob
    // unexplained may be two side by side, whose joint outline passes for a larger lying one.
    if (hit.outline_fitted && hit.overlap < options.side_by_side.recheck_fitted_below &&
        side_by_side(blob, single, hit.overlap + options.side_by_side.fitted_single_margin))
      return;
    hits.push_back(hit);
  };
  for (; !queue.empty(); queue.pop_front()) {
    const Blob& item = queue.front();
    const size_t first_hit = hits.size();
    explain(item);
    // Solid pyramids do not pass into those peeled off beside them: where the rest of a blob
    // is explained so, it is not.
    const auto passes_into_peeled = [&](const PyramidHit& hit) {
      const rules::Polygon footprint = PyramidFootprint(shapes_[hit.size], hit.placement);
      return std::any_of(item.beside.begin(), item.beside.end(), [&](const rules::Polygon& other) {
        return FootprintOverlap(footprint, other) > options.peel.max_footprint_overlap;
      });
    };
    if (std::any_of(hits.begin() + static_cast<std::ptrdiff_t>(first_hit), hits.end(),
                    passes_into_peeled)) {
      hits.resize(first_hit);
      context.Reject(ObservedKind::kPyramid, "fit",
                     "what is left of a blob peeled off passes into the pyramid taken from it",
                     item.cells.centroid_mm);
    }
  }

  context.timer.Start("refine");
  PlaceSmallPyramidsByTheirLook(hits, shapes_, context.frame, context.mapping, options);

  context.timer.Start("classify");
  for (const PyramidHit& hit : hits) {
    const PyramidShape& shape = shapes_[hit.size];
    ObservedPiece piece;
    piece.kind = ObservedKind::kPyramid;
    piece.colour = colours_.Name(hit.colour);
    piece.size = context.set.pyramid_sizes[hit.size].name;
    const bool upright = hit.placement.pose == PyramidPose::kUpright;
    piece.pose = upright ? "upright" : "lying";
    piece.position_mm = Vec(hit.placement.position_mm);
    // Upright: the base square's turn, within 0..90; lying: the apex's direction.
    double angle = hit.placement.angle_deg;
    angle = upright ? angle - 90 * std::floor(angle / 90) : angle - 360 * std::floor(angle / 360);
    piece.angle_deg = angle;
    if (hit.on_top_of >= 0) piece.on_top_of = hit.on_top_of;
    piece.footprint = PyramidFootprint(shape, hit.placement);
    const cv::Point2d at = hit.placement.position_mm;
    const calibration::MappedPoint mapped = context.mapping.ImageToTableWithSigma(
        context.mapping.TableToImage(cv::Vec3d(at.x, at.y, 0)), 0, 0);
    piece.sigma_mm = Hypot3(hit.fit_sigma_mm, mapped.sigma_mm, options.model_sigma_mm);
    piece.calibration_sigma_mm = mapped.sigma_mm;
    piece.confidence = std::clamp(hit.overlap, 0.0, 1.0);
    pieces.push_back(std::move(piece));
  }
  context.timer.Stop();
  if (context.options.debug_images) {
    cv::Mat labels;
    map.labels.convertTo(labels, CV_8U, 255.0 / std::max<size_t>(colours_.Count(), 1));
    context.detection.debug_images.emplace_back("pyramid_colours", labels);
  }
  return pieces;
}

}  // namespace tabref::vision
