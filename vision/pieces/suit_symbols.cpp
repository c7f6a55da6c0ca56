#include "vision/pieces/suit_symbols.h"

#include <cmath>
#include <opencv2/imgproc.hpp>
#include <vector>

namespace tabref::vision {
namespace {

constexpr int kShift = 4;  // sub-pixel bits for OpenCV's drawing functions
constexpr double kOne = 1 << kShift;

cv::Point Fixed(cv::Point2d point) {
  return {static_cast<int>(std::lround(point.x * kOne)),
          static_cast<int>(std::lround(point.y * kOne))};
}

void FillPolygon(cv::Mat& image, const std::vector<cv::Point2d>& outline,
                 const cv::Scalar& colour) {
  std::vector<cv::Point> fixed;
  for (const cv::Point2d& point : outline) fixed.push_back(Fixed(point));
  cv::fillPoly(image, std::vector<std::vector<cv::Point>>{fixed}, colour, cv::LINE_AA, kShift);
}

void FillDisc(cv::Mat& image, cv::Point2d centre, double radius, const cv::Scalar& colour) {
  cv::circle(image, Fixed(centre), static_cast<int>(radius * kOne), colour, cv::FILLED, cv::LINE_AA,
             kShift);
}

void DrawSun(cv::Mat& image, cv::Point2d c, double size, const cv::Scalar& colour) {
  constexpr int kRays = 12;
  std::vector<cv::Point2d> star;
  for (int i = 0; i < 2 * kRays; ++i) {
    const double angle = CV_PI * i / kRays;
    const double radius = (i % 2 == 0 ? 0.5 : 0.33) * size;
    star.emplace_back(c.x + radius * std::cos(angle), c.y + radius * std::sin(angle));
  }
  FillPolygon(image, star, colour);
  FillDisc(image, c, 0.27 * size, colour);
}

void DrawMoon(cv::Mat& image, cv::Point2d c, double size, const cv::Scalar& colour,
              const cv::Scalar& background) {
  FillDisc(image, c, 0.45 * size, colour);
  FillDisc(image, c + cv::Point2d(0.2 * size, -0.12 * size), 0.38 * size, background);
}

void DrawCrown(cv::Mat& image, cv::Point2d c, double size, const cv::Scalar& colour) {
  const double s = size;
  FillPolygon(image,
              {{c.x - 0.45 * s, c.y + 0.3 * s},
               {c.x - 0.45 * s, c.y - 0.3 * s},
               {c.x - 0.22 * s, c.y - 0.02 * s},
               {c.x, c.y - 0.42 * s},
               {c.x + 0.22 * s, c.y - 0.02 * s},
               {c.x + 0.45 * s, c.y - 0.3 * s},
               {c.x + 0.45 * s, c.y + 0.3 * s}},
              colour);
  for (double dx : {-0.45, 0.0, 0.45})
    FillDisc(image, {c.x + dx * s, c.y + (dx == 0 ? -0.42 : -0.3) * s}, 0.07 * s, colour);
}

// A fleur-de-lis: a tall central petal, two curled side petals and a band.
void DrawArms(cv::Mat& image, cv::Point2d c, double size, const cv::Scalar& colour) {
  const double s = size;
  FillPolygon(image,
              {{c.x, c.y - 0.5 * s},
               {c.x + 0.13 * s, c.y - 0.2 * s},
               {c.x + 0.08 * s, c.y + 0.1 * s},
               {c.x - 0.08 * s, c.y + 0.1 * s},
               {c.x - 0.13 * s, c.y - 0.2 * s}},
              colour);
  for (double side : {-1.0, 1.0}) {
    FillPolygon(image,
                {{c.x + side * 0.06 * s, c.y + 0.05 * s},
                 {c.x + side * 0.3 * s, c.y - 0.3 * s},
                 {c.x + side * 0.46 * s, c.y - 0.12 * s},
                 {c.x + side * 0.3 * s, c.y + 0.08 * s},
                 {c.x + side * 0.12 * s, c.y + 0.12 * s}},
                colour);
    FillPolygon(image,
                {{c.x + side * 0.04 * s, c.y + 0.15 * s},
                 {c.x + side * 0.2 * s, c.y + 0.45 * s},
                 {c.x + side * 0.05 * s, c.y + 0.4 * s}},
                colour);
  }
  FillPolygon(image,
              {{c.x - 0.24 * s, c.y + 0.08 * s},
               {c.x + 0.24 * s, c.y + 0.08 * s},
               {c.x + 0.24 * s, c.y + 0.18 * s},
               {c.x - 0.24 * s, c.y + 0.18 * s}},
              colour);
}

}  // namespace

void DrawSuitSymbol(cv::Mat& image, std::string_view suit, cv::Point2d centre, double size,
                    const cv::Scalar& colour, const cv::Scalar& background) {
  if (suit == "suns") DrawSun(image, centre, size, colour);
  if (suit == "moons") DrawMoon(image, centre, size, colour, background);
  if (suit == "crowns") DrawCrown(image, centre, size, colour);
  if (suit == "arms") DrawArms(image, centre, size, colour);
}

void DrawValue(cv::Mat& image, std::string_view value, cv::Point2d centre, double size,
               const cv::Scalar& colour) {
  const std::string text(value);
  constexpr int kFont = cv::FONT_HERSHEY_DUPLEX;
  int baseline = 0;
  const cv::Size unit = cv::getTextSize(text, kFont, 1.0, 1, &baseline);
  const double scale = size / unit.height;
  const int thickness = std::max(1, static_cast<int>(std::lround(0.12 * size)));
  const cv::Size box = cv::getTextSize(text, kFont, scale, thickness, &baseline);
  const cv::Point origin(static_cast<int>(std::lround(centre.x - 0.5 * box.width)),
                         static_cast<int>(std::lround(centre.y + 0.5 * box.height)));
  cv::putText(image, text, origin, kFont, scale, colour, thickness, cv::LINE_AA);
}

}  // namespace tabref::vision
