#pragma once

#include <QImage>
#include <QObject>
#include <QString>
#include <QThread>
#include <atomic>
#include <functional>
#include <memory>
#include <mutex>
#include <opencv2/core.hpp>
#include <string>

namespace tabref::gui {

// What a page found in one frame; each page derives its own and casts back.
struct FrameFindings {
  virtual ~FrameFindings() = default;
};

// Runs on the capture thread for every frame, in order.
using FrameAnalyser = std::function<std::shared_ptr<const FrameFindings>(const cv::Mat& frame)>;

// A frame for the GUI thread: a deep copy of the picture and what was found in it.
struct AnalysedFrame {
  QImage image;
  std::shared_ptr<const FrameFindings> findings;
  qint64 index = 0;  // 0-based, in the order the source delivered the frames
};

// Reads a frame source (app/referee/live/source_spec.h) on the thread it is moved to and
// analyses every frame there. Only the newest analysed frame is kept: when the GUI falls
// behind it skips frames instead of queueing them.
class CaptureWorker : public QObject {
  Q_OBJECT

 public:
  CaptureWorker(std::string source, FrameAnalyser analyser);

  // Asks run() to return after the current frame (any thread).
  void stop() { stop_ = true; }
  // The newest analysed frame (any thread); empty once taken.
  AnalysedFrame takeNewest();

 public slots:
  void run();

 signals:
  // A newer frame waits in takeNewest(); not emitted again until it was taken.
  void frameWaiting();
  void opened(const QString& description);
  // No frame for now (a camera unplugged): why.
  void waiting(const QString& reason);
  // The source ended (`problem` empty: a folder or file read to its end) or failed.
  void finished(const QString& problem);

 private:
  std::string source_;
  FrameAnalyser analyser_;
  std::atomic<bool> stop_ = false;
  std::mutex mutex_;
  AnalysedFrame newest_;
  bool waiting_ = false;  // a frameWaiting() has not been answered by takeNewest() yet
};

// The wizard's camera: one capture thread at a time, started with the analyser of the page
// on show. Lives on the GUI thread and hands it the newest frame.
class CameraFeed : public QObject {
  Q_OBJECT

 public:
  explicit CameraFeed(QObject* parent = nullptr);
  ~CameraFeed() override;

  // Stops any running capture, then opens `source` and analyses its frames with `analyser`.
  void start(const std::string& source, FrameAnalyser analyser);
  // Stops the capture and waits for its thread (at most one frame's read).
  void stop();
  bool running() const { return thread_.isRunning(); }

 signals:
  void frameArrived(const tabref::gui::AnalysedFrame& frame);
  void opened(const QString& description);
  void waiting(const QString& reason);
  // Every frame has been delivered before this.
  void finished(const QString& problem);

 private:
  void deliverNewest();

  QThread thread_;
  CaptureWorker* worker_ = nullptr;  // deleted when its thread ends
  // Which start() the worker's queued signals come from: those of a stopped capture that
  // arrive after a restart are dropped.
  int generation_ = 0;
};

}  // namespace tabref::gui
