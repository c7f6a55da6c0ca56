#include "calibration/focal_estimate.h"

#include <cmath>
#include <opencv2/imgproc.hpp>

namespace tabref::calibration {

cv::Point2d ImageCentre(cv::Size image_size) {
  return {0.5 * (image_size.width - 1), 0.5 * (image_size.height - 1)};
}

std::optional<double> FocalFromMarkerHomographies(const std::vector<MarkerObservation>& markers,
                                                  cv::Size image_size) {
  const cv::Point2d centre = ImageCentre(image_size);
  const std::vector<cv::Point2f> square{{-1, 1}, {1, 1}, {1, -1}, {-1, -1}};
  // Each constraint reads a / f^2 + b = 0; least squares for u = 1/f^2 minimises
  // sum (a u + b)^2.
  double aa = 0;
  double ab = 0;
  for (const MarkerObservation& marker : markers) {
    std::vector<cv::Point2f> image;
    for (const cv::Point2f& corner : marker.corners) {
      image.emplace_back(static_cast<float>(corner.x - centre.x),
                         static_cast<float>(corner.y - centre.y));
    }
    cv::Matx33d h(cv::getPerspectiveTransform(square, image));
    h *= 1.0 / cv::norm(cv::Vec3d(h(0, 0), h(1, 0), h(2, 0)));
    const double h11 = h(0, 0), h21 = h(1, 0), h31 = h(2, 0);
    const double h12 = h(0, 1), h22 = h(1, 1), h32 = h(2, 1);
    const std::array<std::pair<double, double>, 2> constraints{
        std::pair{h11 * h12 + h21 * h22, h31 * h32},
        std::pair{h11 * h11 + h21 * h21 - h12 * h12 - h22 * h22, h31 * h31 - h32 * h32}};
    for (const auto& [a, b] : constraints) {
      // Scale-free weighting: a is of order f^2 times b.
      aa += a * a;
      ab += a * b;
    }
  }
  if (aa <= 0) return std::nullopt;
  const double inverse_square = -ab / aa;
  if (!(inverse_square > 0)) return std::nullopt;
  const double focal = 1 / std::sqrt(inverse_square);
  const double width = image_size.width;
  if (focal < 0.2 * width || focal > 10 * width) return std::nullopt;
  return focal;
}

}  // namespace tabref::calibration
