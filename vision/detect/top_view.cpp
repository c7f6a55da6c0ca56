#include "vision/detect/top_view.h"

#include <algorithm>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace tabref::vision {
namespace {

constexpr int kGridStep = 8;  // projected exactly every this many pixels, bilinear between

}  // namespace

TopView::TopView(const calibration::TableMapping& mapping, const cv::Rect2d& area_mm,
                 double px_per_mm)
    : area_mm_(area_mm),
      px_per_mm_(px_per_mm),
      size_(static_cast<int>(std::ceil(area_mm.width * px_per_mm)),
            static_cast<int>(std::ceil(area_mm.height * px_per_mm))),
      camera_centre_(mapping.CameraCentre()) {
  // The camera's distortion makes the map smooth but not projective: project a coarse grid
  // exactly and interpolate bilinearly (well below a hundredth of a pixel apart).
  const int grid_cols = size_.width / kGridStep + 2;
  const int grid_rows = size_.height / kGridStep + 2;
  std::vector<cv::Vec3d> grid_points;
  grid_points.reserve(static_cast<size_t>(grid_cols * grid_rows));
  for (int row = 0; row < grid_rows; ++row) {
    for (int col = 0; col < grid_cols; ++col) {
      const cv::Point2d table = ToTable({col * kGridStep * 1.0, row * kGridStep * 1.0});
      grid_points.emplace_back(table.x, table.y, 0);
    }
  }
  const std::vector<cv::Point2d> grid_pixels = mapping.TableToImage(grid_points);
  cv::Mat map(size_, CV_32FC2);
  for (int v = 0; v < size_.height; ++v) {
    const int row = v / kGridStep;
    const double fy = (v - row * kGridStep) / static_cast<double>(kGridStep);
    auto* out = map.ptr<cv::Vec2f>(v);
    for (int u = 0; u < size_.width; ++u) {
      const int col = u / kGridStep;
      const double fx = (u - col * kGridStep) / static_cast<double>(kGridStep);
      const auto at = [&](int r, int c) {
        return grid_pixels[static_cast<size_t>(r * grid_cols + c)];
      };
      const cv::Point2d top = at(row, col) * (1 - fx) + at(row, col + 1) * fx;
      const cv::Point2d bottom = at(row + 1, col) * (1 - fx) + at(row + 1, col + 1) * fx;
      const cv::Point2d pixel = top * (1 - fy) + bottom * fy;
      out[u] = cv::Vec2f(static_cast<float>(pixel.x), static_cast<float>(pixel.y));
    }
  }
  cv::convertMaps(map, cv::noArray(), map_xy_, map_fraction_, CV_16SC2);
}

cv::Mat TopView::Resample(const cv::Mat& frame) const {
  cv::Mat view;
  cv::remap(frame, view, map_xy_, map_fraction_, cv::INTER_LINEAR, cv::BORDER_CONSTANT);
  return view;
}

cv::Point2d TopView::ToPixel(const cv::Point2d& table_mm) const {
  return {(table_mm.x - area_mm_.x) * px_per_mm_,
          (area_mm_.y + area_mm_.height - table_mm.y) * px_per_mm_};
}

cv::Point2d TopView::ToTable(const cv::Point2d& pixel) const {
  return {area_mm_.x + pixel.x / px_per_mm_, area_mm_.y + area_mm_.height - pixel.y / px_per_mm_};
}

double TopView::Magnification(double height_mm) const {
  return camera_centre_[2] / (camera_centre_[2] - height_mm);
}

cv::Point2d TopView::SeenAt(const cv::Point2d& table_mm, double height_mm) const {
  const cv::Point2d nadir(camera_centre_[0], camera_centre_[1]);
  return nadir + (table_mm - nadir) * Magnification(height_mm);
}

cv::Point2d TopView::LiftTo(const cv::Point2d& seen_mm, double height_mm) const {
  const cv::Point2d nadir(camera_centre_[0], camera_centre_[1]);
  return nadir + (seen_mm - nadir) * (1 / Magnification(height_mm));
}

cv::Rect2d TableViewArea(const calibration::TableCalibration& calibration, double margin_mm) {
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const cv::Point2d& centre : calibration.marker_centres_mm) {
    x0 = std::min(x0, centre.x);
    y0 = std::min(y0, centre.y);
    x1 = std::max(x1, centre.x);
    y1 = std::max(y1, centre.y);
  }
  return {x0 - margin_mm, y0 - margin_mm, x1 - x0 + 2 * margin_mm, y1 - y0 + 2 * margin_mm};
}

}  // namespace tabref::vision
