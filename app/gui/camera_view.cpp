#include "app/gui/camera_view.h"

#include <QPainter>
#include <utility>

namespace tabref::gui {
namespace {

const QColor kBackground(0x2B, 0x2B, 0x2B);
const QColor kText(0xDD, 0xDD, 0xDD);
constexpr int kMargin = 24;

}  // namespace

CameraView::CameraView(QWidget* parent) : QWidget(parent) {
  setObjectName("cameraView");
  setMinimumSize(320, 240);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CameraView::setFrame(const QImage& frame) {
  frame_ = frame;
  ++frames_shown_;
  update();
}

void CameraView::clearFrame() {
  frame_ = QImage();
  update();
}

void CameraView::setOverlay(Overlay overlay) {
  overlay_ = std::move(overlay);
  update();
}

QRectF CameraView::frameRect() const {
  if (!hasFrame()) return {};
  const QSizeF fitted = QSizeF(frame_.size()).scaled(QSizeF(size()), Qt::KeepAspectRatio);
  return {(width() - fitted.width()) / 2.0, (height() - fitted.height()) / 2.0, fitted.width(),
          fitted.height()};
}

QTransform CameraView::frameToWidget() const {
  const QRectF target = frameRect();
  if (target.isEmpty()) return {};
  const double scale = target.width() / frame_.width();
  return QTransform::fromTranslate(target.left(), target.top()).scale(scale, scale);
}

void CameraView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), kBackground);
  if (!hasFrame()) {
    paintEmptyState(painter);
    return;
  }
  painter.setRenderHint(QPainter::SmoothPixmapTransform);
  painter.drawImage(frameRect(), frame_);
  if (overlay_) {
    painter.save();
    painter.setRenderHint(QPainter::Antialiasing);
    painter.setTransform(frameToWidget(), /*combine=*/true);
    overlay_(painter, frame_.size());
    painter.restore();
  }
}

void CameraView::paintEmptyState(QPainter& painter) {
  painter.setPen(kText);
  QFont heading = font();
  heading.setPointSize(heading.pointSize() + 6);
  heading.setBold(true);
  painter.setFont(heading);
  const QRect upper = rect().adjusted(kMargin, 0, -kMargin, -height() / 2);
  painter.drawText(upper, Qt::AlignHCenter | Qt::AlignBottom, tr("No camera connected"));
  QFont body = font();
  body.setPointSize(body.pointSize() + 1);
  painter.setFont(body);
  const QRect lower = rect().adjusted(kMargin, height() / 2 + 12, -kMargin, -kMargin);
  painter.drawText(
      lower, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
      tr("The live picture of the table will appear here when the camera referee is "
         "connected (Ppolf, Tabletop Bocce, Ice Boule).\n\n"
         "To prepare a camera: lay the four ArUco corner markers (DICT_4X4_50, ids 0 to 3) at "
         "the corners of the play area, mount a webcam looking down at the table, and "
         "calibrate it with \"tabref calibrate intrinsics\" and \"tabref calibrate table\".\n\n"
         "Until then, enter every action by hand on the right: the scorecard works the "
         "same."));
}

}  // namespace tabref::gui
