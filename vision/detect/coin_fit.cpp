#include "vision/detect/coin_fit.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "calibration/median.h"
#include "vision/detect/circle_fit.h"
#include "vision/detect/edge_search.h"

namespace tabref::vision {
namespace {

constexpr double kNormalStepMm = 0.5;  // outward offset used to find the rim's image normal

struct RimSearch {
  std::vector<cv::Point2d> edge_pixels;
  std::vector<double> strengths;
  int rays_with_edge = 0;
};

// Searches every ray for the rim edge near the predicted rim of a circle at `centre_mm`:
// among the strongest edges on the ray, the one nearest the prediction wins, unless it is
// much weaker than the strongest.
// The colour spread around a ring of `radius_mm` at `height_mm`: the mean over channels of
// the standard deviation of the samples.
double RingSpread(const cv::Mat& image, const calibration::TableMapping& mapping,
                  const cv::Point2d& centre_mm, double radius_mm, double height_mm, int samples) {
  std::vector<cv::Vec3d> points;
  for (int k = 0; k < samples; ++k) {
    const double angle = 2 * CV_PI * k / samples;
    points.emplace_back(centre_mm.x + radius_mm * std::cos(angle),
                        centre_mm.y + radius_mm * std::sin(angle), height_mm);
  }
  cv::Vec3d sum(0, 0, 0);
  cv::Vec3d sum_squares(0, 0, 0);
  for (const cv::Point2d& pixel : mapping.TableToImage(points)) {
    const cv::Vec3f colour = SampleColour(image, pixel.x, pixel.y);
    for (int c = 0; c < 3; ++c) {
      sum[c] += colour[c];
      sum_squares[c] += colour[c] * colour[c];
    }
  }
  double spread = 0;
  for (int c = 0; c < 3; ++c) {
    const double mean = sum[c] / samples;
    spread += std::sqrt(std::max(0.0, sum_squares[c] / samples - mean * mean));
  }
  return spread / 3;
}

// Where the rim of a circle lies in the image, ray by ray.
struct RimRays {
  std::vector<cv::Point2d> pixel;   // the rim point
  std::vector<cv::Point2d> normal;  // outward image normal (unit)
  std::vector<double> px_per_mm;    // image scale along the normal
  std::vector<cv::Point2d> radial;  // outward direction on the table (unit)
  // Where the coin's wall meets what it lies on, px along the normal from the rim point: beyond
  // a pixel on the side facing the camera, where the wall shows; hidden elsewhere.
  std::vector<double> foot_px;
};

constexpr double kVisibleFootPx = 1.0;

RimRays ProjectRim(const calibration::TableMapping& mapping, const cv::Point2d& centre_mm,
                   double radius_mm, double height_mm, double base_mm, int rays) {
  std::vector<cv::Vec3d> points;
  points.reserve(static_cast<size_t>(3 * rays));
  RimRays rim;
  for (int k = 0; k < rays; ++k) {
    const double angle = 2 * CV_PI * k / rays;
    const cv::Point2d radial(std::cos(angle), std::sin(angle));
    const cv::Point2d on = centre_mm + radius_mm * radial;
    const cv::Point2d out = centre_mm + (radius_mm + kNormalStepMm) * radial;
    points.emplace_back(on.x, on.y, height_mm);
    points.emplace_back(out.x, out.y, height_mm);
    points.emplace_back(on.x, on.y, base_mm);
    rim.radial.push_back(radial);
  }
  const std::vector<cv::Point2d> pixels = mapping.TableToImage(points);
  for (int k = 0; k < rays; ++k) {
    const cv::Point2d on = pixels[static_cast<size_t>(3 * k)];
    const cv::Point2d step = pixels[static_cast<size_t>(3 * k + 1)] - on;
    const cv::Point2d foot = pixels[static_cast<size_t>(3 * k + 2)];
    const double length = std::max(cv::norm(step), 1e-9);
    rim.pixel.push_back(on);
    rim.normal.push_back(step * (1 / length));
    rim.px_per_mm.push_back(length / kNormalStepMm);
    rim.foot_px.push_back((foot - on).dot(rim.normal.back()));
  }
  return rim;
}

bool Inside(const cv::Mat& image, const cv::Point2d& p) {
  return p.x >= 2 && p.y >= 2 && p.x <= image.cols - 3 && p.y <= image.rows - 3;
}

// The centre shift and radius offset (mm) that gather the most edge on the rim and, where
// the wall shows, on the wall's foot: each ray's derivative profile is normalised by its own
// strongest edge (but never by less than the edge floor), so every side of the rim has one
// vote whatever its contrast. Without the foot, the coin's outline (rim on the far side,
// foot on the near side) would pull the rim toward the camera.
struct Alignment {
  cv::Point2d shift;
  double radius_offset = 0;
};

// A ray's evidence for the rim, for alignment: a unit bump at the innermost clear edge
// (coming out of the plain face, the first edge is the rim; a shadow or the wall's foot
// lies beyond it) and a half bump at the strongest edge beyond (the wall's foot, where the
// wall shows); zero elsewhere.
std::vector<float> RimEvidence(const std::vector<double>& derivative,
                               const CoinFitOptions& options) {
  std::vector<float> evidence(derivative.size(), 0.0f);
  const double strongest = *std::max_element(derivative.begin(), derivative.end());
  if (strongest < options.edge_floor) return evidence;
  const double clear = std::max(options.edge_floor, options.rim_share * strongest);
  int rim = -1;
  int beyond = -1;
  for (int i = 1; i + 1 < static_cast<int>(derivative.size()); ++i) {
    const double here = derivative[static_cast<size_t>(i)];
    const bool peak = here >= derivative[static_cast<size_t>(i - 1)] &&
                      here > derivative[static_cast<size_t>(i + 1)] && here >= clear;
    if (!peak) continue;
    if (rim < 0) {
      rim = i;
    } else if (beyond < 0 || here > derivative[static_cast<size_t>(beyond)]) {
      beyond = i;
    }
  }
  const auto bump = [&](int at, float height) {
    for (int d = -2; d <= 2; ++d) {
      const int i = at + d;
      if (i < 0 || i >= static_cast<int>(evidence.size())) continue;
      evidence[static_cast<size_t>(i)] =
          std::max(evidence[static_cast<size_t>(i)], height * (1.0f - 0.3f * std::abs(d)));
    }
  };
  if (rim >= 0) bump(rim, 1.0f);
  if (beyond >= 0) bump(beyond, 0.5f);
  return evidence;
}

Alignment AlignRim(const cv::Mat& image, const RimRays& rim, const CoinFitOptions& options) {
  const double reach = options.align_reach_mm + options.align_radius_mm;
  std::vector<EvidenceProfile> profiles;
  std::vector<size_t> usable;  // the rays with any evidence (the others add +0 everywhere)
  for (size_t k = 0; k < rim.pixel.size(); ++k) {
    if (!Inside(image, rim.pixel[k])) {
      profiles.emplace_back();
      continue;
    }
    const double half = reach * rim.px_per_mm[k] + std::max(0.0, rim.foot_px[k]);
    const std::vector<double> derivative =
        DerivativeProfile(image, rim.pixel[k], rim.normal[k], half);
    profiles.emplace_back(RimEvidence(derivative, options));
    if (profiles.back().Any()) usable.push_back(k);
  }
  // The energies of many alignments, ray by ray (each ray's profile read once, each energy
  // summed over the rays in their order).
  const auto energies_of = [&](const std::vector<Alignment>& grid, std::vector<double>& energies) {
    energies.assign(grid.size(), 0.0);
    for (const size_t k : usable) {
      const EvidenceProfile& profile = profiles[k];
      const bool foot = rim.foot_px[k] > kVisibleFootPx;
      for (size_t g = 0; g < grid.size(); ++g) {
        const double along_px =
            (grid[g].shift.dot(rim.radial[k]) + grid[g].radius_offset) * rim.px_per_mm[k];
        energies[g] += profile.At(along_px);
        if (foot) energies[g] += profile.At(along_px + rim.foot_px[k]);
      }
    }
  };
  Alignment best;
  double best_energy = -1;
  std::vector<Alignment> grid;
  std::vector<double> energies;
  const auto search = [&](const Alignment& around, double reach_mm, double step_mm,
                          double radius_reach_mm, double radius_step_mm) {
    const Alignment start = around;
    const int steps = static_cast<int>(std::round(reach_mm / step_mm));
    const int radius_steps = static_cast<int>(std::round(radius_reach_mm / radius_step_mm));
    grid.clear();
    for (int r = -radius_steps; r <= radius_steps; ++r) {
      for (int y = -steps; y <= steps; ++y) {
        for (int x = -steps; x <= steps; ++x) {
          grid.push_back({start.shift + cv::Point2d(x * step_mm, y * step_mm),
                          start.radius_offset + r * radius_step_mm});
        }
      }
    }
    energies_of(grid, energies);
    for (size_t g = 0; g < grid.size(); ++g) {
      if (energies[g] > best_energy) {
        best_energy = energies[g];
        best = grid[g];
      }
    }
  };
  search({}, options.align_reach_mm, 0.3, options.align_radius_mm, 0.25);
  search(best, 0.3, 0.075, 0.125, 0.125);
  return best;
}

RimSearch SearchRim(const cv::Mat& image, const RimRays& rim, double search_mm,
                    const CoinFitOptions& options) {
  RimSearch search;
  for (size_t k = 0; k < rim.pixel.size(); ++k) {
    if (!Inside(image, rim.pixel[k])) continue;
    const double half = std::max(1.5, search_mm * rim.px_per_mm[k]);
    const std::vector<EdgePeak> peaks =
        FindEdgesAlong(image, rim.pixel[k], rim.normal[k], half, 4, options.min_edge_strength);
    // The rim is aligned already: of the clear edges, the one nearest the predicted rim (a
    // printed border inside it and a shadow beyond it are the others).
    const EdgePeak* best = NearestClearEdge(peaks, options.rim_share);
    if (best == nullptr) continue;
    search.edge_pixels.push_back(rim.pixel[k] + best->offset_px * rim.normal[k]);
    search.strengths.push_back(best->strength);
    ++search.rays_with_edge;
  }
  return search;
}

// How busy the face is between the printed symbol and the rim, relative to the rim edge:
// the median over rays of the mean colour derivative on that band divided by the rim edge.
double InnerActivity(const cv::Mat& image, const RimRays& rim, double radius_mm,
                     const std::vector<double>& rim_strengths) {
  std::vector<double> ratios;
  const double rim_strength = Median(rim_strengths);
  if (rim_strength <= 0) return 1;
  for (size_t k = 0; k < rim.pixel.size(); ++k) {
    if (!Inside(image, rim.pixel[k])) continue;
    // From 0.65 R in to a pixel and a half short of the rim (the rim edge's own blur).
    const double outer_px = 1.5;
    const double inner_px = 0.35 * radius_mm * rim.px_per_mm[k];
    if (inner_px <= outer_px + 0.5) continue;
    const double middle_px = 0.5 * (inner_px + outer_px);
    const double half_px = 0.5 * (inner_px - outer_px);
    const std::vector<double> derivative =
        DerivativeProfile(image, rim.pixel[k] - middle_px * rim.normal[k], rim.normal[k], half_px);
    double sum = 0;
    for (double d : derivative) sum += d;
    ratios.push_back(sum / static_cast<double>(derivative.size()) / rim_strength);
  }
  return ratios.empty() ? 1 : Median(ratios);
}

// The widest arc of the rim between rays that found it.
struct RimGap {
  double width_deg = 360;
  double middle_deg = 0;  // direction of its middle on the table
};

RimGap WidestGap(std::vector<double> angles_deg) {
  RimGap gap;
  if (angles_deg.empty()) return gap;
  std::sort(angles_deg.begin(), angles_deg.end());
  gap.width_deg = 360 - (angles_deg.back() - angles_deg.front());
  gap.middle_deg = angles_deg.back() + 0.5 * gap.width_deg;
  for (size_t i = 1; i < angles_deg.size(); ++i) {
    const double width = angles_deg[i] - angles_deg[i - 1];
    if (width <= gap.width_deg) continue;
    gap.width_deg = width;
    gap.middle_deg = angles_deg[i - 1] + 0.5 * width;
  }
  return gap;
}

// The direction on the table (degrees) of the rim's far side, where the camera sees no wall
// below it, or nothing when the camera looks down on the coin too steeply to see its wall.
std::optional<double> HiddenWallDeg(const RimRays& rim) {
  cv::Point2d away(0, 0);
  for (size_t k = 0; k < rim.radial.size(); ++k) away -= rim.foot_px[k] * rim.radial[k];
  // A foot that shows kVisibleFootPx beyond the rim on the near side sums to about this.
  if (cv::norm(away) < 0.5 * static_cast<double>(rim.radial.size()) * kVisibleFootPx)
    return std::nullopt;
  return std::atan2(away.y, away.x) * 180 / CV_PI;
}

double AngleBetweenDeg(double a, double b) {
  const double d = std::fmod(std::abs(a - b), 360.0);
  return std::min(d, 360 - d);
}

// Whether the rim not found lies where it may not show: a coin on a surface of its own colour
// (ivory on an ivory tile) has an edge where its wall shows and none on the far side.
bool OnlyFarSideUnseen(const RimGap& gap, const RimRays& rim, const CoinFitOptions& options) {
  if (gap.width_deg > options.max_far_gap_deg) return false;
  const std::optional<double> far = HiddenWallDeg(rim);
  return far && AngleBetweenDeg(gap.middle_deg, *far) <= options.far_gap_slack_deg;
}

}  // namespace

CoinFit FitCoin(const cv::Mat& image, const calibration::TableMapping& mapping,
                const cv::Point2d& initial_mm, double radius_mm, double height_mm, double base_mm,
                const CoinFitOptions& options) {
  CoinFit result;
  result.centre_mm = initial_mm;
  CircleFit fit;
  std::vector<cv::Point2d> edges_mm;
  RimSearch search;
  const Alignment alignment = AlignRim(
      image, ProjectRim(mapping, initial_mm, radius_mm, height_mm, base_mm, options.rays), options);
  result.centre_mm = initial_mm + alignment.shift;
  const double rim_radius_mm = radius_mm + alignment.radius_offset;
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    const double share = options.iterations > 1 ? iteration / (options.iterations - 1.0) : 1.0;
    const double search_mm =
        options.first_search_mm + share * (options.last_search_mm - options.first_search_mm);
    search = SearchRim(
        image,
        ProjectRim(mapping, result.centre_mm, rim_radius_mm, height_mm, base_mm, options.rays),
        search_mm, options);
    if (search.rays_with_edge < 3) {
      result.reason = "no rim edges";
      return result;
    }
    edges_mm = mapping.ImageToTable(search.edge_pixels, height_mm);
    // Strong edges lead; faint ones (a rim side the same colour as the table) follow.
    std::vector<double> strength_weights(search.strengths.size());
    const double typical = Median(search.strengths);
    for (size_t i = 0; i < search.strengths.size(); ++i)
      strength_weights[i] = search.strengths[i] < options.faint_share * typical
                                ? 0.0
                                : std::min(2.0, search.strengths[i] / std::max(typical, 1e-6));
    fit = FitCircleKnownRadius(edges_mm, rim_radius_mm, result.centre_mm, 0.04,
                               std::max(0.1, 0.25 * search_mm), strength_weights,
                               options.radius_sigma_mm);
    result.centre_mm = fit.centre;
  }
  result.edge_px = search.edge_pixels;
  result.support = static_cast<double>(fit.inliers) / options.rays;
  std::vector<double> angles;
  for (size_t i = 0; i < edges_mm.size(); ++i) {
    if (!fit.inlier[i]) continue;
    const cv::Point2d d = edges_mm[i] - fit.centre;
    angles.push_back(std::atan2(d.y, d.x) * 180 / CV_PI);
  }
  const RimGap gap = WidestGap(angles);
  result.largest_gap_deg = gap.width_deg;
  result.rms_mm = fit.rms;
  result.centre_sigma_mm = fit.centre_sigma;
  double strength = 0;
  for (size_t i = 0; i < edges_mm.size(); ++i) {
    if (!fit.inlier[i]) continue;
    result.rim_mm.push_back(edges_mm[i]);
    strength += search.strengths[i];
  }
  result.mean_edge_strength = fit.inliers > 0 ? strength / fit.inliers : 0;
  const RimRays fitted_rim =
      ProjectRim(mapping, result.centre_mm, rim_radius_mm, height_mm, base_mm, options.rays);
  result.inner_activity = InnerActivity(image, fitted_rim, rim_radius_mm, search.strengths);
  result.face_spread =
      RingSpread(image, mapping, result.centre_mm, 0.8 * radius_mm, height_mm, options.rays);
  result.surround_spread =
      RingSpread(image, mapping, result.centre_mm, 1.4 * radius_mm, base_mm, options.rays);
  const CircleFit free = FitCircleFree(edges_mm, fit.inlier);
  result.free_radius_mm = free.radius;
  // Around the free circle: the edge may show uniformly inside or outside the rim, and a
  // partial rim fitted with a slightly wrong radius would look scattered.
  int tight = 0;
  for (const cv::Point2d& edge : edges_mm)
    tight += std::abs(cv::norm(edge - free.centre) - free.radius) <= options.tight_band_mm;
  result.tight_support = static_cast<double>(tight) / options.rays;
  // Roundness is judged around the free circle: a rim that looks uniformly larger or smaller
  // (blur, glare, a printed border) is still round.
  result.rms_mm = free.rms;
  if (result.support < options.min_support) {
    result.reason = "rim found on too few rays";
  } else if (result.tight_support < options.min_tight_support) {
    result.reason = "rim edges scattered";
  } else if (result.largest_gap_deg > options.max_gap_deg &&
             !OnlyFarSideUnseen(gap, fitted_rim, options)) {
    result.reason = "rim seen on one side only";
  } else if (std::abs(free.radius / radius_mm - 1) > options.max_radius_error) {
    result.reason = "not coin-sized";
  } else if (result.rms_mm > options.max_rms_mm) {
    result.reason = "rim not round";
  } else {
    result.accepted = true;
  }
  if (!result.accepted) {
    result.reason += " [support " + std::to_string(result.support) + " gap " +
                     std::to_string(result.largest_gap_deg) + " rms " +
                     std::to_string(result.rms_mm) + " r " + std::to_string(result.free_radius_mm) +
                     " strength " + std::to_string(result.mean_edge_strength) + " spread " +
                     std::to_string(result.face_spread) + "]";
  }
  return result;
}

}  // namespace tabref::vision
