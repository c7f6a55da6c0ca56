#include "app/gui/background_job.h"

namespace tabref::gui {

BackgroundJob::~BackgroundJob() {
  if (thread_) thread_->wait();
}

bool BackgroundJob::start(Work work) {
  if (busy_) return false;
  if (thread_) thread_->wait();
  busy_ = true;
  thread_.reset(QThread::create([this, work = std::move(work)] {
    std::function<void()> outcome = work();
    // Posted to this object: dropped if it is destroyed first.
    QMetaObject::invokeMethod(
        this,
        [this, outcome = std::move(outcome)] {
          busy_ = false;
          outcome();
          emit finished();
        },
        Qt::QueuedConnection);
  }));
  thread_->start();
  return true;
}

}  // namespace tabref::gui
