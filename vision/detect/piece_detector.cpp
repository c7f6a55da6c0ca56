#include "vision/detect/piece_detector.h"

#include <algorithm>
#include <cmath>
#include <opencv2/imgproc.hpp>

#include "vision/detect/frame_context.h"
#include "vision/detect/gradient.h"

namespace tabref::vision {
namespace {

cv::Rect2d ViewArea(const calibration::TableCalibration& calibration, double margin_mm) {
  double x0 = 1e9, y0 = 1e9, x1 = -1e9, y1 = -1e9;
  for (const cv::Point2d& centre : calibration.marker_centres_mm) {
    x0 = std::min(x0, centre.x);
    y0 = std::min(y0, centre.y);
    x1 = std::max(x1, centre.x);
    y1 = std::max(y1, centre.y);
  }
  return {x0 - margin_mm, y0 - margin_mm, x1 - x0 + 2 * margin_mm, y1 - y0 + 2 * margin_mm};
}

}  // namespace

PieceDetector::PieceDetector(PieceSet set, DetectionOptions options)
    : set_(std::move(set)), options_(options), coins_(set_, options_), pyramids_(set_, options_) {
  options_.Check();
}

void PieceDetector::SetCalibration(const calibration::TableCalibration& calibration) {
  mapping_ = std::make_unique<calibration::TableMapping>(calibration);
  const cv::Rect2d area = ViewArea(calibration, options_.view_margin_mm);
  const cv::Point2d middle(area.x + 0.5 * area.width, area.y + 0.5 * area.height);
  const double native = mapping_->PixelsPerMm({middle.x, middle.y, 0});
  const double scale = std::clamp(native, options_.min_view_px_per_mm, options_.max_view_px_per_mm);
  view_ = std::make_unique<TopView>(*mapping_, area, scale);
}

Detection PieceDetector::Detect(const cv::Mat& frame) const {
  CV_Assert(view_ != nullptr && frame.type() == CV_8UC3);
  Detection detection;
  StageTimer timer(detection.timings);
  timer.Start("preprocess");
  const cv::Mat view = view_->Resample(frame);
  const ColourGradient gradient = ComputeColourGradient(view);
  const FrameContext context{frame, *mapping_, *view_,    view, gradient,
                             set_,  options_,  detection, timer};
  for (ObservedPiece& piece : coins_.Find(context)) detection.pieces.push_back(std::move(piece));
  for (ObservedPiece& piece : pyramids_.Find(context)) detection.pieces.push_back(std::move(piece));
  timer.Stop();
  if (options_.debug_images)
    detection.debug_images.emplace(detection.debug_images.begin(), "top_view", view);
  return detection;
}

}  // namespace tabref::vision
