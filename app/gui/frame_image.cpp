#include "app/gui/frame_image.h"

namespace tabref::gui {

QImage ToQImage(const cv::Mat& bgr) {
  if (bgr.empty() || bgr.type() != CV_8UC3) return {};
  const QImage view(bgr.data, bgr.cols, bgr.rows, static_cast<qsizetype>(bgr.step),
                    QImage::Format_BGR888);
  return view.copy();
}

}  // namespace tabref::gui
