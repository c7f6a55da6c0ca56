#include "vision/detect/pyramid_candidates.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "vision/detect/label_blobs.h"

namespace tabref::vision {
namespace {

cv::Point2d CellCentreInView(int x, int y, int factor) {
  const double middle = 0.5 * (factor - 1);
  return {x * factor + middle, y * factor + middle};
}

void MaskMarkers(cv::Mat& labels, const TopView& view, int factor,
                 const calibration::TableCalibration& calibration, double margin_mm) {
  for (int id = 0; id < calibration::kTableMarkerCount; ++id) {
    const std::array<cv::Vec3d, 4> corners = calibration.MarkerCorners(id);
    const cv::Point2d centre = calibration.marker_centres_mm[static_cast<size_t>(id)];
    std::vector<cv::Point> polygon;
    for (const cv::Vec3d& corner : corners) {
      cv::Point2d out(corner[0] - centre.x, corner[1] - centre.y);
      // Corners move out along the diagonal by margin * sqrt(2): each edge by `margin`.
      out *= 1 + margin_mm * std::sqrt(2.0) / std::max(cv::norm(out), 1e-9);
      const cv::Point2d pixel = view.ToPixel(centre + out) * (1.0 / factor);
      polygon.emplace_back(static_cast<int>(std::lround(pixel.x)),
                           static_cast<int>(std::lround(pixel.y)));
    }
    cv::fillConvexPoly(labels, polygon, cv::Scalar(0));
  }
}

}  // namespace

BlobSpread SpreadOf(const PyramidCandidate& candidate) {
  BlobSpread spread;
  for (const cv::Point2d& cell : candidate.cells) {
    const cv::Point2d d = cell - candidate.centroid_mm;
    spread.xx += d.x * d.x;
    spread.yy += d.y * d.y;
    spread.xy += d.x * d.y;
  }
  return spread;
}

double BlobSpread::AxisRad() const { return 0.5 * std::atan2(2 * xy, xx - yy); }

double BlobSpread::Elongation() const {
  const double apart = std::sqrt((xx - yy) * (xx - yy) + 4 * xy * xy);
  return (xx + yy + apart) / std::max(xx + yy - apart, 1e-9);
}

int PyramidColourMap::LabelAt(const TopView& view, const cv::Point2d& table_mm) const {
  const cv::Point2d pixel = (view.ToPixel(table_mm) + cv::Point2d(0.5, 0.5)) * (1.0 / factor);
  const int x = static_cast<int>(std::floor(pixel.x));
  const int y = static_cast<int>(std::floor(pixel.y));
  if (x < 0 || y < 0 || x >= labels.cols || y >= labels.rows) return 0;
  return labels.at<uchar>(y, x);
}

PyramidColourMap FindPyramidCandidates(const cv::Mat& view_image, const TopView& view,
                                       const calibration::TableCalibration& calibration,
                                       const PyramidColours& colours, const PaperWhite& white,
                                       double smallest_base_mm,
                                       const PyramidCandidateOptions& options) {
  PyramidColourMap map;
  map.factor = std::max(1, static_cast<int>(std::lround(view.Scale() / options.px_per_mm)));
  map.px_per_mm = view.Scale() / map.factor;
  map.labels =
      colours.Label(view_image, map.factor, white, PyramidColours::MedianColour(view_image, white));
  MaskMarkers(map.labels, view, map.factor, calibration, options.marker_margin_mm);

  const double cell_area = 1 / (map.px_per_mm * map.px_per_mm);
  const double min_cells = options.min_area_share * smallest_base_mm * smallest_base_mm / cell_area;
  const double min_fragment_cells =
      options.min_fragment_share * smallest_base_mm * smallest_base_mm / cell_area;
  for (const LabelledBlob& blob : LabelBlobs(map.labels)) {
    if (blob.cells < min_fragment_cells) continue;
    const bool fragment =
        blob.cells < min_cells || blob.interior < options.min_interior_share * min_cells;
    PyramidCandidate candidate;
    candidate.colour = static_cast<size_t>(blob.label - 1);
    candidate.cell_area_mm2 = cell_area;
    cv::Point2d sum(0, 0);
    for (const cv::Point& cell : blob.points) {
      candidate.cells.push_back(view.ToTable(CellCentreInView(cell.x, cell.y, map.factor)));
      sum += candidate.cells.back();
    }
    candidate.centroid_mm = sum * (1.0 / static_cast<double>(candidate.cells.size()));
    (fragment ? map.fragments : map.candidates).push_back(std::move(candidate));
  }
  return map;
}

}  // namespace tabref::vision
