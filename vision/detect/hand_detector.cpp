#include "vision/detect/hand_detector.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>
#include <stdexcept>
#include <string>

#include "vision/detect/components.h"

namespace tabref::vision {
namespace {

void Require(bool ok, const char* field, const char* range) {
  if (!ok) {
    throw std::invalid_argument(std::string("HandDetectorOptions.") + field + " must be " + range);
  }
}

int OddPixels(double mm, double px_per_mm) {
  return 2 * std::max(1, static_cast<int>(std::lround(0.5 * mm * px_per_mm))) + 1;
}

// A shadow dims every channel alike; a piece has a colour of its own.
constexpr double kShadowTintSpread = 0.12;

bool ShadowLike(const cv::Mat& view, const cv::Mat& background, const cv::Mat& labels, int label,
                const cv::Rect& box, double max_light) {
  cv::Vec3d lit(0, 0, 0);
  cv::Vec3d empty(0, 0, 0);
  for (int y = box.y; y < box.y + box.height; ++y) {
    const int* row = labels.ptr<int>(y);
    const auto* now = view.ptr<cv::Vec3b>(y);
    const auto* before = background.ptr<cv::Vec3b>(y);
    for (int x = box.x; x < box.x + box.width; ++x) {
      if (row[x] != label) continue;
      lit += cv::Vec3d(now[x]);
      empty += cv::Vec3d(before[x]);
    }
  }
  double darkest = 1e9;
  double lightest = 0;
  for (int c = 0; c < 3; ++c) {
    const double light = lit[c] / std::max(1.0, empty[c]);
    darkest = std::min(darkest, light);
    lightest = std::max(lightest, light);
  }
  return lightest <= max_light && lightest - darkest <= kShadowTintSpread;
}

// Marks the region in `mask` and returns its outline's points.
std::vector<cv::Point> TakeRegion(const cv::Mat& labels, int label, const cv::Rect& box,
                                  cv::Mat& mask) {
  const cv::Mat region = labels(box) == label;
  mask(box).setTo(255, region);
  std::vector<std::vector<cv::Point>> contours;
  cv::findContours(region, contours, cv::RETR_EXTERNAL, cv::CHAIN_APPROX_SIMPLE, box.tl());
  std::vector<cv::Point> points;
  for (const auto& contour : contours) points.insert(points.end(), contour.begin(), contour.end());
  return points;
}

}  // namespace

void HandDetectorOptions::Check() const {
  Require(change_threshold > 0 && change_threshold < 255, "change_threshold", "in (0, 255)");
  Require(faint_change_threshold > 0 && faint_change_threshold <= change_threshold,
          "faint_change_threshold", "in (0, change_threshold]");
  Require(close_mm >= 0 && close_mm <= 100, "close_mm", "in 0..100");
  Require(min_area_mm2 > 0, "min_area_mm2", "positive");
  Require(border_mm >= 0 && border_mm <= 100, "border_mm", "in 0..100");
  Require(min_skin_share >= 0 && min_skin_share <= 1, "min_skin_share", "in 0..1");
  Require(large_area_mm2 >= min_area_mm2, "large_area_mm2", "at least min_area_mm2");
  Require(min_skin_mm2 > 0, "min_skin_mm2", "positive");
  Require(recent_share >= 0 && recent_share <= 1, "recent_share", "in 0..1");
  Require(recent_skin_share >= 0 && recent_skin_share <= 1, "recent_skin_share", "in 0..1");
  Require(margin_mm >= 0 && margin_mm <= 200, "margin_mm", "in 0..200");
  Require(shadow_reach_mm >= 0 && shadow_reach_mm <= 200, "shadow_reach_mm", "in 0..200");
  Require(shadow_light > 0 && shadow_light < 1, "shadow_light", "in (0, 1)");
}

cv::Mat ColourChange(const cv::Mat& a, const cv::Mat& b) {
  CV_Assert(a.type() == CV_8UC3 && b.type() == CV_8UC3 && a.size() == b.size());
  cv::Mat difference;
  cv::absdiff(a, b, difference);
  // Planes first: OpenCV's split and max are vectorised, a max over interleaved channels is
  // not (3x faster at 1080p's coarse view).
  cv::Mat channels[3];
  cv::split(difference, channels);
  cv::Mat change;
  cv::max(channels[0], channels[1], change);
  cv::max(change, channels[2], change);
  return change;
}

bool SkinLike(const cv::Vec3b& bgr) {
  const double b = bgr[0];
  const double g = bgr[1];
  const double r = bgr[2];
  const double y = 0.299 * r + 0.587 * g + 0.114 * b;
  const double cr = 128 + 0.713 * (r - y);
  const double cb = 128 + 0.564 * (b - y);
  return y > 45 && cr >= 137 && cr <= 180 && cb >= 77 && cb <= 130;
}

HandDetector::HandDetector(HandDetectorOptions options) : options_(options) { options_.Check(); }

HandDetection HandDetector::Detect(const cv::Mat& view, const cv::Mat& background,
                                   const TopView& geometry, const cv::Mat& change,
                                   const cv::Mat& recent_reach) const {
  HandDetection detection;
  StageTimer timer(detection.timings);
  const double scale = geometry.Scale();
  const double mm2_per_px = 1 / (scale * scale);

  timer.Start("change");
  const cv::Mat changed_colour = change.empty() ? ColourChange(view, background) : change;
  const auto close = [&](cv::Mat& mask) {
    if (options_.close_mm <= 0) return;
    const cv::Mat kernel = cv::getStructuringElement(
        cv::MORPH_ELLIPSE,
        cv::Size(OddPixels(options_.close_mm, scale), OddPixels(options_.close_mm, scale)));
    cv::morphologyEx(mask, mask, cv::MORPH_CLOSE, kernel);
  };
  cv::Mat changed;
  cv::threshold(changed_colour, changed, options_.change_threshold, 255, cv::THRESH_BINARY);
  close(changed);

  timer.Start("regions");
  cv::Mat labels;
  cv::Mat stats;
  cv::Mat centroids;
  const int count = ComponentsWithStats(changed, &labels, stats, centroids);
  const int border = std::max(1, static_cast<int>(std::lround(options_.border_mm * scale)));
  std::vector<int> hands;
  std::vector<int> cut_off;  // skin apart from the border, where the table shows none
  std::vector<int> held;     // apart from the border, where a hand reached a frame ago
  const bool recent = options_.recent_share > 0 && recent_reach.size() == view.size();
  for (int label = 1; label < count; ++label) {
    const double area_mm2 = stats.at<int>(label, cv::CC_STAT_AREA) * mm2_per_px;
    if (area_mm2 < std::min(options_.min_area_mm2, options_.min_skin_mm2)) continue;
    const int left = stats.at<int>(label, cv::CC_STAT_LEFT);
    const int top = stats.at<int>(label, cv::CC_STAT_TOP);
    const int right = left + stats.at<int>(label, cv::CC_STAT_WIDTH);
    const int bottom = top + stats.at<int>(label, cv::CC_STAT_HEIGHT);
    const bool reaches_border =
        left < border || top < border || right > view.cols - border || bottom > view.rows - border;
    int skin = 0;
    int fresh_skin = 0;  // where the empty table does not look like skin
    int pixels = 0;
    int reached = 0;  // where a hand reached a frame ago
    for (int y = top; y < bottom; ++y) {
      const int* row = labels.ptr<int>(y);
      const auto* colour = view.ptr<cv::Vec3b>(y);
      const auto* empty = background.ptr<cv::Vec3b>(y);
      const uchar* before = recent ? recent_reach.ptr<uchar>(y) : nullptr;
      for (int x = left; x < right; ++x) {
        if (row[x] != label) continue;
        ++pixels;
        if (before != nullptr && before[x] != 0) ++reached;
        if (!SkinLike(colour[x])) continue;
        ++skin;
        if (!SkinLike(empty[x])) ++fresh_skin;
      }
    }
    const double skin_share = pixels > 0 ? static_cast<double>(skin) / pixels : 0;
    // Apart from the border, skin where a hand reached a frame ago is that hand's ...
    if (!reaches_border && recent && area_mm2 >= options_.min_skin_mm2 &&
        skin_share >= options_.recent_skin_share && reached >= options_.recent_share * pixels) {
      held.push_back(label);
      continue;
    }
    // ... and elsewhere only skin where the table shows none is a hand's (a wooden table looks
    // like skin: there a region of change is anything).
    if (!reaches_border && fresh_skin * mm2_per_px >= options_.min_skin_mm2) {
      cut_off.push_back(label);
      continue;
    }
    const bool hand =
        reaches_border &&
        ((area_mm2 >= options_.min_area_mm2 && skin_share >= options_.min_skin_share) ||
         area_mm2 >= options_.large_area_mm2 || skin * mm2_per_px >= options_.min_skin_mm2);
    if (!hand) {
      ++detection.rejected_regions;
      continue;
    }
    hands.push_back(label);
    if (area_mm2 > detection.area_mm2) {
      detection.area_mm2 = area_mm2;
      detection.skin_share = skin_share;
    }
  }
  // Skin apart from the border belongs to a hand whose arm, lit like the table, joins it to
  // the border only by faint change.
  std::vector<std::vector<int>> joined_to(hands.size());
  if (!hands.empty() && !cut_off.empty()) {
    cv::Mat faint;
    cv::threshold(changed_colour, faint, options_.faint_change_threshold, 255, cv::THRESH_BINARY);
    close(faint);
    faint |= changed;
    cv::Mat faint_labels;
    cv::connectedComponents(faint, faint_labels, 8, CV_32S);
    const auto faint_label_of = [&](int label) {
      const cv::Rect box = ComponentBox(stats, label);
      cv::Point at;
      cv::minMaxLoc(labels(box) == label, nullptr, nullptr, nullptr, &at);
      return faint_labels.at<int>(at + box.tl());
    };
    std::vector<int> hand_faint_labels;
    for (int label : hands) hand_faint_labels.push_back(faint_label_of(label));
    for (int label : cut_off) {
      const auto joined =
          std::find(hand_faint_labels.begin(), hand_faint_labels.end(), faint_label_of(label));
      if (joined == hand_faint_labels.end()) {
        ++detection.rejected_regions;
        continue;
      }
      joined_to[static_cast<size_t>(joined - hand_faint_labels.begin())].push_back(label);
      ++detection.joined_regions;
    }
  } else {
    detection.rejected_regions += static_cast<int>(cut_off.size());
  }
  // A region where a hand reached a frame ago is the part of the hand found now nearest it.
  for (int label : held) {
    if (hands.empty()) {
      ++detection.rejected_regions;
      continue;
    }
    const cv::Point2d centre(centroids.at<double>(label, 0), centroids.at<double>(label, 1));
    size_t nearest = 0;
    double nearest_distance = 1e18;
    for (size_t h = 0; h < hands.size(); ++h) {
      const double distance = cv::norm(centre - cv::Point2d(centroids.at<double>(hands[h], 0),
                                                            centroids.at<double>(hands[h], 1)));
      if (distance < nearest_distance) {
        nearest = h;
        nearest_distance = distance;
      }
    }
    joined_to[nearest].push_back(label);
    ++detection.held_regions;
  }

  timer.Start("outline");
  detection.mask = cv::Mat::zeros(view.size(), CV_8U);
  detection.reach = cv::Mat::zeros(view.size(), CV_8U);
  detection.found = !hands.empty();
  std::vector<std::vector<cv::Point>> hand_points;
  std::vector<std::vector<cv::Point>> hand_hulls;
  for (size_t h = 0; h < hands.size(); ++h) {
    hand_points.push_back(
        TakeRegion(labels, hands[h], ComponentBox(stats, hands[h]), detection.mask));
    for (int label : joined_to[h]) {
      const std::vector<cv::Point> points =
          TakeRegion(labels, label, ComponentBox(stats, label), detection.mask);
      hand_points.back().insert(hand_points.back().end(), points.begin(), points.end());
    }
    hand_hulls.emplace_back();
    if (!hand_points.back().empty()) cv::convexHull(hand_points.back(), hand_hulls.back());
  }
  if (!hands.empty() && options_.shadow_reach_mm > 0) {
    const double reach_px = options_.shadow_reach_mm * scale;
    for (int label = 1; label < count; ++label) {
      if (std::find(hands.begin(), hands.end(), label) != hands.end()) continue;
      const cv::Point2f centre(static_cast<float>(centroids.at<double>(label, 0)),
                               static_cast<float>(centroids.at<double>(label, 1)));
      for (size_t h = 0; h < hands.size(); ++h) {
        if (hand_hulls[h].size() < 3 ||
            cv::pointPolygonTest(hand_hulls[h], centre, true) < -reach_px)
          continue;
        const cv::Rect box = ComponentBox(stats, label);
        if (!ShadowLike(view, background, labels, label, box, options_.shadow_light)) break;
        const std::vector<cv::Point> points = TakeRegion(labels, label, box, detection.mask);
        hand_points[h].insert(hand_points[h].end(), points.begin(), points.end());
        ++detection.shadow_regions;
        break;
      }
    }
  }
  for (const std::vector<cv::Point>& points : hand_points) {
    if (points.empty()) continue;
    std::vector<cv::Point> hull;
    cv::convexHull(points, hull);
    cv::fillConvexPoly(detection.reach, hull, cv::Scalar(255));
    // The hidden outline: the hull grown by the margin, in the table frame.
    const double margin_px = options_.margin_mm * scale;
    cv::Point2d centre(0, 0);
    for (const cv::Point& p : hull) centre += cv::Point2d(p);
    centre *= 1.0 / static_cast<double>(hull.size());
    std::vector<cv::Point2d> outline;
    for (const cv::Point& p : hull) {
      const cv::Point2d away = cv::Point2d(p) - centre;
      const double length = std::max(1e-9, std::hypot(away.x, away.y));
      outline.push_back(geometry.ToTable(cv::Point2d(p) + away * (margin_px / length)));
    }
    detection.outlines_mm.push_back(std::move(outline));
  }
  if (detection.found && options_.margin_mm > 0) {
    const int size = OddPixels(2 * options_.margin_mm, scale);
    const cv::Mat kernel = cv::getStructuringElement(cv::MORPH_ELLIPSE, cv::Size(size, size));
    cv::dilate(detection.mask, detection.mask, kernel);
    cv::dilate(detection.reach, detection.reach, kernel);
  }
  timer.Stop();
  return detection;
}

}  // namespace tabref::vision
