#include "vision/detect/paper_white.h"

#include <algorithm>
#include <vector>

namespace tabref::vision {
namespace {

constexpr double kStepMm = 2;
// A marker's paper must be at least this bright (8-bit mean) to serve as white: a sheet out
// of the frame shows black.
constexpr float kMinPaper = 40;

float Brightness(const cv::Vec3f& bgr) { return (bgr[0] + bgr[1] + bgr[2]) / 3; }

float MedianOf(std::vector<float> values) {
  const auto middle = values.begin() + static_cast<std::ptrdiff_t>(values.size() / 2);
  std::nth_element(values.begin(), middle, values.end());
  return *middle;
}

}  // namespace

PaperWhite MeasurePaperWhite(const cv::Mat& view_image, const TopView& view,
                             const calibration::TableCalibration& calibration, double from_mm,
                             double to_mm) {
  std::vector<cv::Vec3f> marker_whites;
  for (int id = 0; id < calibration::kTableMarkerCount; ++id) {
    const std::array<cv::Vec3d, 4> corners = calibration.MarkerCorners(id);
    const cv::Point2d centre = calibration.marker_centres_mm[static_cast<size_t>(id)];
    std::vector<cv::Vec3f> samples;
    for (size_t e = 0; e < corners.size(); ++e) {
      const cv::Point2d a(corners[e][0], corners[e][1]);
      const cv::Point2d b(corners[(e + 1) % 4][0], corners[(e + 1) % 4][1]);
      cv::Point2d out = 0.5 * (a + b) - centre;
      out *= 1 / std::max(cv::norm(out), 1e-9);
      const double length = cv::norm(b - a);
      for (double along = kStepMm; along < length - kStepMm + 1e-9; along += kStepMm) {
        for (double away = from_mm; away <= to_mm + 1e-9; away += kStepMm) {
          const cv::Point2d pixel = view.ToPixel(a + (b - a) * (along / length) + out * away);
          const int x = static_cast<int>(pixel.x);
          const int y = static_cast<int>(pixel.y);
          if (x < 0 || y < 0 || x >= view_image.cols || y >= view_image.rows) continue;
          samples.emplace_back(view_image.at<cv::Vec3b>(y, x));
        }
      }
    }
    if (samples.size() < 8) continue;
    std::sort(samples.begin(), samples.end(),
              [](const cv::Vec3f& p, const cv::Vec3f& q) { return Brightness(p) > Brightness(q); });
    cv::Vec3f sum(0, 0, 0);
    const size_t bright = samples.size() / 2;
    for (size_t i = 0; i < bright; ++i) sum += samples[i];
    const cv::Vec3f white = sum * (1.0f / static_cast<float>(bright));
    if (Brightness(white) >= kMinPaper) marker_whites.push_back(white);
  }
  PaperWhite result;
  if (!marker_whites.empty()) {
    for (int c = 0; c < 3; ++c) {
      std::vector<float> channel;
      for (const cv::Vec3f& white : marker_whites) channel.push_back(white[c]);
      result.bgr[c] = MedianOf(channel);
    }
    result.from_paper = true;
    return result;
  }
  // No paper: the 98th percentile of brightness over the view, taken as neutral.
  std::vector<float> levels;
  for (int y = 0; y < view_image.rows; y += 4) {
    const auto* row = view_image.ptr<cv::Vec3b>(y);
    for (int x = 0; x < view_image.cols; x += 4) levels.push_back(Brightness(row[x]));
  }
  if (levels.empty()) return result;
  const auto at = levels.begin() + static_cast<std::ptrdiff_t>(0.98 * (levels.size() - 1));
  std::nth_element(levels.begin(), at, levels.end());
  result.bgr = cv::Vec3f::all(std::max(*at, kMinPaper));
  return result;
}

}  // namespace tabref::vision
