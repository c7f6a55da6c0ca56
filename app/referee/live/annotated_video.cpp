#include "app/referee/live/annotated_video.h"

#include <unistd.h>

#include <array>
#include <cmath>
#include <iomanip>
#include <opencv2/imgproc.hpp>
#include <sstream>
#include <stdexcept>

#include "app/referee/observed_pieces.h"
#include "calibration/table_mapping.h"

namespace tabref::referee {
namespace {

const cv::Scalar kRest(60, 200, 60);
const cv::Scalar kMoving(0, 140, 255);
const cv::Scalar kHand(200, 80, 200);
const cv::Scalar kArea(255, 200, 0);
const cv::Scalar kFocus(0, 220, 255);
// Distance rings around the focus (the jack, the target, the hole), mm from its edge.
constexpr std::array<double, 3> kRingsMm = {50, 100, 200};

cv::Point Pixel(const calibration::TableMapping& mapping, rules::Vec2 at, double height_mm = 0) {
  const cv::Point2d p = mapping.TableToImage(cv::Vec3d(at.x, at.y, height_mm));
  return {static_cast<int>(std::lround(p.x)), static_cast<int>(std::lround(p.y))};
}

void Banner(cv::Mat& image, const std::string& text, int row) {
  const double scale = std::max(0.4, image.cols / 1800.0);
  const int height = static_cast<int>(28 * scale / 0.7);
  const cv::Rect band(0, row * height, image.cols, height);
  cv::Mat roi = image(band & cv::Rect(0, 0, image.cols, image.rows));
  roi *= 0.35;
  cv::putText(image, text, {6, row * height + static_cast<int>(height * 0.72)},
              cv::FONT_HERSHEY_SIMPLEX, scale, cv::Scalar(255, 255, 255), 1, cv::LINE_AA);
}

std::filesystem::path PartialName(const std::filesystem::path& path) {
  return path.parent_path() / ("." + path.stem().string() + ".partial-" +
                               std::to_string(::getpid()) + path.extension().string());
}

// `footprint` grown by `by_mm` (a circle's radius; a polygon's vertices away from its centre,
// close enough for a ring to read distances by), as image points.
std::vector<cv::Point> Outline(const calibration::TableMapping& mapping,
                               const rules::Footprint& footprint, double by_mm) {
  std::vector<cv::Point> points;
  if (const auto* circle = std::get_if<rules::Circle>(&footprint)) {
    const double radius = circle->radius + by_mm;
    for (int i = 0; i < 72; ++i) {
      const double angle = 2 * CV_PI * i / 72;
      points.push_back(Pixel(mapping, {circle->center.x + radius * std::cos(angle),
                                       circle->center.y + radius * std::sin(angle)}));
    }
    return points;
  }
  const rules::Polygon& polygon = std::get<rules::Polygon>(footprint);
  const rules::Vec2 centre = rules::Centroid(footprint);
  for (const rules::Vec2& vertex : polygon.vertices) {
    const rules::Vec2 out = vertex - centre;
    const double length = rules::Norm(out);
    points.push_back(Pixel(mapping, length > 0 ? vertex + out * (by_mm / length) : vertex));
  }
  return points;
}

// The focus with its distance rings, and each measured piece's gap to it with its 1-sigma
// uncertainty.
void DrawFocus(cv::Mat& image, const calibration::TableMapping& mapping,
               const vision::TableObservation& table, const Focus& focus) {
  const vision::ObservedPiece* target = FindTrack(table, focus.track);
  if (target == nullptr) return;
  cv::polylines(image, Outline(mapping, target->footprint, 0), true, kFocus, 2, cv::LINE_AA);
  for (double ring : kRingsMm)
    cv::polylines(image, Outline(mapping, target->footprint, ring), true, kFocus, 1, cv::LINE_AA);
  for (int track : focus.measured) {
    const vision::ObservedPiece* piece = FindTrack(table, track);
    if (piece == nullptr || track == focus.track) continue;
    const double gap = std::max(0.0, rules::Gap(piece->footprint, target->footprint));
    const double sigma = std::hypot(piece->sigma_mm, target->sigma_mm);
    std::ostringstream text;
    text << std::fixed << std::setprecision(1) << gap << " +- " << sigma << " mm";
    const cv::Point at = Pixel(mapping, piece->position_mm);
    cv::line(image, at, Pixel(mapping, target->position_mm), kFocus, 1, cv::LINE_AA);
    cv::putText(image, text.str(), at + cv::Point(8, 14), cv::FONT_HERSHEY_SIMPLEX, 0.45, kFocus, 1,
                cv::LINE_AA);
  }
}

}  // namespace

cv::Mat Annotate(const cv::Mat& frame, const LiveReferee& referee, const std::string& last_event) {
  cv::Mat image = frame.clone();
  if (referee.Calibrated()) {
    const calibration::TableMapping mapping(*referee.Calibration());
    const rules::Polygon area = referee.Analyzer().Area();
    for (size_t i = 0; i < area.vertices.size(); ++i) {
      cv::line(image, Pixel(mapping, area.vertices[i]),
               Pixel(mapping, area.vertices[(i + 1) % area.vertices.size()]), kArea, 1,
               cv::LINE_AA);
    }
    const vision::HandDetection& hand = referee.Analyzer().LastHand();
    for (const auto& outline : hand.outlines_mm) {
      std::vector<cv::Point> polygon;
      for (const cv::Point2d& p : outline) polygon.push_back(Pixel(mapping, {p.x, p.y}));
      if (!polygon.empty()) cv::polylines(image, polygon, true, kHand, 2, cv::LINE_AA);
    }
    const vision::TableObservation table = referee.Tracker().Table(0);
    DrawFocus(image, mapping, table, referee.Referee().FocusOn(referee.Keeper().State(), table));
    for (const vision::Track& track : referee.Tracker().Tracks()) {
      const cv::Scalar colour = track.moving ? kMoving : kRest;
      const rules::Vec2 at = track.moving ? track.piece.position_mm : track.rest;
      const cv::Point centre = Pixel(mapping, at);
      double radius_mm = 9.5;
      if (const auto* circle = std::get_if<rules::Circle>(&track.piece.footprint))
        radius_mm = circle->radius;
      const cv::Point edge = Pixel(mapping, {at.x + radius_mm, at.y});
      const int radius =
          std::max(3, static_cast<int>(std::hypot(edge.x - centre.x, edge.y - centre.y)));
      cv::circle(image, centre, radius + 2, colour, 2, cv::LINE_AA);
      for (size_t i = 1; i < track.path.size(); ++i) {
        cv::line(image, Pixel(mapping, track.path[i - 1].position),
                 Pixel(mapping, track.path[i].position), kMoving, 1, cv::LINE_AA);
      }
      cv::putText(image, PieceName(track.piece), centre + cv::Point(radius + 3, -radius - 3),
                  cv::FONT_HERSHEY_SIMPLEX, 0.45, colour, 1, cv::LINE_AA);
    }
  }
  const rules::State& state = referee.Keeper().State();
  Banner(image, state.StatusLine(), 0);
  if (!last_event.empty()) Banner(image, last_event, 1);
  if (!referee.Calibrated()) Banner(image, "looking for the table markers", 2);
  return image;
}

AnnotatedVideo::AnnotatedVideo(std::filesystem::path path, cv::Size size, double fps)
    : path_(std::move(path)), partial_(PartialName(path_)), size_(size) {
  const std::string extension = path_.extension().string();
  const int fourcc = extension == ".avi" ? cv::VideoWriter::fourcc('M', 'J', 'P', 'G')
                                         : cv::VideoWriter::fourcc('m', 'p', '4', 'v');
  if (!writer_.open(partial_.string(), cv::CAP_FFMPEG, fourcc, fps, size_)) {
    throw std::runtime_error(path_.string() +
                             ": cannot write the annotated video there (a folder that exists? "
                             ".mp4 or .avi?)");
  }
}

AnnotatedVideo::~AnnotatedVideo() {
  if (finished_) return;
  writer_.release();
  std::error_code ignored;
  std::filesystem::remove(partial_, ignored);
}

void AnnotatedVideo::Write(const cv::Mat& frame) {
  if (frame.size() == size_) {
    writer_.write(frame);
  } else {
    cv::Mat scaled;
    cv::resize(frame, scaled, size_, 0, 0, cv::INTER_AREA);
    writer_.write(scaled);
  }
  ++frames_;
}

void AnnotatedVideo::Finish() {
  writer_.release();
  std::error_code error;
  std::filesystem::rename(partial_, path_, error);
  if (error) {
    std::filesystem::remove(partial_, error);
    throw std::runtime_error(path_.string() + ": cannot move the annotated video into place");
  }
  finished_ = true;
}

}  // namespace tabref::referee
