#include "vision/detect/circle_fit.h"

#include <algorithm>
#include <cmath>

#include "calibration/median.h"

namespace tabref::vision {
namespace {

constexpr double kTukey = 4.685;

// The larger standard deviation of a 2D estimate with normal matrix `normal`.
double LargerSigma(const cv::Matx22d& normal, double residual_variance) {
  const double det = normal(0, 0) * normal(1, 1) - normal(0, 1) * normal(1, 0);
  if (det <= 1e-12) return 1e9;
  const cv::Matx22d covariance =
      cv::Matx22d(normal(1, 1), -normal(0, 1), -normal(1, 0), normal(0, 0)) *
      (residual_variance / det);
  const double mean = 0.5 * (covariance(0, 0) + covariance(1, 1));
  const double diff = 0.5 * (covariance(0, 0) - covariance(1, 1));
  return std::sqrt(mean + std::hypot(diff, covariance(0, 1)));
}

}  // namespace

CircleFit FitCircleKnownRadius(const std::vector<cv::Point2d>& points, double radius,
                               const cv::Point2d& initial, double min_scale, double max_scale,
                               const std::vector<double>& weights, double radius_sigma) {
  CircleFit fit;
  fit.centre = initial;
  fit.radius = radius;
  fit.inlier.assign(points.size(), false);
  if (points.size() < 3) return fit;
  std::vector<double> residuals(points.size());
  double scale = min_scale;
  for (int iteration = 0; iteration < 12; ++iteration) {
    for (size_t i = 0; i < points.size(); ++i)
      residuals[i] = cv::norm(points[i] - fit.centre) - radius;
    std::vector<double> absolute(residuals.size());
    std::transform(residuals.begin(), residuals.end(), absolute.begin(),
                   [](double r) { return std::abs(r); });
    scale = std::clamp(1.4826 * Median(absolute), min_scale, max_scale);
    cv::Matx22d normal = cv::Matx22d::zeros();
    cv::Vec2d gradient(0, 0);
    for (size_t i = 0; i < points.size(); ++i) {
      const double u = residuals[i] / (kTukey * scale);
      if (std::abs(u) >= 1) continue;
      const double weight = (1 - u * u) * (1 - u * u) * (weights.empty() ? 1.0 : weights[i]);
      const cv::Point2d d = points[i] - fit.centre;
      const double length = std::max(cv::norm(d), 1e-9);
      const cv::Vec2d jacobian(-d.x / length, -d.y / length);
      normal += weight * jacobian * jacobian.t();
      gradient += weight * residuals[i] * jacobian;
    }
    const double det = normal(0, 0) * normal(1, 1) - normal(0, 1) * normal(1, 0);
    if (det <= 1e-12) break;
    const cv::Vec2d step = -(normal.inv() * gradient);
    fit.centre += cv::Point2d(step[0], step[1]);
    if (std::hypot(step[0], step[1]) < 1e-6) break;
  }
  double sum_squares = 0;
  cv::Matx33d normal = cv::Matx33d::zeros();  // centre x, y and the radius
  for (size_t i = 0; i < points.size(); ++i) {
    const cv::Point2d d = points[i] - fit.centre;
    const double residual = cv::norm(d) - radius;
    const double weight = weights.empty() ? 1.0 : std::min(1.0, weights[i]);
    if (std::abs(residual) > 3 * scale || weight <= 0) continue;
    fit.inlier[i] = true;
    ++fit.inliers;
    sum_squares += residual * residual;
    const double length = std::max(cv::norm(d), 1e-9);
    const cv::Vec3d jacobian(-d.x / length, -d.y / length, -1);
    normal += weight * (jacobian * jacobian.t());
  }
  if (fit.inliers > 2) {
    fit.rms = std::sqrt(sum_squares / fit.inliers);
    const double variance = sum_squares / (fit.inliers - 2);
    cv::Matx22d centre_normal(normal(0, 0), normal(0, 1), normal(1, 0), normal(1, 1));
    if (radius_sigma > 0 && variance > 0) {
      // Marginalise the radius, known to radius_sigma: the Schur complement of its entry in
      // the information matrix (normal / variance plus the prior).
      const double radius_information = normal(2, 2) + variance / (radius_sigma * radius_sigma);
      const cv::Vec2d coupling(normal(0, 2), normal(1, 2));
      centre_normal -= (coupling * coupling.t()) * (1 / radius_information);
    }
    fit.centre_sigma = LargerSigma(centre_normal, variance);
  }
  return fit;
}

CircleFit FitCircleFree(const std::vector<cv::Point2d>& points, const std::vector<bool>& use) {
  CircleFit fit;
  std::vector<cv::Point2d> chosen;
  for (size_t i = 0; i < points.size(); ++i) {
    if (use.empty() || use[i]) chosen.push_back(points[i]);
  }
  if (chosen.size() < 3) return fit;
  // Kasa: x^2 + y^2 + D x + E y + F = 0, least squares.
  cv::Mat a(static_cast<int>(chosen.size()), 3, CV_64F);
  cv::Mat b(static_cast<int>(chosen.size()), 1, CV_64F);
  for (int i = 0; i < a.rows; ++i) {
    const cv::Point2d& p = chosen[static_cast<size_t>(i)];
    a.at<double>(i, 0) = p.x;
    a.at<double>(i, 1) = p.y;
    a.at<double>(i, 2) = 1;
    b.at<double>(i) = -(p.x * p.x + p.y * p.y);
  }
  cv::Mat solution;
  cv::solve(a, b, solution, cv::DECOMP_SVD);
  fit.centre = {-0.5 * solution.at<double>(0), -0.5 * solution.at<double>(1)};
  fit.radius = std::sqrt(std::max(0.0, fit.centre.dot(fit.centre) - solution.at<double>(2)));
  for (int iteration = 0; iteration < 10; ++iteration) {
    cv::Matx33d normal = cv::Matx33d::zeros();
    cv::Vec3d gradient(0, 0, 0);
    for (const cv::Point2d& p : chosen) {
      const cv::Point2d d = p - fit.centre;
      const double length = std::max(cv::norm(d), 1e-9);
      const double residual = length - fit.radius;
      const cv::Vec3d jacobian(-d.x / length, -d.y / length, -1);
      normal += jacobian * jacobian.t();
      gradient += residual * jacobian;
    }
    const cv::Vec3d step = -(normal.inv(cv::DECOMP_CHOLESKY) * gradient);
    fit.centre += cv::Point2d(step[0], step[1]);
    fit.radius += step[2];
    if (cv::norm(step) < 1e-7) break;
  }
  double sum_squares = 0;
  for (const cv::Point2d& p : chosen) {
    const double residual = cv::norm(p - fit.centre) - fit.radius;
    sum_squares += residual * residual;
  }
  fit.inliers = static_cast<int>(chosen.size());
  fit.rms = std::sqrt(sum_squares / fit.inliers);
  return fit;
}

}  // namespace tabref::vision
