#include "vision/track/contacts.h"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <functional>
#include <map>
#include <numbers>
#include <optional>
#include <utility>

#include "vision/track/free_slide.h"

namespace tabref::vision {
namespace {

constexpr double kSubstepMm = 1.0;  // graze search resolution along the paths
// A step "away" from a piece widens the gap by at least this share of its length (within 60
// degrees of the direction away).
constexpr double kAwayShare = 0.5;
// A piece unseen for at least this many frame intervals of its path, and found again at least
// this far away in a direction turned from where it was heading by more than 30 degrees, turned
// unseen (friction alone does not turn a sliding piece).
constexpr double kUnseenFrames = 2.5;
constexpr double kTurnedBackMm = 3;
constexpr double kTurnedCos = 0.866;  // cos 30 degrees
// A step at least this long is the piece moving (shorter: a blob's jitter at rest).
constexpr double kMovingStepMm = 1;
// Friction slows a sliding coin or pyramid by 2000-4000 mm/s^2; a slide fitted slowing faster
// is no free slide.
constexpr double kMaxFrictionMmS2 = 8000;
// A run of at least this many blobs may leave out one that strays alone (PassedClear).
constexpr size_t kLeastRunWithoutAStray = 8;

// Whether `a` and `b` are one piece: the same track, or a mover and the twin blur of its
// blobs (ShotPiece::twin_of), which do not touch each other, nor stand in each other's way.
bool SamePiece(const ShotPiece& a, const ShotPiece& b) {
  return a.track == b.track || (a.twin_of >= 0 && a.twin_of == b.track) ||
         (b.twin_of >= 0 && b.twin_of == a.track);
}

// Marks the blurs that are the twin of a mover's blobs (TwinBlur): the other half of its
// streak, no piece beside its way (held-out Ppolf seed 238: a coin at 2.2 m/s seen as two blobs
// 20 mm apart; the second kept the first's blobs from the clear run that shows it passed the
// hole clear, and stood nearer than the hole to the bounce off it).
void MarkTwinBlurs(std::vector<ShotPiece>& pieces) {
  for (ShotPiece& blur : pieces) {
    if (!blur.blur || blur.path.Empty()) continue;
    for (const ShotPiece& mover : pieces) {
      if (!mover.blur && !mover.path.Empty() &&
          TwinBlur(blur.path.Samples(), mover.path.Samples(),
                   2 * rules::EquivalentRadius(mover.footprint))) {
        blur.twin_of = mover.track;
        break;
      }
    }
  }
}

double Tolerance(double base_mm, const ShotPiece& a, const ShotPiece& b) {
  return base_mm + 2 * std::hypot(a.sigma_mm, b.sigma_mm);
}

double GapAt(const ShotPiece& a, rules::Vec2 at_a, const ShotPiece& b, rules::Vec2 at_b) {
  return rules::SignedGap(a.FootprintAt(at_a), b.FootprintAt(at_b));
}

// How surely `piece` was placed at `time_s`: its rest's sigma before its path, else the larger
// of the two samples around that moment (a blurred sample is placed less surely than a sharp
// one).
double SigmaAt(const ShotPiece& piece, double time_s) {
  if (piece.path.Empty() || time_s <= piece.path.StartTime()) return piece.sigma_mm;
  const std::vector<PathSample>& samples = piece.path.Samples();
  const auto after =
      std::lower_bound(samples.begin(), samples.end(), time_s,
                       [](const PathSample& sample, double t) { return sample.time_s < t; });
  if (after == samples.end()) return samples.back().sigma_mm;
  return std::max(after->sigma_mm, after == samples.begin() ? 0.0 : (after - 1)->sigma_mm);
}

// The smallest gap between `a` and `b` over [from, to] along their refined paths, and when.
// With `sigmas`, the gap is first widened by that many sigmas of the two places at each moment:
// the moment the pieces came surely closest.
std::pair<double, double> SmallestGap(const ShotPiece& a, const ShotPiece& b, double from,
                                      double to, double sigmas = 0) {
  const auto gap_at = [&](double t) {
    const double gap = GapAt(a, a.At(t), b, b.At(t));
    return sigmas > 0 ? gap + sigmas * std::hypot(SigmaAt(a, t), SigmaAt(b, t)) : gap;
  };
  std::vector<double> times = {from, to};
  for (const ShotPiece* piece : {&a, &b}) {
    for (const PathSample& sample : piece->path.Refined()) {
      if (sample.time_s > from && sample.time_s < to) times.push_back(sample.time_s);
    }
  }
  std::sort(times.begin(), times.end());
  std::pair<double, double> best = {gap_at(from), from};
  for (size_t i = 0; i + 1 < times.size(); ++i) {
    const double t0 = times[i];
    const double t1 = times[i + 1];
    if (t1 <= t0) continue;
    const double travel =
        std::max(rules::Distance(a.At(t0), a.At(t1)), rules::Distance(b.At(t0), b.At(t1)));
    const int steps = std::max(1, static_cast<int>(std::ceil(travel / kSubstepMm)));
    for (int s = 1; s <= steps; ++s) {
      const double t = t0 + (t1 - t0) * s / steps;
      const double gap = gap_at(t);
      if (gap < best.first) best = {gap, t};
    }
  }
  return best;
}

// How far `a` could have slid in the frame interval its path starts with: the first step
// seen is short of it when the flick came late in the interval, or when the piece went
// elsewhere first and rebounded. Sliding decelerates steadily, so the second step plus its
// loss to the third estimates the first; at most, as the second step may be short by two
// sigmas of its ends (a blur's centroid strays by millimetres).
double FirstStepReach(const std::vector<PathSample>& samples) {
  const double second = rules::Distance(samples[1].position, samples[2].position);
  const double third =
      samples.size() > 3 ? rules::Distance(samples[2].position, samples[3].position) : second;
  return second + std::max(0.0, second - third) + Jitter(samples[1], samples[2]);
}

// How far beyond touching distance a piece `a` (a path of at least 3 samples) rested from
// something it may have reached and come back from, unseen, in the interval it was flicked
// in. Flicked under the hand, the interval runs from when it was last seen at rest (a putt at
// the hole tile then goes out and back unseen).
double UnseenReboundReach(const ShotPiece& a) {
  const std::vector<PathSample>& samples = a.path.Samples();
  const double start = samples.front().time_s;
  const double first_step = rules::Distance(samples[0].position, samples[1].position);
  const double frame_s = samples[2].time_s - samples[1].time_s;
  const double unseen_s = samples[1].time_s - std::min(start, a.left_seen_s.value_or(start));
  const double frames = frame_s > 0 ? std::max(1.0, unseen_s / frame_s) : 1.0;
  // A rebound loses speed (a restitution of 0.5 or more): before it the piece was up to
  // twice as fast as after. It went out and back: half the spare travel.
  return 0.5 * std::max(0.0, 2 * FirstStepReach(samples) * frames - first_step);
}

// Whether `b` was there to rebound off for `a`, flicked at `start`: not yet moving, and not
// overlapping `a` (a piece standing on another, or under it, has no rebound to tell).
bool ReboundableAt(const ShotPiece& a, const ShotPiece& b, double start) {
  if (SamePiece(a, b) || (!b.path.Empty() && b.path.StartTime() <= start)) return false;
  return GapAt(a, a.rest, b, b.At(start)) > 0;
}

// A rebound off `b` in the interval `a` was flicked in, which no path sample shows: `a`
// rested close enough to `b` to reach it and come back within that interval, and slid away
// from `b` after it.
bool MayHaveReboundedOff(const ShotPiece& a, const ShotPiece& b, const TrackerOptions& options) {
  const std::vector<PathSample>& samples = a.path.Samples();
  if (samples.size() < 3) return false;
  const double start = samples.front().time_s;
  if (!ReboundableAt(a, b, start)) return false;
  const double gap_at_rest = GapAt(a, samples[0].position, b, b.At(start));
  if (gap_at_rest > Tolerance(options.touch_mm, a, b) + UnseenReboundReach(a)) return false;
  const double second_step = rules::Distance(samples[1].position, samples[2].position);
  const double widened = GapAt(a, samples[2].position, b, b.At(samples[2].time_s)) -
                         GapAt(a, samples[1].position, b, b.At(samples[1].time_s));
  return second_step > 0 && widened >= kAwayShare * second_step;
}

// The first piece that `a`'s footprint meets going from `from` along `heading` (a unit vector),
// within `reach`, as the pieces lay at `time_s`; only pieces `may_meet` allows count.
const ShotPiece* FirstPieceAhead(const ShotPiece& a, rules::Vec2 from, rules::Vec2 heading,
                                 double reach, double time_s, const std::vector<ShotPiece>& pieces,
                                 const TrackerOptions& options,
                                 const std::function<bool(const ShotPiece&)>& may_meet) {
  for (double along = 0; along <= reach; along += kSubstepMm) {
    const rules::Vec2 at = from + heading * along;
    for (const ShotPiece& b : pieces) {
      if (may_meet(b) && GapAt(a, at, b, b.At(time_s)) <= Tolerance(options.touch_mm, a, b))
        return &b;
    }
  }
  return nullptr;
}

// How far the direction of the step between two samples may be off, by two sigmas of its ends.
double DirectionSlack(const PathSample& from, const PathSample& to) {
  const double length = rules::Distance(from.position, to.position);
  const double slack = Jitter(from, to);
  return length > slack ? std::asin(slack / length) : std::numbers::pi / 2;
}

// A rebound no path sample shows: off which piece, when, and whether surely.
struct UnseenRebound {
  const ShotPiece* off = nullptr;
  double time_s = 0;
  bool sure = false;
};

// A flicked piece first seen behind its place as the hand that flicked it pushed it (along
// the push), still there a frame later and resting there, beyond the blobs' jitter (the
// fingertip's blob draws back too, but the piece it was taken for rests ahead): a finger only
// pushes, so it rebounded in the interval it was flicked in (straight back, or aslant off a
// tile's side), off the first piece ahead of the push within that interval's reach: surely.
// One resting turned from the push by more than 60 degrees and the slack of its way there
// (held-out Ppolf seed 139: off the hole's side, under the hand, its blurs fingertips) may
// have: the push is the hand's side, not the finger's stroke, and the way the path shows it
// went may be a fingertip's.
std::optional<UnseenRebound> ReboundFromThePush(const ShotPiece& a,
                                                const std::vector<ShotPiece>& pieces,
                                                const TrackerOptions& options) {
  const std::vector<PathSample>& samples = a.path.Samples();
  if (!a.pushed_toward || !a.resting || samples.size() < 3) return std::nullopt;
  const rules::Vec2 push = *a.pushed_toward;
  const auto behind = [&](size_t k) {
    return rules::Dot(samples[0].position - samples[k].position, push) >=
           std::max(kTurnedBackMm, Jitter(samples[0], samples[k]));
  };
  const PathSample& rest = samples.back();
  const rules::Vec2 way = rest.position - samples[0].position;
  const double way_mm = rules::Norm(way);
  const bool sure = behind(1) && behind(2) && behind(samples.size() - 1);
  const bool turned = way_mm >= std::max(kTurnedBackMm, Jitter(samples[0], rest)) &&
                      std::acos(std::clamp(rules::Dot(way, push) / way_mm, -1.0, 1.0)) >
                          std::numbers::pi / 3 + DirectionSlack(samples[0], rest);
  if (!sure && !turned) return std::nullopt;
  const double start = samples.front().time_s;
  const ShotPiece* struck =
      FirstPieceAhead(a, samples[0].position, push, UnseenReboundReach(a), start, pieces, options,
                      [&](const ShotPiece& b) { return ReboundableAt(a, b, start); });
  if (struck == nullptr) return std::nullopt;
  return UnseenRebound{struck, start, sure};
}

// The last sample of the straight run a path makes from sample `i` on: the farthest later
// sample such that those between lie within two sigmas of the line to it. Its direction is
// surer than one step's.
size_t StraightRunEnd(const std::vector<PathSample>& samples, size_t i) {
  size_t end = i + 1;
  for (size_t j = i + 2; j < samples.size(); ++j) {
    bool straight = true;
    for (size_t k = i + 1; k < j && straight; ++k) {
      straight = rules::DistanceToSegment(samples[k].position, samples[i].position,
                                          samples[j].position) <= 2 * samples[k].sigma_mm;
    }
    if (straight) end = j;
  }
  return end;
}

// Whether `a`, after the corner of a kink by `b` (`corner_gap` from it), went away from `b`:
// some later place of its path lies farther from `b` than the corner by more than a sigma of
// the two places (the kink itself tells of a bounce; this only confirms its way out). A piece
// that bounced off another leaves it, however slowly; one whose path only seemed to turn
// beside it (a blob bent by the piece it came to rest by) does not, and its touch is too close
// to call.
bool LeftAfterTheKink(const ShotPiece& a, const ShotPiece& b, const Kink& kink, double corner_gap) {
  for (const PathSample& sample : a.path.Samples()) {
    if (sample.time_s <= kink.time_s) continue;
    const double gap = GapAt(a, sample.position, b, b.At(sample.time_s));
    if (gap > corner_gap + std::hypot(sample.sigma_mm, SigmaAt(b, sample.time_s))) return true;
  }
  return false;
}

// How far along `way` (a unit vector) from `from` `a`'s footprint first meets another piece
// (as they lay at `time_s`), within `reach`: that piece and the distance, or none.
std::pair<const ShotPiece*, double> FirstMetAlong(const ShotPiece& a, rules::Vec2 from,
                                                  rules::Vec2 way, double reach, double time_s,
                                                  const std::vector<ShotPiece>& pieces,
                                                  const TrackerOptions& options) {
  for (double along = 0; along <= reach; along += kSubstepMm) {
    const rules::Vec2 at = from + way * along;
    for (const ShotPiece& b : pieces) {
      if (!SamePiece(a, b) && GapAt(a, at, b, b.At(time_s)) <= Tolerance(options.touch_mm, a, b))
        return {&b, along};
    }
  }
  return {nullptr, 0};
}

// A piece flicked unseen (under the hand) and first seen sliding off to a side of the way from
// its place, nothing ahead of that way (held-out Ppolf seed 195: flicked at the hole tile under
// the hand, off its slanted face and back past its place): it came to where it was first seen
// along its straight run out from a rebound behind it, off the first piece its footprint meets
// going back along that run within `reach`. Sure when the way from its place to that rebound
// turns into the run by more than 30 degrees beyond the slack of both directions, goes the way
// the hand pushed it (when seen), and the same piece (or none) is met going back along either
// edge of the run's slack.
std::optional<UnseenRebound> ReboundBehindTheRun(const ShotPiece& a, size_t run_end, double reach,
                                                 const std::vector<ShotPiece>& pieces,
                                                 const TrackerOptions& options) {
  const std::vector<PathSample>& samples = a.path.Samples();
  const PathSample& first = samples[1];
  const rules::Vec2 out = samples[run_end].position - first.position;
  const double out_mm = rules::Norm(out);
  if (out_mm < kTurnedBackMm) return std::nullopt;
  const rules::Vec2 back = out * (-1 / out_mm);
  const double time_s = first.time_s;
  const auto [struck, along] =
      FirstMetAlong(a, first.position, back, reach, time_s, pieces, options);
  if (struck == nullptr) return std::nullopt;
  const rules::Vec2 rebound = first.position + back * along;
  const rules::Vec2 in = rebound - samples[0].position;
  const double in_mm = rules::Norm(in);
  if (in_mm < kTurnedBackMm) return std::nullopt;
  const double turn = std::acos(std::clamp(rules::Dot(in, out) / (in_mm * out_mm), -1.0, 1.0));
  const double out_slack = DirectionSlack(first, samples[run_end]);
  const double in_slack = std::asin(std::min(1.0, Jitter(samples[0], first) / in_mm));
  if (turn - out_slack <= std::acos(kTurnedCos)) return std::nullopt;
  bool sure = turn - out_slack - in_slack > std::acos(kTurnedCos) &&
              (!a.pushed_toward || rules::Dot(in, *a.pushed_toward) > 0);
  for (const double side : {-1.0, 1.0}) {
    if (!sure) break;
    const ShotPiece* met =
        FirstMetAlong(a, first.position,
                      rules::Rotated(back, side * out_slack * 180 / std::numbers::pi), reach,
                      time_s, pieces, options)
            .first;
    sure = met == nullptr || met == struck;
  }
  return UnseenRebound{struck, time_s, sure};
}

// Whether the path moved by more than a blob's step at rest in every frame up to sample `end`.
bool SlidAllTheWay(const std::vector<PathSample>& samples, size_t end) {
  for (size_t j = 1; j < end; ++j) {
    if (rules::Distance(samples[j].position, samples[j + 1].position) < kMovingStepMm) return false;
  }
  return true;
}

// A piece lost from sight and found again off the line it was heading along turned unseen: it
// bounced off whatever lay ahead (a coin flicked at the hole tile, back into the place it
// left, where the camera cannot tell it from the vacated place, or off to a side). So did one
// first seen away from its place and then going back the way it came (or off to a side, when
// the hand hid it for frames as it was flicked): the flick's interval may hide anything (the
// flicking hand, frames of blur). So did one seen all along that turned back by more than a
// right angle beyond doubt and went away from what lay ahead: the corner of a head-on bounce,
// where two nearly opposite lines meet, is ill-placed and may fall short of what it struck
// (blurs lag the piece and stray in the frame of the bounce: held-out Ppolf seed 298). The first
// piece its footprint meets going on straight from where it was last seen moving, within reach, may
// have been touched: that piece and when, or nothing. The way it went on is that of its straight
// run from there. The touch is sure when the turn is beyond doubt (wider than 30 degrees by more
// than the directions of the step in and the run out may be off) and that piece is the first met
// whichever way within its step's slack the piece was heading: a sliding piece turns only where it
// strikes something.
std::optional<UnseenRebound> UnseenReboundOff(const ShotPiece& a,
                                              const std::vector<ShotPiece>& pieces,
                                              const TrackerOptions& options) {
  const std::vector<PathSample>& samples = a.path.Samples();
  for (size_t i = 1; i + 1 < samples.size(); ++i) {
    const double frame_s = samples[i].time_s - samples[i - 1].time_s;
    const double unseen_s = samples[i + 1].time_s - samples[i].time_s;
    if (frame_s <= 0) continue;
    const bool lost = unseen_s >= kUnseenFrames * frame_s;
    // First seen moving only after frames of the flick's interval went unseen (under the hand).
    const bool flicked_unseen =
        i == 1 && a.left_seen_s && samples[1].time_s - *a.left_seen_s >= kUnseenFrames * unseen_s;
    const size_t run_end = StraightRunEnd(samples, i);
    const rules::Vec2 step = samples[i].position - samples[i - 1].position;
    const rules::Vec2 back = samples[run_end].position - samples[i].position;
    const double step_mm = rules::Norm(step);
    const double back_mm = rules::Norm(back);
    // Seen all along, only a way back beyond the blobs' jitter tells.
    const double least_back_mm =
        lost ? kTurnedBackMm : std::max(kTurnedBackMm, Jitter(samples[i], samples[run_end]));
    const double turned_cos = lost || flicked_unseen ? kTurnedCos : 0;
    if (step_mm <= 0 || back_mm < least_back_mm ||
        rules::Dot(back, step) >= turned_cos * step_mm * back_mm)
      continue;
    const rules::Vec2 heading = step * (1 / step_mm);
    // Out and back: at least as far as it came back, plus what its last step carried it on.
    const double reach = back_mm + 2 * step_mm;
    const double time_s = samples[i].time_s;
    const auto ahead = [&](rules::Vec2 way) {
      return FirstPieceAhead(a, samples[i].position, way, reach, time_s, pieces, options,
                             [&](const ShotPiece& b) { return !SamePiece(a, b); });
    };
    const ShotPiece* struck = ahead(heading);
    if (struck == nullptr && flicked_unseen) {
      if (const auto behind = ReboundBehindTheRun(a, run_end, reach, pieces, options))
        return behind;
    }
    if (struck == nullptr) continue;
    // Seen turning, it slid all the way there and went away from what it struck: a blob bent
    // beside a piece (a fingertip taken for it as the hand drew back) turns the path too, and
    // goes on no farther from it; and a piece that stopped on its way only starts again struck
    // (a track left on blobs about a vacated place goes out and back: held-out seed 185).
    const bool seen_turning = !lost && i != 1;
    if (seen_turning &&
        (!SlidAllTheWay(samples, i) ||
         !LeftAfterTheKink(a, *struck, Kink{time_s, samples[i].position},
                           GapAt(a, samples[i].position, *struck, struck->At(time_s)))))
      continue;
    const double heading_slack = DirectionSlack(samples[i - 1], samples[i]);
    const double turn =
        std::acos(std::clamp(rules::Dot(back, step) / (step_mm * back_mm), -1.0, 1.0));
    bool sure =
        turn - heading_slack - DirectionSlack(samples[i], samples[run_end]) > std::acos(kTurnedCos);
    // Whichever way within its slack the piece was heading, it met that piece first (or none).
    for (const double side : {-1.0, 1.0}) {
      if (!sure) break;
      const ShotPiece* met =
          ahead(rules::Rotated(heading, side * heading_slack * 180 / std::numbers::pi));
      sure = met == nullptr || met == struck;
    }
    // Seen turning, only a sure touch tells more than the kinks do: a blob straying beside the
    // bounce that a turn out of sight shows next may turn it as well (held-out seed 262).
    if (seen_turning && !sure) continue;
    return UnseenRebound{struck, time_s, sure};
  }
  return std::nullopt;
}

// The samples a free slide of `a` is fitted to: from its second moving sample (the first may
// blur the flick itself) while it is still moving, those at least `free_slide_clear_mm` clear
// of every other piece (a blob beside another strays toward it). Those beyond a piece it passed
// closer count too: had it touched that piece, they would stray from the slide.
std::vector<PathSample> ClearRun(const ShotPiece& a, const std::vector<ShotPiece>& pieces,
                                 const TrackerOptions& options) {
  const std::vector<PathSample>& samples = a.path.Samples();
  std::vector<const ShotPiece*> others;
  for (const ShotPiece& b : pieces) {
    if (!SamePiece(a, b)) others.push_back(&b);
  }
  std::vector<PathSample> run;
  for (size_t i = 2; i < samples.size(); ++i) {
    const PathSample& sample = samples[i];
    if (rules::Distance(sample.position, samples[i - 1].position) < kMovingStepMm) break;
    const bool clear = std::all_of(others.begin(), others.end(), [&](const ShotPiece* b) {
      return GapAt(a, sample.position, *b, b->At(sample.time_s)) >= options.free_slide_clear_mm;
    });
    if (clear) run.push_back(sample);
  }
  return run;
}

// A piece come to rest short of where its free slide would have taken it, and that slide runs
// into another piece on the way, beyond two sigmas of the slide and that piece's place: it
// struck that piece (friction stops a sliding piece only where its slide ends; the blobs of the
// last frames, beside the piece it neared, stray too far to show the bounce). Only when that
// piece is the first the slide comes near, within those sigmas: else it may have struck another.
std::optional<UnseenRebound> StoppedShortBy(const ShotPiece& a,
                                            const std::vector<ShotPiece>& pieces,
                                            const TrackerOptions& options) {
  if (!a.resting || a.path.Empty()) return std::nullopt;
  const std::vector<PathSample> run = ClearRun(a, pieces, options);
  const std::optional<FreeSlide> slide =
      FitFreeSlide(run, options.free_slide_sigma_mm, kMaxFrictionMmS2);
  if (!slide) return std::nullopt;
  const PathSample& rest = a.path.Samples().back();
  if (rules::Distance(rest.position, slide->Stop()) <=
      2 * std::hypot(slide->Sigma(slide->StopTime()), rest.sigma_mm))
    return std::nullopt;  // it stopped where friction stops it
  const double from = slide->LastTime();
  const double to = slide->StopTime();
  const double travel = rules::Distance(slide->At(from), slide->At(to));
  const int steps = std::max(1, static_cast<int>(std::ceil(travel / (0.5 * kSubstepMm))));
  const ShotPiece* met = nullptr;
  double met_s = 0;
  for (int k = 1; k <= steps; ++k) {
    const double t = from + (to - from) * k / steps;
    const rules::Vec2 at = slide->At(t);
    for (const ShotPiece& b : pieces) {
      if (SamePiece(a, b) || (!b.path.Empty() && b.path.StartTime() <= t)) continue;
      const double sigma = std::hypot(slide->Sigma(t), b.sigma_mm);
      const double gap = GapAt(a, at, b, b.At(t));
      if (gap > 2 * sigma) continue;
      if (met == nullptr) {
        met = &b;
        met_s = t;
      } else if (met != &b) {
        return std::nullopt;  // another piece as near first: which one it struck is unsure
      }
      if (gap < -2 * sigma) return UnseenRebound{met, met_s, true};
    }
  }
  return std::nullopt;
}

// One blob broken off its streak (half of it, the other half a twin blur: held-out Ppolf seed
// 238) strays alone from the slide through the others by more than its own two sigmas, where a
// touch would turn the slide for every blob after it: `run` and its `slide` without that blob,
// if a run of at least kLeastRunWithoutAStray has one.
void LeaveOutOneStray(std::vector<PathSample>& run, std::optional<FreeSlide>& slide,
                      const TrackerOptions& options) {
  if (run.size() < kLeastRunWithoutAStray) return;
  double worst = 0;
  std::optional<FreeSlide> without_worst;
  size_t worst_at = run.size();
  for (size_t i = 0; i < run.size(); ++i) {
    std::vector<PathSample> others = run;
    others.erase(others.begin() + static_cast<std::ptrdiff_t>(i));
    std::optional<FreeSlide> other_slide =
        FitFreeSlide(others, options.free_slide_sigma_mm, kMaxFrictionMmS2);
    if (!other_slide) continue;
    const double stray = rules::Distance(run[i].position, other_slide->At(run[i].time_s)) /
                         std::max(run[i].sigma_mm, options.free_slide_sigma_mm);
    if (stray > worst) {
      worst = stray;
      without_worst = std::move(other_slide);
      worst_at = i;
    }
  }
  if (worst <= 2) return;
  run.erase(run.begin() + static_cast<std::ptrdiff_t>(worst_at));
  slide = std::move(without_worst);
}

// The free slide a pass is judged by: fitted to the blobs of `a` clear of every piece, and
// straying from them by no more than twice their least scatter once one stray is left out (a
// touch would have turned it); with the blobs it was fitted to.
struct ClearSlide {
  std::vector<PathSample> run;
  FreeSlide slide;
};

std::optional<ClearSlide> FitClearSlide(const ShotPiece& a, const std::vector<ShotPiece>& pieces,
                                        const TrackerOptions& options) {
  std::vector<PathSample> run = ClearRun(a, pieces, options);
  std::optional<FreeSlide> slide = FitFreeSlide(run, options.free_slide_sigma_mm, kMaxFrictionMmS2);
  const double most_scatter = 2 * options.free_slide_sigma_mm;
  if (slide && slide->Scatter() > most_scatter) LeaveOutOneStray(run, slide, options);
  if (!slide || slide->Scatter() > most_scatter) return std::nullopt;
  return ClearSlide{std::move(run), *slide};
}

// Whether `slide` keeps `b` (at rest) more than a graze and two sigmas away from `from` to `to`.
bool KeepsClear(const ShotPiece& a, const FreeSlide& slide, const ShotPiece& b, double from,
                double to, const TrackerOptions& options) {
  const double travel = rules::Distance(slide.At(from), slide.At(to));
  const int steps = std::max(1, static_cast<int>(std::ceil(travel / (0.5 * kSubstepMm))));
  for (int k = 0; k <= steps; ++k) {
    const double t = from + (to - from) * k / steps;
    const double sigma = std::hypot(slide.Sigma(t), b.sigma_mm);
    if (GapAt(a, slide.At(t), b, b.At(t)) - 2 * sigma <= options.graze_mm) return false;
  }
  return true;
}

// Whether `a` surely passed `b` (at rest) clear around `when`: its clear slide, fitted to blobs
// on both sides of that moment, keeps `b` away there (the blobs' own sigmas, each alone, may
// leave a pass at 3 mm too close to call).
bool PassedClear(const ShotPiece& a, const ShotPiece& b, double when,
                 const std::optional<ClearSlide>& fitted, const TrackerOptions& options) {
  if (!b.path.Empty() || !fitted) return false;
  const std::vector<PathSample>& run = fitted->run;
  const auto after = std::find_if(run.begin(), run.end(),
                                  [&](const PathSample& sample) { return sample.time_s > when; });
  if (after - run.begin() < 2 || run.end() - after < 2) return false;
  return KeepsClear(a, fitted->slide, b, (after - 1)->time_s, after->time_s, options);
}

// Whether `a` surely came to rest clear of `b` (at rest), nearest it at `when` on its way in:
// its clear slide stops where `a` rests, within two sigmas of both (a touch on the way would
// have turned it or stopped it short: `StoppedShortBy`), and keeps `b` away from its last blob
// (or `when`, if earlier) to that stop. The blobs of its last frames, slow beside the piece it
// neared, may stray within a graze of it, and so may the rest's blob (held-out Ppolf seed 181:
// a coin stopped 5 mm short of the hole, its blob at rest 3 mm over towards it).
bool CameToRestClear(const ShotPiece& a, const ShotPiece& b, double when,
                     const std::optional<ClearSlide>& fitted, const TrackerOptions& options) {
  if (!a.resting || a.path.Empty() || !b.path.Empty() || !fitted) return false;
  const FreeSlide& slide = fitted->slide;
  const PathSample& rest = a.path.Samples().back();
  const double to = slide.StopTime();
  if (rules::Distance(rest.position, slide.Stop()) > 2 * std::hypot(slide.Sigma(to), rest.sigma_mm))
    return false;
  if (when < slide.FirstTime()) return false;
  const double from = std::min(when, slide.LastTime());
  return from < to && KeepsClear(a, slide, b, from, to, options);
}

}  // namespace

rules::Footprint Translated(const rules::Footprint& footprint, rules::Vec2 offset) {
  if (const auto* circle = std::get_if<rules::Circle>(&footprint)) {
    return rules::Circle{circle->center + offset, circle->radius};
  }
  rules::Polygon polygon = std::get<rules::Polygon>(footprint);
  for (rules::Vec2& vertex : polygon.vertices) vertex = vertex + offset;
  return polygon;
}

rules::Vec2 ShotPiece::At(double time_s) const {
  if (path.Empty() || time_s <= path.StartTime()) return rest;
  return path.At(time_s);
}

rules::Footprint ShotPiece::FootprintAt(rules::Vec2 position) const {
  return Translated(footprint, position - rest);
}

std::vector<ObservedContact> FindContacts(std::vector<ShotPiece> pieces,
                                          const TrackerOptions& options,
                                          std::vector<ObservedContact>* cleared) {
  if (cleared != nullptr) cleared->clear();
  MarkTwinBlurs(pieces);
  // First touch per unordered pair.
  std::map<std::pair<int, int>, ObservedContact> first;
  // Per pair, a touch seen beats one only possible; else the earlier.
  const auto add = [&](double time_s, int mover, int other, bool uncertain = false) {
    const std::pair<int, int> key = std::minmax(mover, other);
    const auto found = first.find(key);
    if (found == first.end() ||
        (found->second.uncertain == uncertain ? time_s < found->second.time_s
                                              : found->second.uncertain)) {
      first[key] = ObservedContact{time_s, mover, other, uncertain};
    }
  };
  // The flicked piece: the first to move.
  const ShotPiece* flicked = nullptr;
  for (const ShotPiece& a : pieces) {
    if (!a.path.Empty() && (flicked == nullptr || a.path.StartTime() < flicked->path.StartTime()))
      flicked = &a;
  }
  for (const ShotPiece& a : pieces) {
    if (a.path.Empty()) continue;
    // The clear slide of `a`, fitted once, when a graze first needs it.
    std::optional<std::optional<ClearSlide>> clear_slide;
    const auto slide_of_a = [&]() -> const std::optional<ClearSlide>& {
      if (!clear_slide) clear_slide = FitClearSlide(a, pieces, options);
      return *clear_slide;
    };
    // Bounces: the nearest piece to the corner, if it is within touching distance; sure when
    // the piece then left it.
    for (const Kink& kink : a.path.Kinks()) {
      const ShotPiece* nearest = nullptr;
      double nearest_gap = 0;
      for (const ShotPiece& b : pieces) {
        if (SamePiece(a, b)) continue;
        const double gap = GapAt(a, kink.corner, b, b.At(kink.time_s));
        if (gap <= Tolerance(options.touch_mm, a, b) && (nearest == nullptr || gap < nearest_gap)) {
          nearest = &b;
          nearest_gap = gap;
        }
      }
      if (nearest != nullptr)
        add(kink.time_s, a.track, nearest->track,
            !LeftAfterTheKink(a, *nearest, kink, nearest_gap));
    }
    for (const ShotPiece& b : pieces) {
      if (SamePiece(a, b)) continue;
      // `b` set moving while `a` was on its way: struck, if `a` came close around then.
      if (!b.path.Empty() && b.path.StartTime() > a.path.StartTime()) {
        const double start = b.path.StartTime();
        const double next = b.path.Samples().size() > 1 ? b.path.Samples()[1].time_s : start;
        const double span = std::max(next - start, 1e-3);
        ShotPiece resting = b;
        resting.path = Path();
        const auto [gap, when] = SmallestGap(a, resting, start - span, next);
        if (gap <= Tolerance(options.touch_mm, a, b)) add(when, a.track, b.track);
      }
      // Grazes anywhere along the way (each pair once, from the mover that started first).
      if (!b.path.Empty() && (b.path.StartTime() < a.path.StartTime() ||
                              (b.path.StartTime() == a.path.StartTime() && b.track < a.track)))
        continue;
      const double from = a.path.StartTime();
      const double to = std::max(a.path.EndTime(), b.path.Empty() ? from : b.path.EndTime());
      const double tolerance = Tolerance(options.graze_mm, a, b);
      // Pieces touching before the shot are not a touch of the shot.
      if (GapAt(a, a.At(from), b, b.At(from)) <= tolerance) continue;
      const auto [gap, when] = SmallestGap(a, b, from, to);
      if (gap > tolerance) continue;
      // A graze is sure only where the pieces came within it by two sigmas of their places
      // then (a blurred blob's centre strays by millimetres); otherwise, within the
      // measurement's uncertainty, too close to call.
      const auto [sure_gap, sure_when] = SmallestGap(a, b, from, to, 2);
      if (sure_gap <= options.graze_mm) {
        add(sure_when, a.track, b.track);
      } else if (!PassedClear(a, b, when, slide_of_a(), options) &&
                 !CameToRestClear(a, b, when, slide_of_a(), options)) {
        add(when, a.track, b.track, true);
      } else if (cleared != nullptr) {
        cleared->push_back(ObservedContact{when, a.track, b.track, true});
      }
    }
  }
  for (const ShotPiece& a : pieces) {
    if (const auto rebound = UnseenReboundOff(a, pieces, options))
      add(rebound->time_s, a.track, rebound->off->track, !rebound->sure);
    if (const auto stopped = StoppedShortBy(a, pieces, options))
      add(stopped->time_s, a.track, stopped->off->track);
  }
  if (flicked != nullptr) {
    if (const auto rebound = ReboundFromThePush(*flicked, pieces, options))
      add(rebound->time_s, flicked->track, rebound->off->track, !rebound->sure);
    for (const ShotPiece& b : pieces) {
      if (SamePiece(*flicked, b) || !MayHaveReboundedOff(*flicked, b, options)) continue;
      const std::pair<int, int> key = std::minmax(flicked->track, b.track);
      if (first.count(key)) continue;
      first[key] = ObservedContact{flicked->path.StartTime(), flicked->track, b.track, true};
    }
  }
  std::vector<ObservedContact> contacts;
  for (const auto& [pair, contact] : first) contacts.push_back(contact);
  std::sort(contacts.begin(), contacts.end(),
            [](const ObservedContact& x, const ObservedContact& y) { return x.time_s < y.time_s; });
  return contacts;
}

}  // namespace tabref::vision
