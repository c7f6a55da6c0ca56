#include "calibration/coverage.h"

#include <cmath>
#include <opencv2/calib3d.hpp>
#include <opencv2/imgproc.hpp>
#include <sstream>

namespace tabref::calibration {
namespace {

constexpr std::array<const char*, 9> kRegionNames{"top-left",    "top",    "top-right",
                                                  "left",        "centre", "right",
                                                  "bottom-left", "bottom", "bottom-right"};
constexpr std::array<const char*, 4> kTiltNames{"right edge nearer", "left edge nearer",
                                                "bottom edge nearer", "top edge nearer"};

std::string Join(const std::vector<std::string>& items) {
  std::string text;
  for (size_t i = 0; i < items.size(); ++i) text += (i == 0 ? "" : ", ") + items[i];
  return text;
}

}  // namespace

BoardTilt EstimateTilt(const BoardView& view) {
  BoardTilt tilt;
  if (view.image_points.size() < 4) return tilt;
  const double focal = std::max(view.image_size.width, view.image_size.height);
  const cv::Matx33d camera(focal, 0, 0.5 * (view.image_size.width - 1), 0, focal,
                           0.5 * (view.image_size.height - 1), 0, 0, 1);
  cv::Vec3d rvec;
  cv::Vec3d tvec;
  if (!cv::solvePnP(view.object_points, view.image_points, camera, cv::noArray(), rvec, tvec, false,
                    cv::SOLVEPNP_IPPE)) {
    return tilt;
  }
  cv::Matx33d rotation;
  cv::Rodrigues(rvec, rotation);
  cv::Vec3d normal(rotation(0, 2), rotation(1, 2), rotation(2, 2));
  if (normal[2] < 0) normal = -normal;  // pointing away from the camera
  // Depth along the board falls toward where the normal leans: that edge is nearer.
  tilt.left_right_deg = std::atan2(normal[0], normal[2]) * 180 / CV_PI;
  tilt.up_down_deg = std::atan2(normal[1], normal[2]) * 180 / CV_PI;
  return tilt;
}

std::string CoverageReport::Missing() const {
  std::vector<std::string> todo;
  if (!missing_regions.empty()) todo.push_back("show the board in the " + Join(missing_regions));
  if (!missing_tilts.empty()) {
    todo.push_back("tilt it 20-40 degrees with the " + Join(missing_tilts));
  }
  std::string text;
  for (size_t i = 0; i < todo.size(); ++i) text += (i == 0 ? "" : "; ") + todo[i];
  return text;
}

std::string CoverageReport::Guidance() const {
  std::ostringstream text;
  text << "coverage " << static_cast<int>(std::lround(100 * area_fraction)) << "% of the image, "
       << tilted_views << " tilted views";
  const std::string missing = Missing();
  if (missing.empty()) {
    text << ": good";
  } else {
    text << "; still: " << missing;
  }
  return text.str();
}

CoverageMap::CoverageMap(cv::Size image_size)
    : image_size_(image_size),
      scale_(96.0 / std::max(1, image_size.width)),
      covered_(cv::Size(96, std::max(1, static_cast<int>(std::lround(image_size.height * scale_)))),
               CV_8U, cv::Scalar(0)) {}

cv::Mat CoverageMap::Outline(const BoardView& view) const {
  cv::Mat outline(covered_.size(), CV_8U, cv::Scalar(0));
  if (view.image_points.size() < 3) return outline;
  std::vector<cv::Point2f> hull;
  cv::convexHull(view.image_points, hull);
  std::vector<cv::Point> cells;
  cells.reserve(hull.size());
  for (const cv::Point2f& p : hull) {
    cells.emplace_back(static_cast<int>(std::lround(p.x * scale_)),
                       static_cast<int>(std::lround(p.y * scale_)));
  }
  cv::fillConvexPoly(outline, cells, cv::Scalar(255));
  return outline;
}

std::array<bool, 4> CoverageMap::TiltDirections(const BoardView& view) {
  const BoardTilt tilt = EstimateTilt(view);
  return {tilt.left_right_deg >= kMinTiltDeg, tilt.left_right_deg <= -kMinTiltDeg,
          tilt.up_down_deg >= kMinTiltDeg, tilt.up_down_deg <= -kMinTiltDeg};
}

void CoverageMap::Add(const BoardView& view) {
  covered_ |= Outline(view);
  const std::array<bool, 4> directions = TiltDirections(view);
  bool tilted = false;
  for (size_t i = 0; i < 4; ++i) {
    tilts_[i] = tilts_[i] || directions[i];
    tilted = tilted || directions[i];
  }
  if (tilted) ++tilted_views_;
}

double CoverageMap::NewArea(const BoardView& view) const {
  const cv::Mat added = Outline(view) & ~covered_;
  return static_cast<double>(cv::countNonZero(added)) / static_cast<double>(covered_.total());
}

bool CoverageMap::AddsTilt(const BoardView& view) const {
  const std::array<bool, 4> directions = TiltDirections(view);
  for (size_t i = 0; i < 4; ++i) {
    if (directions[i] && !tilts_[i]) return true;
  }
  return false;
}

CoverageReport CoverageMap::Report() const {
  CoverageReport report;
  report.area_fraction =
      static_cast<double>(cv::countNonZero(covered_)) / static_cast<double>(covered_.total());
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      const cv::Rect cell(c * covered_.cols / 3, r * covered_.rows / 3, covered_.cols / 3,
                          covered_.rows / 3);
      const double fraction =
          static_cast<double>(cv::countNonZero(covered_(cell))) / static_cast<double>(cell.area());
      if (fraction < 0.5) {
        report.missing_regions.emplace_back(
            kRegionNames[static_cast<size_t>(r) * 3 + static_cast<size_t>(c)]);
      }
    }
  }
  for (size_t i = 0; i < 4; ++i) {
    if (!tilts_[i]) report.missing_tilts.emplace_back(kTiltNames[i]);
  }
  report.tilted_views = tilted_views_;
  return report;
}

}  // namespace tabref::calibration
