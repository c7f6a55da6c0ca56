#include "app/gui/camera_feed.h"

#include "app/gui/frame_image.h"
#include "app/gui/qt_text.h"
#include "app/referee/live/source_spec.h"

namespace tabref::gui {

CaptureWorker::CaptureWorker(std::string source, FrameAnalyser analyser)
    : source_(std::move(source)), analyser_(std::move(analyser)) {}

AnalysedFrame CaptureWorker::takeNewest() {
  std::lock_guard lock(mutex_);
  waiting_ = false;
  return std::exchange(newest_, {});
}

void CaptureWorker::run() {
  try {
    // The game only matters to a `sim:SEED` source: its simulated players play bocce.
    referee::OpenedSource opened = referee::OpenSource(source_, "bocce");
    emit this->opened(ToQString(opened.source->Describe()));
    qint64 index = 0;
    while (!stop_) {
      vision::FrameRead read = opened.source->Read();
      if (read.status == vision::ReadStatus::kEnded) break;
      if (read.status == vision::ReadStatus::kWaiting) {
        emit waiting(ToQString(read.message));
        continue;
      }
      AnalysedFrame frame{ToQImage(read.frame.image), analyser_(read.frame.image), index++};
      bool notify = false;
      {
        std::lock_guard lock(mutex_);
        newest_ = std::move(frame);
        notify = !std::exchange(waiting_, true);
      }
      if (notify) emit frameWaiting();
    }
    emit finished({});
  } catch (const std::exception& error) {
    emit finished(ToQString(error.what()));
  }
}

CameraFeed::CameraFeed(QObject* parent) : QObject(parent) {
  qRegisterMetaType<AnalysedFrame>("tabref::gui::AnalysedFrame");
}

CameraFeed::~CameraFeed() { stop(); }

void CameraFeed::start(const std::string& source, FrameAnalyser analyser) {
  stop();
  const int generation = ++generation_;
  worker_ = new CaptureWorker(source, std::move(analyser));
  worker_->moveToThread(&thread_);
  connect(&thread_, &QThread::finished, worker_, &QObject::deleteLater);
  const auto current = [this, generation] { return generation == generation_; };
  connect(worker_, &CaptureWorker::frameWaiting, this, [this, current] {
    if (current()) deliverNewest();
  });
  connect(worker_, &CaptureWorker::opened, this, [this, current](const QString& description) {
    if (current()) emit opened(description);
  });
  connect(worker_, &CaptureWorker::waiting, this, [this, current](const QString& reason) {
    if (current()) emit waiting(reason);
  });
  connect(worker_, &CaptureWorker::finished, this, [this, current](const QString& problem) {
    if (!current()) return;
    deliverNewest();
    emit finished(problem);
  });
  thread_.start();
  QMetaObject::invokeMethod(worker_, &CaptureWorker::run, Qt::QueuedConnection);
}

void CameraFeed::stop() {
  if (!worker_) return;
  worker_->stop();
  thread_.quit();
  thread_.wait();
  worker_ = nullptr;
}

void CameraFeed::deliverNewest() {
  if (!worker_) return;
  AnalysedFrame frame = worker_->takeNewest();
  if (!frame.image.isNull()) emit frameArrived(frame);
}

}  // namespace tabref::gui
