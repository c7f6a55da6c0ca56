#include "app/gui/camera_view.h"

#include <gtest/gtest.h>

#include <QPainter>
#include <QSignalSpy>
#include <QTest>
#include <QThread>

namespace tabref::gui {
namespace {

// Stands in for the live referee's capture worker: lives on its own thread and emits
// frames it has finished with, as the camera pipeline will.
class FakeCaptureWorker : public QObject {
  Q_OBJECT

 public:
  static QColor Shade(int index) { return QColor::fromHsv((index * 37) % 360, 200, 200); }

 public slots:
  void capture(int frames) {
    for (int index = 0; index < frames; ++index) {
      QImage frame(160, 120, QImage::Format_RGB32);
      frame.fill(Shade(index));
      emit frameReady(frame);
    }
    emit finished(QThread::currentThread());
  }

 signals:
  void frameReady(const QImage& frame);
  void finished(QThread* thread);
};

TEST(CameraViewTest, SaysHowToConnectACameraUntilAFrameArrives) {
  CameraView view;
  view.resize(640, 480);
  EXPECT_FALSE(view.hasFrame());
  EXPECT_TRUE(view.frameRect().isEmpty());
  // The empty state is text on the dark background.
  const QImage empty = view.grab().toImage();
  int text_pixels = 0;
  for (int y = 0; y < empty.height(); ++y) {
    for (int x = 0; x < empty.width(); ++x) text_pixels += empty.pixel(x, y) != empty.pixel(0, 0);
  }
  EXPECT_GT(text_pixels, 1000);

  QImage frame(320, 240, QImage::Format_RGB32);
  frame.fill(Qt::darkGreen);
  view.setFrame(frame);
  EXPECT_TRUE(view.hasFrame());
  EXPECT_EQ(view.grab().toImage().pixelColor(320, 240), QColor(Qt::darkGreen));
  view.clearFrame();
  EXPECT_FALSE(view.hasFrame());
}

TEST(CameraViewTest, FitsTheFrameAndMapsFramePixelsToTheWidget) {
  CameraView view;
  view.resize(800, 400);
  view.setFrame(QImage(400, 300, QImage::Format_RGB32));
  // 400x300 into 800x400 keeps its aspect: 533x400, centred.
  const QRectF target = view.frameRect();
  EXPECT_NEAR(target.width(), 533.3, 0.1);
  EXPECT_DOUBLE_EQ(target.height(), 400.0);
  EXPECT_NEAR(target.left(), 133.3, 0.1);
  const QPointF corner = view.frameToWidget().map(QPointF(400, 300));
  EXPECT_NEAR(corner.x(), target.right(), 1e-6);
  EXPECT_NEAR(corner.y(), target.bottom(), 1e-6);
}

TEST(CameraViewTest, TheOverlayDrawsInFrameCoordinates) {
  CameraView view;
  view.resize(800, 400);
  QImage frame(400, 300, QImage::Format_RGB32);
  frame.fill(Qt::black);
  view.setFrame(frame);
  QSize seen;
  view.setOverlay([&](QPainter& painter, const QSize& frame_size) {
    seen = frame_size;
    painter.fillRect(QRectF(200, 150, 20, 20), Qt::red);  // around the frame's centre
  });
  EXPECT_TRUE(view.hasOverlay());
  const QImage shown = view.grab().toImage();
  EXPECT_EQ(seen, QSize(400, 300));
  const QPoint centre = view.frameToWidget().map(QPointF(210, 160)).toPoint();
  EXPECT_EQ(shown.pixelColor(centre), QColor(Qt::red));
  EXPECT_EQ(shown.pixelColor(view.frameToWidget().map(QPointF(50, 50)).toPoint()),
            QColor(Qt::black));
  view.setOverlay({});
  EXPECT_FALSE(view.hasOverlay());
}

// The threading contract of the live referee: frames made on a worker thread reach the
// view through a queued connection, as copies, and the view shows the newest.
TEST(CameraViewTest, TakesFramesFromAWorkerOnItsOwnThread) {
  CameraView view;
  view.resize(320, 240);
  QThread capture_thread;
  auto* worker = new FakeCaptureWorker;
  worker->moveToThread(&capture_thread);
  QObject::connect(&capture_thread, &QThread::finished, worker, &QObject::deleteLater);
  QObject::connect(worker, &FakeCaptureWorker::frameReady, &view, &CameraView::setFrame);
  QThread* worked_on = nullptr;
  QObject::connect(worker, &FakeCaptureWorker::finished, &view,
                   [&](QThread* thread) { worked_on = thread; });
  capture_thread.start();
  constexpr int kFrames = 30;
  QMetaObject::invokeMethod(worker, "capture", Qt::QueuedConnection, Q_ARG(int, kFrames));
  EXPECT_TRUE(QTest::qWaitFor([&] { return view.framesShown() == kFrames && worked_on; }));
  capture_thread.quit();
  capture_thread.wait();

  EXPECT_EQ(worked_on, &capture_thread) << "the frames were made on the worker's thread";
  EXPECT_NE(worked_on, view.thread());
  EXPECT_EQ(view.frame().pixel(0, 0), FakeCaptureWorker::Shade(kFrames - 1).rgb());
}

}  // namespace
}  // namespace tabref::gui

#include "camera_view_test.moc"
