#pragma once

#include <QImage>
#include <QRectF>
#include <QTransform>
#include <QWidget>
#include <functional>

class QPainter;

namespace tabref::gui {

// The central area where the live camera picture goes. Until a camera is connected it
// says how to connect one.
//
// Threading contract for the live referee: a capture or processing worker lives on its own
// QThread and emits a QImage (a deep copy it no longer touches) that is connected to
// setFrame() with a queued connection (the default across threads; never a blocking one).
// The view keeps only the newest frame and repaints it scaled to fit, keeping its aspect.
// An overlay, set from the GUI thread, draws on top in frame pixel coordinates, so
// detections can be drawn where the camera saw them whatever the widget's size.
class CameraView : public QWidget {
  Q_OBJECT

 public:
  // Paints over the frame. The painter is already transformed so that (0, 0) is the
  // frame's top-left pixel and `frame_size` its bottom-right corner.
  using Overlay = std::function<void(QPainter& painter, const QSize& frame_size)>;

  explicit CameraView(QWidget* parent = nullptr);

  bool hasFrame() const { return !frame_.isNull(); }
  const QImage& frame() const { return frame_; }
  // How many frames have been shown since construction (for status displays and tests).
  qint64 framesShown() const { return frames_shown_; }
  // Frame pixel -> widget coordinates for the current frame and size; identity without one.
  QTransform frameToWidget() const;
  // Where the frame is drawn, in widget coordinates; empty without a frame.
  QRectF frameRect() const;

  // Replaces the overlay (an empty function removes it) and repaints.
  void setOverlay(Overlay overlay);
  bool hasOverlay() const { return static_cast<bool>(overlay_); }

 public slots:
  // Shows `frame` (implicitly shared: the caller must not write to it afterwards).
  void setFrame(const QImage& frame);
  // Back to the empty state that explains how to connect a camera.
  void clearFrame();

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  void paintEmptyState(QPainter& painter);

  QImage frame_;
  Overlay overlay_;
  qint64 frames_shown_ = 0;
};

}  // namespace tabref::gui
