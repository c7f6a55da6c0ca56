#pragma once

#include <functional>
#include <opencv2/core.hpp>
#include <vector>

namespace tabref::calibration {

// Computes the residual vector for a parameter vector (both sized by the caller).
using ResidualFunction =
    std::function<void(const std::vector<double>& params, std::vector<double>& residuals)>;

struct LeastSquaresOptions {
  int max_iterations = 100;
  double relative_cost_tolerance = 1e-12;  // stop when a step improves the cost by less
  double step_tolerance = 1e-12;           // stop when the step is this small (relative)
};

struct LeastSquaresResult {
  std::vector<double> params;
  double cost = 0;  // sum of squared residuals
  int residual_count = 0;
  cv::Mat normal_matrix;  // J^T J at the solution (n x n, CV_64F)
  int iterations = 0;

  // sigma^2 (J^T J)^-1 with sigma^2 = cost / (m - n), the parameters' covariance.
  cv::Mat Covariance() const;
};

// Levenberg-Marquardt with a central-difference Jacobian, for the small dense problems of
// calibration (tens of parameters, tens of residuals). `steps[i]` is the difference step
// of parameter i (in its own unit).
LeastSquaresResult MinimiseLeastSquares(const ResidualFunction& residuals,
                                        std::vector<double> params, int residual_count,
                                        const std::vector<double>& steps,
                                        const LeastSquaresOptions& options = {});

// The central-difference Jacobian (residual_count x params, CV_64F).
cv::Mat NumericJacobian(const ResidualFunction& residuals, const std::vector<double>& params,
                        int residual_count, const std::vector<double>& steps);

}  // namespace tabref::calibration
