#pragma once

#include <QImage>
#include <opencv2/core.hpp>

namespace tabref::gui {

// A BGR 8-bit camera frame as a QImage that owns a copy of the pixels (safe to hand to the
// GUI thread). The one place where cv::Mat becomes QImage.
QImage ToQImage(const cv::Mat& bgr);

}  // namespace tabref::gui
