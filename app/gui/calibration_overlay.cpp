#include "app/gui/calibration_overlay.h"

#include <QPainter>
#include <QPolygonF>
#include <algorithm>
#include <opencv2/imgproc.hpp>

namespace tabref::gui {
namespace {

const QColor kFound(0x00, 0xC8, 0x64);

QPolygonF Hull(const std::vector<cv::Point2f>& points) {
  std::vector<cv::Point2f> hull;
  if (points.size() >= 3) cv::convexHull(points, hull);
  QPolygonF polygon;
  for (const cv::Point2f& p : hull) polygon << QPointF(p.x, p.y);
  return polygon;
}

// Frame pixels that are `screen_pixels` on screen, whatever the frame's scale.
double FramePixels(const QPainter& painter, double screen_pixels) {
  return screen_pixels / std::max(0.01, painter.transform().m11());
}

}  // namespace

void DrawKeptViews(QPainter& painter, const std::vector<calibration::BoardView>& views) {
  painter.setPen(Qt::NoPen);
  painter.setBrush(QColor(0x00, 0x72, 0xB2, 50));
  for (const calibration::BoardView& view : views) painter.drawPolygon(Hull(view.image_points));
}

void DrawBoardCorners(QPainter& painter, const calibration::BoardView& board) {
  painter.setBrush(Qt::NoBrush);
  painter.setPen(QPen(kFound, FramePixels(painter, 2)));
  painter.drawPolygon(Hull(board.image_points));
  const double radius = FramePixels(painter, 3);
  painter.setBrush(kFound);
  for (const cv::Point2f& p : board.image_points) {
    painter.drawEllipse(QPointF(p.x, p.y), radius, radius);
  }
}

void DrawTableMarkers(QPainter& painter, const calibration::MarkerDetection& markers) {
  painter.setBrush(Qt::NoBrush);
  QFont font = painter.font();
  font.setBold(true);
  font.setPixelSize(static_cast<int>(FramePixels(painter, 24)) + 1);
  painter.setFont(font);
  for (const calibration::MarkerObservation& marker : markers.table_markers) {
    QPolygonF outline;
    QPointF centre;
    for (const cv::Point2f& corner : marker.corners) {
      outline << QPointF(corner.x, corner.y);
      centre += QPointF(corner.x, corner.y) / 4;
    }
    painter.setPen(QPen(kFound, FramePixels(painter, 3)));
    painter.drawPolygon(outline);
    painter.drawText(QRectF(centre - QPointF(500, 500), QSizeF(1000, 1000)), Qt::AlignCenter,
                     QString::number(marker.id));
  }
}

}  // namespace tabref::gui
