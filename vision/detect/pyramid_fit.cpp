#include "vision/detect/pyramid_fit.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "calibration/median.h"
#include "vision/detect/edge_search.h"

namespace tabref::vision {
namespace {

constexpr int kParameters = 4;  // shift x, shift y (mm), turn (deg), size change (relative)
using Parameters = cv::Vec4d;
const Parameters kSteps(0.05, 0.05, 0.1, 0.002);  // for the numerical Jacobian

PyramidPlacement Moved(const PyramidPlacement& placement, const Parameters& q) {
  PyramidPlacement moved = placement;
  moved.position_mm += cv::Point2d(q[0], q[1]);
  moved.angle_deg += q[2];
  return moved;
}

PyramidShape Scaled(const PyramidShape& shape, double change) {
  return {shape.base_mm * (1 + change), shape.height_mm * (1 + change)};
}

// Where the silhouette's edges lie in the image, ray by ray, and how each ray's point moves
// along its normal with the parameters.
struct SilhouetteRays {
  std::vector<cv::Point2d> pixel;
  std::vector<cv::Point2d> normal;   // outward (unit)
  std::vector<Parameters> jacobian;  // px along the normal per unit of each parameter
  std::vector<int> edge;             // index of the silhouette edge
  std::vector<double> px_per_mm;
  int edges = 0;
};

SilhouetteRays ProjectRays(const calibration::TableMapping& mapping, const TopView& view,
                           const PyramidShape& shape, const PyramidPlacement& placement,
                           const Parameters& q, const PyramidFitOptions& options) {
  const PyramidCorners corners = PyramidVertices(Scaled(shape, q[3]), Moved(placement, q));
  const PyramidSilhouette silhouette = SilhouetteOf(corners, view);
  // The samples, as (edge, t) along the silhouette's edges.
  std::vector<std::pair<int, double>> samples;
  const size_t count = silhouette.corners.size();
  for (size_t e = 0; e < count; ++e) {
    const double length = cv::norm(silhouette.seen_mm[(e + 1) % count] - silhouette.seen_mm[e]);
    const double usable = length * (1 - 2 * options.edge_end_share);
    const int rays = std::max(std::max(2, options.min_rays_per_edge),
                              static_cast<int>(usable / options.ray_spacing_mm) + 1);
    for (int k = 0; k < rays; ++k)
      samples.emplace_back(
          static_cast<int>(e),
          options.edge_end_share + (1 - 2 * options.edge_end_share) * (k + 0.5) / rays);
  }
  // Every sample at q and at q plus each parameter's step, and the solid's middle.
  std::vector<cv::Vec3d> points;
  points.reserve(samples.size() * (kParameters + 1) + 1);
  for (int variant = 0; variant <= kParameters; ++variant) {
    Parameters at = q;
    if (variant > 0) at[variant - 1] += kSteps[variant - 1];
    const PyramidCorners moved = PyramidVertices(Scaled(shape, at[3]), Moved(placement, at));
    for (const auto& [e, t] : samples) {
      const cv::Vec3d& a = moved[static_cast<size_t>(silhouette.corners[static_cast<size_t>(e)])];
      const cv::Vec3d& b =
          moved[static_cast<size_t>(silhouette.corners[(static_cast<size_t>(e) + 1) % count])];
      points.push_back(a + t * (b - a));
    }
  }
  cv::Vec3d middle(0, 0, 0);
  for (const cv::Vec3d& corner : corners) middle += corner * 0.2;
  points.push_back(middle);
  const std::vector<cv::Point2d> pixels = mapping.TableToImage(points);
  const cv::Point2d centre = pixels.back();
  const size_t n = samples.size();
  SilhouetteRays rays;
  rays.edges = static_cast<int>(count);
  for (size_t i = 0; i < n; ++i) {
    // The tangent from the neighbouring samples on the same edge (the image of a straight
    // edge bends a little with the lens).
    const bool before = i > 0 && samples[i - 1].first == samples[i].first;
    const bool after = i + 1 < n && samples[i + 1].first == samples[i].first;
    const cv::Point2d tangent = pixels[after ? i + 1 : i] - pixels[before ? i - 1 : i];
    const double length = std::max(cv::norm(tangent), 1e-9);
    cv::Point2d normal(tangent.y / length, -tangent.x / length);
    if (normal.dot(pixels[i] - centre) < 0) normal = -normal;
    Parameters jacobian;
    for (int k = 0; k < kParameters; ++k)
      jacobian[k] =
          normal.dot(pixels[(static_cast<size_t>(k) + 1) * n + i] - pixels[i]) / kSteps[k];
    rays.pixel.push_back(pixels[i]);
    rays.normal.push_back(normal);
    rays.jacobian.push_back(jacobian);
    rays.edge.push_back(samples[i].first);
    rays.px_per_mm.push_back(std::max(std::hypot(jacobian[0], jacobian[1]), 1e-6));
  }
  return rays;
}

bool Inside(const cv::Mat& image, const cv::Point2d& p, double margin) {
  return p.x >= margin && p.y >= margin && p.x <= image.cols - 1 - margin &&
         p.y <= image.rows - 1 - margin;
}

// A ray's evidence for the outline: a unit bump at the innermost clear edge (coming out of
// the plain plastic, the first edge is the outline; a shadow lies beyond it) and half bumps
// at the other clear edges; zero elsewhere.
std::vector<float> OutlineEvidence(const std::vector<double>& derivative,
                                   const PyramidFitOptions& options) {
  std::vector<float> evidence(derivative.size(), 0.0f);
  const double strongest = *std::max_element(derivative.begin(), derivative.end());
  if (strongest < options.edge_floor) return evidence;
  const double clear = std::max(options.edge_floor, options.clear_share * strongest);
  bool first = true;
  for (int i = 1; i + 1 < static_cast<int>(derivative.size()); ++i) {
    const double here = derivative[static_cast<size_t>(i)];
    if (here < clear || here < derivative[static_cast<size_t>(i - 1)] ||
        here <= derivative[static_cast<size_t>(i + 1)])
      continue;
    const float height = first ? 1.0f : 0.5f;
    first = false;
    for (int d = -2; d <= 2; ++d) {
      const int j = i + d;
      if (j < 0 || j >= static_cast<int>(evidence.size())) continue;
      evidence[static_cast<size_t>(j)] =
          std::max(evidence[static_cast<size_t>(j)], height * (1.0f - 0.3f * std::abs(d)));
    }
  }
  return evidence;
}

// The change of parameters (no size change) that gathers the most outline evidence.
Parameters AlignOutline(const cv::Mat& image, const SilhouetteRays& rays,
                        const PyramidFitOptions& options) {
  std::vector<EvidenceProfile> profiles(rays.pixel.size());
  std::vector<size_t> usable;  // the rays with any evidence (the others add +0 everywhere)
  for (size_t r = 0; r < rays.pixel.size(); ++r) {
    if (!Inside(image, rays.pixel[r], 3)) continue;
    const double half_px = (options.align_reach_mm + 0.6) * rays.px_per_mm[r];
    profiles[r] = EvidenceProfile(
        OutlineEvidence(DerivativeProfile(image, rays.pixel[r], rays.normal[r], half_px), options));
    if (profiles[r].Any()) usable.push_back(r);
  }
  const auto energy = [&](const Parameters& change) {
    double total = 0;
    for (const size_t r : usable) total += profiles[r].At(rays.jacobian[r].dot(change));
    return total;
  };
  Parameters best(0, 0, 0, 0);
  double best_energy = energy(best);
  const auto search = [&](const Parameters& around, double reach_mm, double step_mm,
                          double turn_reach_deg, double turn_step_deg) {
    const int steps = static_cast<int>(std::round(reach_mm / step_mm));
    const int turns = static_cast<int>(std::round(turn_reach_deg / turn_step_deg));
    for (int t = -turns; t <= turns; ++t) {
      for (int y = -steps; y <= steps; ++y) {
        for (int x = -steps; x <= steps; ++x) {
          const Parameters change =
              around + Parameters(x * step_mm, y * step_mm, t * turn_step_deg, 0);
          const double value = energy(change);
          if (value > best_energy) {
            best_energy = value;
            best = change;
          }
        }
      }
    }
  };
  search(best, options.align_reach_mm, 0.3, options.align_turn_deg, 2);
  search(best, 0.3, 0.1, 1.5, 0.75);
  return best;
}

struct RaySearch {
  std::vector<size_t> ray;        // rays that found an edge
  std::vector<double> offset_px;  // along the normal, from the predicted outline
  std::vector<double> strength;
};

RaySearch SearchRays(const cv::Mat& image, const SilhouetteRays& rays, double search_mm,
                     const PyramidFitOptions& options) {
  RaySearch search;
  for (size_t r = 0; r < rays.pixel.size(); ++r) {
    if (!Inside(image, rays.pixel[r], 3)) continue;
    const double half = std::max(1.5, search_mm * rays.px_per_mm[r]);
    const std::vector<EdgePeak> peaks =
        FindEdgesAlong(image, rays.pixel[r], rays.normal[r], half, 4, options.min_edge_strength);
    const EdgePeak* best = NearestClearEdge(peaks, options.clear_share);
    if (best == nullptr) continue;
    search.ray.push_back(r);
    search.offset_px.push_back(best->offset_px);
    search.strength.push_back(best->strength);
  }
  return search;
}

double Tukey(double residual, double scale) {
  const double u = residual / (4.685 * scale);
  return std::abs(u) >= 1 ? 0 : (1 - u * u) * (1 - u * u);
}

PyramidFit FitFrom(const cv::Mat& image, const calibration::TableMapping& mapping,
                   const TopView& view, const PyramidShape& shape, const PyramidPlacement& initial,
                   const PyramidFitOptions& options) {
  PyramidFit fit;
  fit.placement = initial;
  Parameters q(0, 0, 0, 0);
  q += AlignOutline(image, ProjectRays(mapping, view, shape, initial, q, options), options);

  SilhouetteRays rays;
  RaySearch search;
  std::vector<double> weights;
  double scale_px = 0;
  cv::Matx44d normal_matrix;
  for (int iteration = 0; iteration < options.iterations; ++iteration) {
    const double share = options.iterations > 1 ? iteration / (options.iterations - 1.0) : 1.0;
    const double search_mm =
        options.first_search_mm + share * (options.last_search_mm - options.first_search_mm);
    rays = ProjectRays(mapping, view, shape, initial, q, options);
    search = SearchRays(image, rays, search_mm, options);
    if (search.ray.size() < 6) {
      fit.reason = "no outline edges";
      return fit;
    }
    std::vector<double> magnitudes;
    for (const double offset : search.offset_px) magnitudes.push_back(std::abs(offset));
    const double typical = Median(search.strength);
    // Robust scale: the residuals' median magnitude, within a tenth of a pixel and the search.
    scale_px = std::clamp(1.4826 * Median(magnitudes), 0.15,
                          std::max(0.3, 0.25 * search_mm * Median(rays.px_per_mm)));
    for (int pass = 0; pass < 3; ++pass) {
      normal_matrix = cv::Matx44d::zeros();
      cv::Vec4d right(0, 0, 0, 0);
      weights.assign(search.ray.size(), 0);
      for (size_t i = 0; i < search.ray.size(); ++i) {
        const Parameters& jacobian = rays.jacobian[search.ray[i]];
        // Residual after the change made in earlier passes of this iteration (linearised).
        const double residual = search.offset_px[i];
        weights[i] = Tukey(residual, scale_px) *
                     std::clamp(search.strength[i] / std::max(typical, 1e-6), 0.3, 2.0);
        normal_matrix += weights[i] * (jacobian * jacobian.t());
        right += weights[i] * residual * jacobian;
      }
      // The size prior, in the residuals' units.
      const double prior = scale_px * scale_px / (options.scale_sigma * options.scale_sigma);
      normal_matrix(3, 3) += prior;
      right[3] -= prior * q[3];
      cv::Vec4d change;
      if (!cv::solve(normal_matrix, right, change, cv::DECOMP_CHOLESKY)) {
        fit.reason = "outline does not fix the pose";
        return fit;
      }
      q += change;
      for (size_t i = 0; i < search.ray.size(); ++i)
        search.offset_px[i] -= rays.jacobian[search.ray[i]].dot(change);
    }
  }
  // Statistics of the last search around the final pose.
  fit.placement = Moved(initial, q);
  fit.scale = 1 + q[3];
  std::vector<int> found_per_edge(static_cast<size_t>(rays.edges), 0);
  std::vector<int> rays_per_edge(static_cast<size_t>(rays.edges), 0);
  for (const int e : rays.edge) ++rays_per_edge[static_cast<size_t>(e)];
  double weight_sum = 0;
  double squares = 0;
  double squares_mm = 0;
  double strength = 0;
  int inliers = 0;
  int tight = 0;
  for (size_t i = 0; i < search.ray.size(); ++i) {
    const size_t r = search.ray[i];
    const double residual_mm = search.offset_px[i] / rays.px_per_mm[r];
    tight += std::abs(residual_mm) <= options.tight_band_mm ||
             std::abs(search.offset_px[i]) <= options.tight_band_px;
    if (weights[i] <= 0) continue;
    ++inliers;
    ++found_per_edge[static_cast<size_t>(rays.edge[r])];
    weight_sum += weights[i];
    squares += weights[i] * search.offset_px[i] * search.offset_px[i];
    squares_mm += residual_mm * residual_mm;
    strength += search.strength[i];
    fit.edge_px.push_back(rays.pixel[r] + search.offset_px[i] * rays.normal[r]);
  }
  const double total_rays = static_cast<double>(rays.pixel.size());
  fit.support = inliers / total_rays;
  fit.tight_support = tight / total_rays;
  fit.rms_mm = inliers > 0 ? std::sqrt(squares_mm / inliers) : 0;
  fit.mean_edge_strength = inliers > 0 ? strength / inliers : 0;
  fit.edges = rays.edges;
  for (int e = 0; e < rays.edges; ++e)
    fit.edges_seen +=
        2 * found_per_edge[static_cast<size_t>(e)] >= rays_per_edge[static_cast<size_t>(e)];
  // Covariance of the parameters: the residual variance times the inverse normal matrix.
  const double variance = weight_sum > kParameters ? squares / (weight_sum - kParameters) : 1;
  const cv::Matx44d covariance = variance * normal_matrix.inv(cv::DECOMP_CHOLESKY);
  const double xx = covariance(0, 0);
  const double yy = covariance(1, 1);
  const double xy = covariance(0, 1);
  fit.position_sigma_mm =
      std::sqrt(std::max(0.0, 0.5 * (xx + yy) + std::sqrt(0.25 * (xx - yy) * (xx - yy) + xy * xy)));
  fit.angle_sigma_deg = std::sqrt(std::max(0.0, covariance(2, 2)));

  if (fit.support < options.min_support) {
    fit.reason = "outline found on too few rays";
  } else if (fit.edges_seen < std::min(options.min_edges_seen, rays.edges)) {
    fit.reason = "outline seen on too few sides";
  } else if (fit.tight_support < options.min_tight_support) {
    fit.reason = "outline edges scattered";
  } else if (fit.rms_mm >
             std::max(options.max_rms_mm, options.max_rms_px / Median(rays.px_per_mm))) {
    fit.reason = "outline not straight";
  } else {
    fit.accepted = true;
  }
  return fit;
}

}  // namespace

PyramidFit FitPyramid(const cv::Mat& image, const calibration::TableMapping& mapping,
                      const TopView& view, const PyramidShape& shape,
                      const PyramidPlacement& initial, const PyramidFitOptions& options) {
  PyramidFit fit = FitFrom(image, mapping, view, shape, initial, options);
  if ((fit.accepted && fit.tight_support >= options.retry_min_tight_support) ||
      initial.pose != PyramidPose::kUpright || options.retry_turn_step_deg <= 0)
    return fit;
  const cv::Vec3d at(initial.position_mm.x, initial.position_mm.y, 0);
  if (shape.base_mm * mapping.PixelsPerMm(at) > options.retry_max_base_px) return fit;
  for (double turn = options.retry_turn_step_deg; turn < 90 - 1e-9;
       turn += options.retry_turn_step_deg) {
    PyramidPlacement turned = initial;
    turned.angle_deg += turn;
    PyramidFit retry = FitFrom(image, mapping, view, shape, turned, options);
    if (retry.accepted && retry.tight_support >= options.retry_min_tight_support &&
        (!fit.accepted || retry.Score() > fit.Score()))
      fit = std::move(retry);
  }
  return fit;
}

}  // namespace tabref::vision
