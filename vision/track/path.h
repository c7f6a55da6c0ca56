#pragma once

#include <vector>

#include "rules/core/geometry.h"
#include "vision/track/tracker_options.h"

namespace tabref::vision {

// Where a piece was at one moment.
struct PathSample {
  double time_s = 0;
  rules::Vec2 position;
  double sigma_mm = 0;  // of the position: steps within a few of it may be its jitter
};

// A sharp turn of a path between two frames (a bounce off another piece or a tile): the
// corner where the straight run in meets the straight run out, and when the piece was there.
struct Kink {
  double time_s = 0;
  rules::Vec2 corner;
};

// A piece's path through a shot: where it rested, then one measured position per frame.
// Between frames the piece is taken to slide straight, except at kinks, where the corner is
// reconstructed from the runs before and after (a fast piece covers several millimetres per
// frame, so a bounce falls between samples and a straight line would cut its corner).
class Path {
 public:
  Path() = default;
  Path(std::vector<PathSample> samples, const TrackerOptions& options);

  bool Empty() const { return samples_.empty(); }
  const std::vector<PathSample>& Samples() const { return samples_; }
  const std::vector<Kink>& Kinks() const { return kinks_; }
  // The samples with the kinks' corners in time order: the path as the piece slid it.
  const std::vector<PathSample>& Refined() const { return refined_; }
  double StartTime() const { return samples_.front().time_s; }
  double EndTime() const { return samples_.back().time_s; }
  // Position at `time_s` along the refined path (the ends held before and after).
  rules::Vec2 At(double time_s) const;

 private:
  std::vector<PathSample> samples_;
  std::vector<Kink> kinks_;
  std::vector<PathSample> refined_;
};

// How far apart two path samples' places may stray by their error alone (two sigmas).
double Jitter(const PathSample& a, const PathSample& b);

// Whether the blobs `blur` are the twin of a moving piece's `mover` (the samples of each, in
// time order): seen in the same frames at three in four of the blur's own, and never farther
// than `width` from the streak the mover's blob spans there. A fast piece's blur is a streak
// as long as its step into the frame, and it may break in two blobs along it.
bool TwinBlur(const std::vector<PathSample>& blur, const std::vector<PathSample>& mover,
              double width);

// The farthest a sliding piece seen at `first`, then at `next`, may have come in the `back_s`
// seconds before `first`: at its speed between the two (the fast end of their jitter), and
// faster still before that by as much as friction can slow a piece.
double SlideReachBack(const PathSample& first, const PathSample& next, double back_s);

// The least distance a piece sliding from `from` to `to` goes on beyond `to` before friction
// can stop it (at the slow end of its speed's jitter).
double SlideStopDistance(const PathSample& from, const PathSample& to);

// The kinks of a sampled path (see Path).
std::vector<Kink> FindKinks(const std::vector<PathSample>& samples, const TrackerOptions& options);

}  // namespace tabref::vision
