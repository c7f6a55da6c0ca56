#include "vision/detect/tile_fit.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <opencv2/core/hal/intrin.hpp>
#include <stdexcept>

#include "calibration/median.h"
#include "vision/detect/edge_search.h"

namespace tabref::vision {
namespace {

constexpr double kNormalStepMm = 0.5;   // outward offset used to find a side's image normal
constexpr double kVisibleFootPx = 1.0;  // the wall shows when its foot lies this far out
constexpr double kDegrees = 180.0 / CV_PI;

// Where the sides of a square lie in the image, ray by ray.
struct SideRays {
  std::vector<int> side;            // 0..3: outward normal at angle + side * 90 degrees
  std::vector<double> along_mm;     // position along the side (its tangent: normal turned +90)
  std::vector<cv::Point2d> pixel;   // the side point
  std::vector<cv::Point2d> normal;  // outward image normal (unit)
  std::vector<double> px_per_mm;    // image scale along the normal
  // Where the tile's wall meets the table, px along the normal from the side point: beyond a
  // pixel on the sides facing the camera, where the wall shows; hidden elsewhere.
  std::vector<double> foot_px;

  size_t Size() const { return pixel.size(); }
};

// `per_side` rays across each side of a square whose side k lies `reach_mm[k]` from the
// centre.
SideRays ProjectSides(const calibration::TableMapping& mapping, const cv::Point2d& centre_mm,
                      double angle, const cv::Vec4d& reach_mm, double height_mm, int per_side,
                      const TileFitOptions& options) {
  std::vector<cv::Vec3d> points;
  points.reserve(static_cast<size_t>(12 * per_side));
  SideRays rays;
  for (int side = 0; side < 4; ++side) {
    const double a = angle + 0.5 * CV_PI * side;
    const cv::Point2d normal(std::cos(a), std::sin(a));
    const cv::Point2d tangent(-normal.y, normal.x);
    for (int j = 0; j < per_side; ++j) {
      const double along =
          options.ray_span * reach_mm[(side + 1) % 4] * (2.0 * (j + 0.5) / per_side - 1.0);
      const cv::Point2d on = centre_mm + reach_mm[side] * normal + along * tangent;
      const cv::Point2d out = on + kNormalStepMm * normal;
      points.emplace_back(on.x, on.y, height_mm);
      points.emplace_back(out.x, out.y, height_mm);
      points.emplace_back(on.x, on.y, 0);
      rays.side.push_back(side);
      rays.along_mm.push_back(along);
    }
  }
  const std::vector<cv::Point2d> pixels = mapping.TableToImage(points);
  for (size_t k = 0; k < rays.side.size(); ++k) {
    const cv::Point2d on = pixels[3 * k];
    const cv::Point2d step = pixels[3 * k + 1] - on;
    const double length = std::max(cv::norm(step), 1e-9);
    rays.pixel.push_back(on);
    rays.normal.push_back(step * (1 / length));
    rays.px_per_mm.push_back(length / kNormalStepMm);
    rays.foot_px.push_back((pixels[3 * k + 2] - on).dot(rays.normal.back()));
  }
  return rays;
}

bool Inside(const cv::Mat& image, const cv::Point2d& p) {
  return p.x >= 2 && p.y >= 2 && p.x <= image.cols - 3 && p.y <= image.rows - 3;
}

// Where a side's top edge is read on a ray: of the clear edges (at least edge_share of the
// strongest) from `inward` px inside an expected position to `outward` px beyond it, the
// innermost. Coming out of the face, the first edge ends the top face; a dark outline (the
// printed border, the gap or shadow at the foot), the wall's foot and shadows lie beyond it.
// The window reaches inward past the wall, so that the foot is never taken for the top edge
// while the top edge shows, and on every side the same edge is read.
struct EdgeWindow {
  double inward = 0;   // px
  double outward = 0;  // px
};

EdgeWindow WindowOf(const SideRays& rays, size_t k, const TileFitOptions& options) {
  const double ppm = rays.px_per_mm[k];
  return {std::max({3.0, options.inner_window_mm * ppm, rays.foot_px[k] + 1.0}),
          std::max(1.5, options.outer_window_mm * ppm)};
}

const EdgePeak* InnermostClear(const std::vector<EdgePeak>& peaks, double expected_px,
                               const EdgeWindow& window, double share) {
  const auto inside = [&](const EdgePeak& peak) {
    return peak.offset_px >= expected_px - window.inward &&
           peak.offset_px <= expected_px + window.outward;
  };
  double strongest = 0;
  for (const EdgePeak& peak : peaks) {
    if (inside(peak)) strongest = std::max(strongest, peak.strength);
  }
  const EdgePeak* innermost = nullptr;
  for (const EdgePeak& peak : peaks) {
    if (inside(peak) && peak.strength >= share * strongest &&
        (innermost == nullptr || peak.offset_px < innermost->offset_px))
      innermost = &peak;
  }
  return innermost;
}

struct Alignment {
  cv::Point2d shift;  // of the centre, table mm
  double turn = 0;    // radians
};

// The shift and turn that put the most rays' top edges (InnermostClear) on the predicted
// sides and, where the wall shows, an edge on its predicted foot. A small turn moves a side
// point at `along` by -turn * along along its normal, so for each turn the two pairs of
// opposite sides are aligned independently: each pair depends on the shift along its own
// normal only.
Alignment AlignSquare(const cv::Mat& image, const SideRays& rays, double angle,
                      const TileFitOptions& options) {
  const double max_turn = options.align_turn_deg / kDegrees;
  // Each ray's evidence as a function of the side's offset (px), sampled every kStep px
  // over +-`reach`: 1 where the innermost clear edge lies at the offset, falling to 0 at
  // kBumpPx; half that for an edge at the foot.
  constexpr double kStep = 0.5;
  constexpr double kBumpPx = 1.5;
  std::vector<std::vector<float>> evidence(rays.Size());
  std::vector<double> reach_px(rays.Size(), 0);
  for (size_t k = 0; k < rays.Size(); ++k) {
    if (!Inside(image, rays.pixel[k])) continue;
    const EdgeWindow window = WindowOf(rays, k, options);
    const double reach =
        (options.align_reach_mm + max_turn * std::abs(rays.along_mm[k])) * rays.px_per_mm[k] + 1;
    const double half =
        reach + std::max(window.inward, window.outward + std::max(0.0, rays.foot_px[k]));
    const std::vector<EdgePeak> peaks =
        FindEdgesAlong(image, rays.pixel[k], rays.normal[k], half, 12, options.min_edge_strength);
    const int steps = static_cast<int>(std::ceil(reach / kStep));
    reach_px[k] = steps * kStep;
    std::vector<float>& profile = evidence[k];
    profile.assign(static_cast<size_t>(2 * steps + 1), 0.0f);
    const bool wall = rays.foot_px[k] > kVisibleFootPx;
    for (int i = -steps; i <= steps; ++i) {
      const double at = i * kStep;
      double value = 0;
      if (const EdgePeak* top = InnermostClear(peaks, at, window, options.edge_share))
        value = std::max(0.0, 1 - std::abs(top->offset_px - at) / kBumpPx);
      if (wall) {
        double foot = 0;
        for (const EdgePeak& peak : peaks)
          foot = std::max(foot, 1 - std::abs(peak.offset_px - at - rays.foot_px[k]) / kBumpPx);
        value += 0.5 * foot;
      }
      profile[static_cast<size_t>(i + steps)] = static_cast<float>(value);
    }
  }
  // The rays with evidence, per pair of opposite sides (axis 0: sides 0 and 2; 1: 1 and 3).
  std::array<std::vector<size_t>, 2> pair_rays;
  for (size_t k = 0; k < rays.Size(); ++k) {
    if (!evidence[k].empty()) pair_rays[static_cast<size_t>(rays.side[k] % 2)].push_back(k);
  }
  // Evidence of the pair of sides along normal `axis` (0 or 1) at `turn`, shifted along that
  // normal by each of `offsets` (mm). Ray by ray, so that each ray's profile is read once.
  const auto pair_energies = [&](int axis, double turn, const std::vector<double>& offsets,
                                 std::vector<double>& energies) {
    energies.assign(offsets.size(), 0.0);
    for (const size_t k : pair_rays[static_cast<size_t>(axis)]) {
      const std::vector<float>& profile = evidence[k];
      const int last = static_cast<int>(profile.size()) - 1;
      const double sign = rays.side[k] == axis ? 1.0 : -1.0;
      const double turned = turn * rays.along_mm[k];
      size_t s = 0;
#if CV_SIMD128_64F
      // Two offsets at a time, with the same double operations (so the same sums); an offset
      // off the profile adds zero, which changes no sum.
      if (last >= 1) {
        const cv::v_float64x2 zero = cv::v_setzero_f64();
        const cv::v_float64x2 one = cv::v_setall_f64(1.0);
        const cv::v_float64x2 end = cv::v_setall_f64(last);
        const cv::v_float64x2 top = cv::v_setall_f64(last - 1);
        const cv::v_float64x2 signs = cv::v_setall_f64(sign);
        const cv::v_float64x2 turns = cv::v_setall_f64(turned);
        const cv::v_float64x2 scale = cv::v_setall_f64(rays.px_per_mm[k]);
        const cv::v_float64x2 reach = cv::v_setall_f64(reach_px[k]);
        const cv::v_float64x2 step = cv::v_setall_f64(kStep);
        for (; s + 2 <= offsets.size(); s += 2) {
          const cv::v_float64x2 at =
              ((signs * cv::v_load(&offsets[s]) - turns) * scale + reach) / step;
          const cv::v_float64x2 inside = (at >= zero) & (at < end);
          const cv::v_int32x4 index = cv::v_trunc(cv::v_min(cv::v_max(at, zero), top));
          int i[4];
          cv::v_store(i, index);
          const cv::v_float64x2 f = at - cv::v_cvt_f64(index);
          const cv::v_float64x2 low(profile[static_cast<size_t>(i[0])],
                                    profile[static_cast<size_t>(i[1])]);
          const cv::v_float64x2 high(profile[static_cast<size_t>(i[0] + 1)],
                                     profile[static_cast<size_t>(i[1] + 1)]);
          const cv::v_float64x2 value = (one - f) * low + f * high;
          cv::v_store(&energies[s], cv::v_load(&energies[s]) + cv::v_select(inside, value, zero));
        }
      }
#endif
      for (; s < offsets.size(); ++s) {
        const double at = ((sign * offsets[s] - turned) * rays.px_per_mm[k] + reach_px[k]) / kStep;
        if (at < 0) continue;
        const int i = static_cast<int>(at);
        if (i >= last) continue;
        const double f = at - i;
        energies[s] +=
            (1 - f) * profile[static_cast<size_t>(i)] + f * profile[static_cast<size_t>(i + 1)];
      }
    }
  };
  struct Best {
    double energy = -1;
    cv::Vec2d offset{0, 0};
    double turn = 0;
  };
  const auto search = [&](const Best& around, double reach, double step, double turn_reach,
                          double turn_step) {
    Best best;
    const int steps = static_cast<int>(std::round(reach / step));
    const int turn_steps = static_cast<int>(std::round(turn_reach / turn_step));
    std::vector<double> offsets(static_cast<size_t>(2 * steps + 1));
    std::vector<double> energies;
    for (int r = -turn_steps; r <= turn_steps; ++r) {
      Best here;
      here.turn = around.turn + r * turn_step;
      here.energy = 0;
      for (int axis = 0; axis < 2; ++axis) {
        for (int s = -steps; s <= steps; ++s)
          offsets[static_cast<size_t>(s + steps)] = around.offset[axis] + s * step;
        pair_energies(axis, here.turn, offsets, energies);
        double best_energy = -1;
        for (size_t s = 0; s < offsets.size(); ++s) {
          if (energies[s] > best_energy) {
            best_energy = energies[s];
            here.offset[axis] = offsets[s];
          }
        }
        here.energy += best_energy;
      }
      if (here.energy > best.energy) best = here;
    }
    return best;
  };
  Best best = search({}, options.align_reach_mm, 0.25, max_turn, 1.0 / kDegrees);
  best = search(best, 0.25, 0.0625, 1.0 / kDegrees, 0.25 / kDegrees);
  const cv::Point2d n0(std::cos(angle), std::sin(angle));
  const cv::Point2d n1(-n0.y, n0.x);
  return {best.offset[0] * n0 + best.offset[1] * n1, best.turn};
}

struct SideSearch {
  std::vector<cv::Point2d> edge_pixels;
  std::vector<int> sides;
  std::vector<double> strengths;
};

SideSearch SearchSides(const cv::Mat& image, const SideRays& rays, const TileFitOptions& options) {
  SideSearch search;
  for (size_t k = 0; k < rays.Size(); ++k) {
    if (!Inside(image, rays.pixel[k])) continue;
    const EdgeWindow window = WindowOf(rays, k, options);
    const std::vector<EdgePeak> peaks =
        FindEdgesAlong(image, rays.pixel[k], rays.normal[k],
                       std::max(window.inward, window.outward), 8, options.min_edge_strength);
    const EdgePeak* top = InnermostClear(peaks, 0, window, options.edge_share);
    if (top == nullptr) continue;
    search.edge_pixels.push_back(rays.pixel[k] + top->offset_px * rays.normal[k]);
    search.sides.push_back(rays.side[k]);
    search.strengths.push_back(top->strength);
  }
  return search;
}

double Wrap(double angle, double period) {
  angle = std::fmod(angle, period);
  return angle < 0 ? angle + period : angle;
}

void Require(bool ok, const char* field, const char* range) {
  if (!ok)
    throw std::invalid_argument(std::string("TileFitOptions.") + field + " must be " + range);
}

}  // namespace

void TileFitOptions::Check() const {
  Require(rays_per_side >= 3 && rays_per_side <= 100, "rays_per_side", "in 3..100");
  Require(align_rays_per_side >= 3 && align_rays_per_side <= rays_per_side, "align_rays_per_side",
          "in 3..rays_per_side");
  Require(ray_span > 0 && ray_span <= 1, "ray_span", "in (0, 1]");
  Require(align_reach_mm >= 0 && align_reach_mm <= 20, "align_reach_mm", "in 0..20");
  Require(align_turn_deg >= 0 && align_turn_deg <= 45, "align_turn_deg", "in 0..45");
  Require(edge_share > 0 && edge_share <= 1, "edge_share", "in (0, 1]");
  Require(faint_share >= 0 && faint_share < 1, "faint_share", "in [0, 1)");
  Require(side_offset_sigma_mm > 0, "side_offset_sigma_mm", "positive");
  Require(iterations >= 1 && iterations <= 10, "iterations", "in 1..10");
  Require(inner_window_mm > 0 && outer_window_mm > 0, "inner_window_mm/outer_window_mm",
          "positive");
  Require(min_support > 0 && min_support <= 1, "min_support", "in (0, 1]");
  Require(min_pair_rays >= 1 && min_pair_rays <= rays_per_side, "min_pair_rays",
          "in 1..rays_per_side");
  Require(max_side_error_mm > 0, "max_side_error_mm", "positive");
  Require(max_rms_mm > 0, "max_rms_mm", "positive");
  Require(tight_band_mm > 0, "tight_band_mm", "positive");
  Require(min_tight_support >= 0 && min_tight_support <= 1, "min_tight_support", "in 0..1");
}

TileFit FitTile(const cv::Mat& image, const calibration::TableMapping& mapping,
                const cv::Point2d& initial_mm, double initial_angle_rad, double side_mm,
                double height_mm, double edge_offset_mm, const TileFitOptions& options) {
  TileFit result;
  const SideModel model{0.5 * side_mm, edge_offset_mm, options.side_offset_sigma_mm};
  // Where the edges are expected: then where they were found.
  cv::Vec4d edge_reach = cv::Vec4d::all(model.half_side + model.offset);
  const Alignment alignment =
      AlignSquare(image,
                  ProjectSides(mapping, initial_mm, initial_angle_rad, edge_reach, height_mm,
                               options.align_rays_per_side, options),
                  initial_angle_rad, options);
  cv::Point2d centre = initial_mm + alignment.shift;
  double angle = initial_angle_rad + alignment.turn;
  SquareEdgePoints edges;
  SideSearch search;
  SquareFit fit;
  const int total_rays = 4 * options.rays_per_side;
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    search = SearchSides(
        image,
        ProjectSides(mapping, centre, angle, edge_reach, height_mm, options.rays_per_side, options),
        options);
    if (search.edge_pixels.size() < 6) {
      result.reason = "no side edges";
      return result;
    }
    // The last search's edges are all the fit can count as inliers: too few cannot make the
    // support, and the fit need not run (the same verdict, sooner). A square aligned as a
    // whole already whose first search finds too few does not gain them by a refit (none of
    // the evaluation's tiles did), and most candidates, no tiles, end here.
    if (static_cast<double>(search.edge_pixels.size()) / total_rays < options.min_support) {
      result.reason = "sides found on too few rays";
      return result;
    }
    edges.points = mapping.ImageToTable(search.edge_pixels, height_mm);
    edges.sides = search.sides;
    // Strong edges lead; faint ones (a side the same colour as the table) follow.
    const double typical = Median(search.strengths);
    edges.weights.resize(search.strengths.size());
    for (size_t i = 0; i < search.strengths.size(); ++i)
      edges.weights[i] = search.strengths[i] < options.faint_share * typical
                             ? 0.0
                             : std::min(2.0, search.strengths[i] / std::max(typical, 1e-6));
    fit = FitSquare(edges, model, centre, angle, 0.04, 0.2);
    centre = fit.centre;
    angle = fit.angle;
    for (int side = 0; side < 4; ++side) {
      if (fit.side_inliers[side] > 0) edge_reach[side] = model.half_side + fit.side_offsets[side];
    }
  }
  result.centre_mm = centre;
  result.angle_rad = Wrap(angle, 0.5 * CV_PI);
  result.edge_px = search.edge_pixels;
  result.support = static_cast<double>(fit.inliers) / total_rays;
  for (int side = 0; side < 4; ++side)
    result.side_support[side] = static_cast<double>(fit.side_inliers[side]) / options.rays_per_side;
  result.side_offsets = fit.side_offsets;
  result.side_inliers = fit.side_inliers;
  result.centre_sigma_mm = fit.centre_sigma;
  result.angle_sigma_deg = fit.angle_sigma * kDegrees;
  result.rms_mm = fit.rms;
  double strength = 0;
  int tight = 0;
  for (size_t i = 0; i < fit.inlier.size(); ++i) {
    if (!fit.inlier[i]) continue;
    strength += search.strengths[i];
    const int side = edges.sides[i];
    const double a = fit.angle + 0.5 * CV_PI * side;
    const double residual = cv::Point2d(std::cos(a), std::sin(a)).dot(edges.points[i] - centre) -
                            model.half_side - fit.side_offsets[side];
    tight += std::abs(residual) <= options.tight_band_mm;
  }
  result.mean_edge_strength = fit.inliers > 0 ? strength / fit.inliers : 0;
  result.tight_support = static_cast<double>(tight) / total_rays;
  const int pair_x = std::max(fit.side_inliers[0], fit.side_inliers[2]);
  const int pair_y = std::max(fit.side_inliers[1], fit.side_inliers[3]);
  // The distance between opposite edges against the set's side, where both are seen.
  double side_error = 0;
  for (int side = 0; side < 2; ++side) {
    if (fit.side_inliers[side] >= 2 && fit.side_inliers[side + 2] >= 2)
      side_error = std::max(side_error, std::abs(fit.side_offsets[side] +
                                                 fit.side_offsets[side + 2] - 2 * model.offset));
  }
  if (result.support < options.min_support) {
    result.reason = "sides found on too few rays";
  } else if (std::min(pair_x, pair_y) < options.min_pair_rays) {
    result.reason = "a pair of sides not seen";
    result.unseen_pair = pair_x < pair_y ? 0 : 1;
  } else if (result.tight_support < options.min_tight_support) {
    result.reason = "side edges scattered";
  } else if (side_error > options.max_side_error_mm) {
    char reason[80];
    std::snprintf(reason, sizeof reason, "not tile-sized (opposite sides %.2f mm off)", side_error);
    result.reason = reason;
    result.wrong_size = true;
  } else if (result.rms_mm > options.max_rms_mm) {
    result.reason = "sides not straight";
  } else {
    result.accepted = true;
  }
  return result;
}

}  // namespace tabref::vision
