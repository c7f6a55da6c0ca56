#pragma once

#include <QImage>
#include <QWidget>

namespace tabref::gui {

// The central area where the live camera picture goes. Until a camera is connected it
// says how to connect one. Frames arrive as copied QImages through showFrame(), so a
// camera worker on its own thread can feed it with a queued signal.
class CameraView : public QWidget {
  Q_OBJECT

 public:
  explicit CameraView(QWidget* parent = nullptr);

  bool hasFrame() const { return !frame_.isNull(); }

 public slots:
  void showFrame(const QImage& frame);

 protected:
  void paintEvent(QPaintEvent* event) override;

 private:
  QImage frame_;
};

}  // namespace tabref::gui
