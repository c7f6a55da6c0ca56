#include "calibration/markers.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <numeric>
#include <opencv2/aruco.hpp>
#include <opencv2/imgproc.hpp>

#include "calibration/median.h"

namespace tabref::calibration {
namespace {

cv::Mat Grey(const cv::Mat& image) {
  if (image.channels() == 1) return image;
  cv::Mat grey;
  cv::cvtColor(image, grey, image.channels() == 4 ? cv::COLOR_BGRA2GRAY : cv::COLOR_BGR2GRAY);
  return grey;
}

double Sample(const cv::Mat& grey, const cv::Point2d& p) {
  const int x = static_cast<int>(std::floor(p.x));
  const int y = static_cast<int>(std::floor(p.y));
  if (x < 0 || y < 0 || x + 1 >= grey.cols || y + 1 >= grey.rows) return -1;
  const double fx = p.x - x;
  const double fy = p.y - y;
  const auto at = [&](int r, int c) { return static_cast<double>(grey.at<std::uint8_t>(r, c)); };
  return (1 - fy) * ((1 - fx) * at(y, x) + fx * at(y, x + 1)) +
         fy * ((1 - fx) * at(y + 1, x) + fx * at(y + 1, x + 1));
}

// The black square's edges located to a fraction of a pixel: along each side, the steepest
// point of the intensity profile across the edge (parabola through the gradient peak), then a
// line through those points; the corners are where adjacent lines meet. Unlike a corner
// detector on the L-shaped corner, blur does not pull this toward the inside of the square.
// The profile reaches into the marker's border cell only (a 4x4 marker with its border is 6
// cells wide), never the next cell's edges.
void RefineCorners(const cv::Mat& grey, std::array<cv::Point2f, 4>& corners) {
  std::array<cv::Point2d, 4> c;
  for (size_t k = 0; k < 4; ++k) c[k] = corners[k];
  double side = 0;
  for (size_t k = 0; k < 4; ++k) side += cv::norm(c[(k + 1) % 4] - c[k]) / 4;
  const double reach = std::max(1.5, 0.6 * side / 6);
  constexpr double kProfileStep = 0.25;
  // A sample whose ink or paper level differs from the marker's by more than this share of
  // the ink-to-paper contrast sees something else there.
  constexpr double kForeignLevelShare = 0.25;
  // One sample per pixel 15-85 % along each side: the edge point with the ink and the paper
  // levels on either side of it.
  struct EdgeSample {
    cv::Point2f point;
    double ink = 0;
    double paper = 0;
  };
  std::array<std::vector<EdgeSample>, 4> sides;
  cv::Point2d centre(0, 0);
  for (const cv::Point2d& p : c) centre += p / 4;
  for (size_t k = 0; k < 4; ++k) {
    const cv::Point2d from = c[k];
    const cv::Point2d to = c[(k + 1) % 4];
    const double length = cv::norm(to - from);
    const cv::Point2d along = (to - from) / length;
    cv::Point2d normal(along.y, -along.x);
    if (normal.dot(from - centre) < 0) normal = -normal;
    const int samples = static_cast<int>(0.7 * length) + 1;
    const int steps = static_cast<int>(std::floor(2 * reach / kProfileStep + 1e-9));
    for (int sample = 0; sample < samples; ++sample) {
      const cv::Point2d base = from + (0.15 * length + sample) * along;
      std::vector<double> profile;
      profile.reserve(static_cast<size_t>(steps) + 1);
      for (int j = 0; j <= steps; ++j) {
        profile.push_back(Sample(grey, base + (-reach + j * kProfileStep) * normal));
      }
      if (std::find(profile.begin(), profile.end(), -1.0) != profile.end()) continue;
      // The edge is where the intensity crosses halfway between the ink inside and the paper
      // outside (a symmetric blur keeps that point; the gradient's peak is flat within a pixel
      // of bilinear samples and would snap edges along the pixel grid to whole pixels).
      const size_t quarter = std::max<size_t>(1, profile.size() / 4);
      const double ink =
          std::accumulate(profile.begin(), profile.begin() + static_cast<long>(quarter), 0.0) /
          static_cast<double>(quarter);
      const double paper =
          std::accumulate(profile.end() - static_cast<long>(quarter), profile.end(), 0.0) /
          static_cast<double>(quarter);
      if (paper - ink < 20) continue;
      const double half = 0.5 * (ink + paper);
      size_t best = 0;
      double best_gradient = 0;
      for (size_t i = 0; i + 1 < profile.size(); ++i) {
        if (profile[i] <= half && profile[i + 1] > half &&
            profile[i + 1] - profile[i] > best_gradient) {
          best_gradient = profile[i + 1] - profile[i];
          best = i;
        }
      }
      if (best_gradient <= 0) continue;
      const double offset = (half - profile[best]) / (profile[best + 1] - profile[best]);
      const double s = -reach + (static_cast<double>(best) + offset) * kProfileStep;
      sides[k].push_back({base + s * normal, ink, paper});
    }
  }
  // A hand, a piece or a shadow over part of the marker offers an edge of its own (its
  // outline against the ink or the paper): such samples see ink or paper of another level
  // than the marker's and are left out of the lines.
  std::vector<double> inks;
  std::vector<double> papers;
  for (const auto& side_samples : sides) {
    for (const EdgeSample& sample : side_samples) {
      inks.push_back(sample.ink);
      papers.push_back(sample.paper);
    }
  }
  if (inks.empty()) return;
  const double ink_level = Median(inks);
  const double paper_level = Median(papers);
  const double tolerance = kForeignLevelShare * (paper_level - ink_level);
  std::array<cv::Vec3d, 4> lines;  // a x + b y = d, (a, b) the outward normal
  for (size_t k = 0; k < 4; ++k) {
    std::vector<cv::Point2f> edge;
    for (const EdgeSample& sample : sides[k]) {
      if (std::abs(sample.ink - ink_level) <= tolerance &&
          std::abs(sample.paper - paper_level) <= tolerance)
        edge.push_back(sample.point);
    }
    if (edge.size() < 3) return;  // keep cv::aruco's corners
    cv::Vec4f line;
    cv::fitLine(edge, line, cv::DIST_HUBER, 0, 0.01, 0.01);
    const cv::Point2d direction(line[0], line[1]);
    const cv::Point2d point(line[2], line[3]);
    const cv::Point2d n(direction.y, -direction.x);
    lines[k] = {n.x, n.y, n.dot(point)};
  }
  for (size_t k = 0; k < 4; ++k) {
    // Corner k joins side k-1 (from corner k-1) and side k (from corner k).
    const cv::Vec3d& a = lines[(k + 3) % 4];
    const cv::Vec3d& b = lines[k];
    const double det = a[0] * b[1] - a[1] * b[0];
    if (std::abs(det) < 1e-9) return;
    const cv::Point2d corner((a[2] * b[1] - a[1] * b[2]) / det, (a[0] * b[2] - a[2] * b[0]) / det);
    // cv::aruco's corner may lie where an arm cuts it off, a cell or more from the true one.
    if (cv::norm(corner - c[k]) > 2.5 * reach) return;
    c[k] = corner;
  }
  for (size_t k = 0; k < 4; ++k) corners[k] = c[k];
}

}  // namespace

MarkerDetection DetectTableMarkers(const cv::Mat& image) {
  MarkerDetection detection;
  if (image.empty()) return detection;
  const auto start = std::chrono::steady_clock::now();
  const cv::Mat grey = Grey(image);
  const cv::Ptr<cv::aruco::DetectorParameters> parameters = cv::aruco::DetectorParameters::create();
  parameters->cornerRefinementMethod = cv::aruco::CORNER_REFINE_NONE;
  std::vector<int> ids;
  std::vector<std::vector<cv::Point2f>> corners;
  std::vector<std::vector<cv::Point2f>> rejected;
  cv::aruco::detectMarkers(grey, cv::aruco::getPredefinedDictionary(cv::aruco::DICT_4X4_50),
                           corners, ids, parameters, rejected);
  detection.rejected_candidates = static_cast<int>(rejected.size());
  for (const auto& quad : rejected) {
    if (quad.size() == 4) detection.rejected_quads.push_back({quad[0], quad[1], quad[2], quad[3]});
  }
  const auto detected = std::chrono::steady_clock::now();
  detection.detect_ms = std::chrono::duration<double, std::milli>(detected - start).count();

  std::map<int, int> count;
  for (int id : ids) ++count[id];
  for (size_t m = 0; m < ids.size(); ++m) {
    const int id = ids[m];
    if (id < 0 || id >= kTableMarkerCount) {
      if (std::find(detection.other_ids.begin(), detection.other_ids.end(), id) ==
          detection.other_ids.end())
        detection.other_ids.push_back(id);
      continue;
    }
    if (count[id] > 1) {
      if (std::find(detection.duplicated_ids.begin(), detection.duplicated_ids.end(), id) ==
          detection.duplicated_ids.end())
        detection.duplicated_ids.push_back(id);
      continue;
    }
    MarkerObservation observation;
    observation.id = id;
    std::copy(corners[m].begin(), corners[m].end(), observation.corners.begin());
    RefineCorners(grey, observation.corners);
    detection.table_markers.push_back(observation);
  }
  std::sort(detection.table_markers.begin(), detection.table_markers.end(),
            [](const MarkerObservation& a, const MarkerObservation& b) { return a.id < b.id; });
  detection.refine_ms =
      std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - detected)
          .count();
  std::sort(detection.duplicated_ids.begin(), detection.duplicated_ids.end());
  std::sort(detection.other_ids.begin(), detection.other_ids.end());
  return detection;
}

cv::Mat DrawMarkerDetection(const cv::Mat& image, const MarkerDetection& detection) {
  cv::Mat canvas;
  if (image.channels() == 1) {
    cv::cvtColor(image, canvas, cv::COLOR_GRAY2BGR);
  } else {
    canvas = image.clone();
  }
  const auto outline = [&](const std::array<cv::Point2f, 4>& quad, const cv::Scalar& colour) {
    std::vector<cv::Point> points;
    points.reserve(quad.size());
    for (const cv::Point2f& p : quad) points.emplace_back(cvRound(p.x), cvRound(p.y));
    cv::polylines(canvas, points, true, colour, 1, cv::LINE_AA);
  };
  for (const auto& quad : detection.rejected_quads) outline(quad, cv::Scalar(0, 0, 255));
  for (const MarkerObservation& marker : detection.table_markers) {
    outline(marker.corners, cv::Scalar(0, 200, 0));
    cv::circle(canvas, marker.corners[0], 4, cv::Scalar(0, 200, 0), 2, cv::LINE_AA);
    cv::putText(canvas, std::to_string(marker.id), marker.corners[0] + cv::Point2f(6, -6),
                cv::FONT_HERSHEY_SIMPLEX, 0.8, cv::Scalar(0, 200, 0), 2, cv::LINE_AA);
  }
  return canvas;
}

}  // namespace tabref::calibration
