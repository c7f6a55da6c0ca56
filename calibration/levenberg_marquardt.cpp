#include "calibration/levenberg_marquardt.h"

#include <cmath>

namespace tabref::calibration {
namespace {

double SumOfSquares(const std::vector<double>& values) {
  double sum = 0;
  for (double value : values) sum += value * value;
  return sum;
}

}  // namespace

cv::Mat NumericJacobian(const ResidualFunction& residuals, const std::vector<double>& params,
                        int residual_count, const std::vector<double>& steps) {
  const int n = static_cast<int>(params.size());
  cv::Mat jacobian(residual_count, n, CV_64F);
  std::vector<double> shifted = params;
  std::vector<double> plus(static_cast<size_t>(residual_count));
  std::vector<double> minus(static_cast<size_t>(residual_count));
  for (int j = 0; j < n; ++j) {
    const double step = steps[static_cast<size_t>(j)];
    shifted[static_cast<size_t>(j)] = params[static_cast<size_t>(j)] + step;
    residuals(shifted, plus);
    shifted[static_cast<size_t>(j)] = params[static_cast<size_t>(j)] - step;
    residuals(shifted, minus);
    shifted[static_cast<size_t>(j)] = params[static_cast<size_t>(j)];
    for (int i = 0; i < residual_count; ++i) {
      jacobian.at<double>(i, j) =
          (plus[static_cast<size_t>(i)] - minus[static_cast<size_t>(i)]) / (2 * step);
    }
  }
  return jacobian;
}

cv::Mat LeastSquaresResult::Covariance() const {
  const int n = normal_matrix.rows;
  cv::Mat inverse;
  cv::invert(normal_matrix, inverse, cv::DECOMP_SVD);
  const int dof = residual_count - n;
  return inverse * (dof > 0 ? cost / dof : 0.0);
}

LeastSquaresResult MinimiseLeastSquares(const ResidualFunction& residuals,
                                        std::vector<double> params, int residual_count,
                                        const std::vector<double>& steps,
                                        const LeastSquaresOptions& options) {
  const int n = static_cast<int>(params.size());
  std::vector<double> r(static_cast<size_t>(residual_count));
  residuals(params, r);
  double cost = SumOfSquares(r);
  double lambda = 1e-3;
  LeastSquaresResult result;
  result.residual_count = residual_count;
  int iteration = 0;
  cv::Mat jacobian = NumericJacobian(residuals, params, residual_count, steps);
  for (; iteration < options.max_iterations; ++iteration) {
    const cv::Mat normal = jacobian.t() * jacobian;
    const cv::Mat gradient = jacobian.t() * cv::Mat(r);
    bool improved = false;
    bool converged = false;
    while (lambda < 1e12) {
      cv::Mat damped = normal.clone();
      for (int i = 0; i < n; ++i) {
        damped.at<double>(i, i) += lambda * std::max(normal.at<double>(i, i), 1e-12);
      }
      cv::Mat step;
      if (!cv::solve(damped, -gradient, step, cv::DECOMP_CHOLESKY)) {
        cv::solve(damped, -gradient, step, cv::DECOMP_SVD);
      }
      std::vector<double> candidate = params;
      double step_norm = 0;
      double param_norm = 0;
      for (int i = 0; i < n; ++i) {
        candidate[static_cast<size_t>(i)] += step.at<double>(i);
        step_norm += std::pow(step.at<double>(i) / steps[static_cast<size_t>(i)], 2);
        param_norm += std::pow(params[static_cast<size_t>(i)] / steps[static_cast<size_t>(i)], 2);
      }
      std::vector<double> candidate_r(static_cast<size_t>(residual_count));
      residuals(candidate, candidate_r);
      const double candidate_cost = SumOfSquares(candidate_r);
      if (std::isfinite(candidate_cost) && candidate_cost < cost) {
        converged = cost - candidate_cost <= options.relative_cost_tolerance * cost ||
                    std::sqrt(step_norm) <= options.step_tolerance * (std::sqrt(param_norm) + 1e-3);
        params = std::move(candidate);
        r = std::move(candidate_r);
        cost = candidate_cost;
        lambda = std::max(lambda / 10, 1e-12);
        improved = true;
        break;
      }
      lambda *= 10;
    }
    if (!improved) break;
    jacobian = NumericJacobian(residuals, params, residual_count, steps);
    if (converged) break;
  }
  result.params = std::move(params);
  result.cost = cost;
  result.normal_matrix = jacobian.t() * jacobian;
  result.iterations = iteration;
  return result;
}

}  // namespace tabref::calibration
