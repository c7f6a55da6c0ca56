#include "app/gui/camera_view.h"

#include <QPainter>

namespace tabref::gui {

CameraView::CameraView(QWidget* parent) : QWidget(parent) {
  setMinimumSize(320, 240);
  setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
}

void CameraView::showFrame(const QImage& frame) {
  frame_ = frame;
  update();
}

void CameraView::paintEvent(QPaintEvent* /*event*/) {
  QPainter painter(this);
  painter.fillRect(rect(), QColor(0x2B, 0x2B, 0x2B));
  if (hasFrame()) {
    const QImage scaled = frame_.scaled(size(), Qt::KeepAspectRatio, Qt::SmoothTransformation);
    painter.drawImage((width() - scaled.width()) / 2, (height() - scaled.height()) / 2, scaled);
    return;
  }
  painter.setPen(QColor(0xDD, 0xDD, 0xDD));
  QFont heading = font();
  heading.setPointSize(heading.pointSize() + 4);
  heading.setBold(true);
  painter.setFont(heading);
  const QRect upper = rect().adjusted(24, 0, -24, -height() / 2);
  painter.drawText(upper, Qt::AlignHCenter | Qt::AlignBottom, tr("No camera connected"));
  painter.setFont(font());
  const QRect lower = rect().adjusted(24, height() / 2 + 8, -24, -24);
  painter.drawText(lower, Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap,
                   tr("Point a webcam down at the table with the four ArUco corner markers in "
                      "view, calibrate it with \"tabref calibrate\", and the live picture "
                      "appears here. Until then, enter every action by hand on the right."));
}

}  // namespace tabref::gui
