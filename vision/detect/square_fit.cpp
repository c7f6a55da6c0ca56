#include "vision/detect/square_fit.h"

#include <algorithm>
#include <array>
#include <cmath>

#include "calibration/median.h"

namespace tabref::vision {
namespace {

constexpr double kTukey = 4.685;
constexpr int kParameters = 7;  // centre x, y, angle, the four sides' edge offsets
using Vector = cv::Vec<double, kParameters>;
using Matrix = cv::Matx<double, kParameters, kParameters>;

// The outward normal and tangent of each side of a square turned by an angle.
struct SideDirections {
  std::array<cv::Point2d, 4> normal;
  std::array<cv::Point2d, 4> tangent;
};

SideDirections DirectionsAt(double angle) {
  SideDirections directions;
  for (int side = 0; side < 4; ++side) {
    const double a = angle + 0.5 * CV_PI * side;
    const cv::Point2d n(std::cos(a), std::sin(a));
    directions.normal[static_cast<size_t>(side)] = n;
    directions.tangent[static_cast<size_t>(side)] = cv::Point2d(-n.y, n.x);
  }
  return directions;
}

// The Jacobian of a residual: nonzero only for the centre, the angle and the point's own
// side's offset, so only those four entries are kept.
struct SparseJacobian {
  std::array<double, 4> value;  // d/d centre x, centre y, angle, own side's offset
  std::array<int, 4> index;     // their parameters
};

// Signed distance of a point outside its side's edge line, and its Jacobian.
double Residual(const cv::Point2d& p, int side, const cv::Point2d& centre,
                const SideDirections& directions, const cv::Vec4d& offsets, double half_side,
                SparseJacobian& jacobian) {
  const cv::Point2d& n = directions.normal[static_cast<size_t>(side)];
  const cv::Point2d& t = directions.tangent[static_cast<size_t>(side)];
  const cv::Point2d d = p - centre;
  jacobian.value = {-n.x, -n.y, t.dot(d), -1};
  jacobian.index = {0, 1, 2, 3 + side};
  return n.dot(d) - half_side - offsets[side];
}

}  // namespace

SquareFit FitSquare(const SquareEdgePoints& edges, const SideModel& model,
                    const cv::Point2d& initial_centre, double initial_angle, double min_scale,
                    double max_scale) {
  SquareFit fit;
  fit.centre = initial_centre;
  fit.angle = initial_angle;
  fit.side_offsets = cv::Vec4d::all(model.offset);
  const size_t n = edges.points.size();
  fit.inlier.assign(n, false);
  if (n < 3) {
    fit.centre_sigma = 1e9;
    return fit;
  }
  const auto weight_of = [&](size_t i) { return edges.weights.empty() ? 1.0 : edges.weights[i]; };
  const double prior = 1 / (model.offset_sigma * model.offset_sigma);
  std::vector<double> residuals(n);
  double scale = min_scale;
  SparseJacobian jacobian;
  // The sides' directions at fit.angle (recomputed when it moves).
  double directions_angle = fit.angle;
  SideDirections directions = DirectionsAt(fit.angle);
  const auto residual_of = [&](size_t i) {
    if (fit.angle != directions_angle) {
      directions_angle = fit.angle;
      directions = DirectionsAt(fit.angle);
    }
    return Residual(edges.points[i], edges.sides[i], fit.centre, directions, fit.side_offsets,
                    model.half_side, jacobian);
  };
  // Gauss-Newton on sum(w r^2) / scale^2 + sum((offset - model offset)^2) / offset_sigma^2.
  const auto normal_equations = [&](bool robust, Matrix& normal, Vector& gradient) {
    normal = Matrix::zeros();
    gradient = Vector::all(0);
    for (size_t i = 0; i < n; ++i) {
      const double r = residual_of(i);
      double weight = weight_of(i);
      if (robust) {
        const double u = r / (kTukey * scale);
        if (std::abs(u) >= 1) continue;
        weight *= (1 - u * u) * (1 - u * u);
      } else if (!fit.inlier[i]) {
        continue;
      } else {
        weight = std::min(1.0, weight);  // strong edges lead, but count once
      }
      weight /= scale * scale;
      // weight * J J^T and weight * r * J on the Jacobian's nonzero entries (the others add
      // zeros).
      const double weighted_residual = weight * r;
      for (size_t a = 0; a < 4; ++a) {
        const int row = jacobian.index[a];
        for (size_t b = 0; b < 4; ++b)
          normal(row, jacobian.index[b]) += weight * (jacobian.value[a] * jacobian.value[b]);
        gradient[row] += weighted_residual * jacobian.value[a];
      }
    }
    for (int side = 0; side < 4; ++side) {
      normal(3 + side, 3 + side) += prior;
      gradient[3 + side] += prior * (fit.side_offsets[side] - model.offset);
    }
  };
  // Each side's edge starts where most of its points lie, so that an edge showing further
  // in or out than the others is not lost as outliers before its offset is fitted.
  for (int side = 0; side < 4; ++side) {
    std::vector<double> own;
    for (size_t i = 0; i < n; ++i) {
      if (edges.sides[i] == side && weight_of(i) > 0) own.push_back(residual_of(i));
    }
    if (own.size() >= 3) fit.side_offsets[side] += Median(own);
  }
  Matrix normal;
  Vector gradient;
  for (int iteration = 0; iteration < 12; ++iteration) {
    // The scale of the residuals about each side's own edge (the offsets taken out).
    std::vector<double> absolute(n);
    for (size_t i = 0; i < n; ++i) {
      residuals[i] = residual_of(i);
      absolute[i] = std::abs(residuals[i]);
    }
    scale = std::clamp(1.4826 * Median(absolute), min_scale, max_scale);
    normal_equations(true, normal, gradient);
    cv::Matx<double, kParameters, 1> step;
    if (!cv::solve(normal, -gradient, step, cv::DECOMP_CHOLESKY)) break;
    fit.centre += cv::Point2d(step(0), step(1));
    fit.angle += step(2);
    for (int side = 0; side < 4; ++side) fit.side_offsets[side] += step(3 + side);
    if (std::hypot(step(0), step(1)) < 1e-6 && std::abs(step(2)) < 1e-8) break;
  }
  double sum_squares = 0;
  for (size_t i = 0; i < n; ++i) {
    const double r = residual_of(i);
    if (std::abs(r) > 3 * scale || weight_of(i) <= 0) continue;
    fit.inlier[i] = true;
    ++fit.inliers;
    ++fit.side_inliers[edges.sides[i]];
    sum_squares += r * r;
  }
  if (fit.inliers <= 3) {
    fit.centre_sigma = 1e9;
    return fit;
  }
  fit.rms = std::sqrt(sum_squares / fit.inliers);
  // The covariance with the residuals' own variance (at least the smallest scale).
  scale = std::max(min_scale, std::sqrt(sum_squares / (fit.inliers - 3)));
  normal_equations(false, normal, gradient);
  Matrix covariance;
  if (cv::invert(normal, covariance, cv::DECOMP_CHOLESKY) == 0) {
    fit.centre_sigma = 1e9;
    return fit;
  }
  const double a = covariance(0, 0);
  const double b = covariance(1, 1);
  const double c = covariance(0, 1);
  fit.centre_sigma = std::sqrt(std::max(0.0, 0.5 * (a + b) + std::hypot(0.5 * (a - b), c)));
  fit.angle_sigma = std::sqrt(std::max(0.0, covariance(2, 2)));
  return fit;
}

}  // namespace tabref::vision
