#pragma once

#include <QObject>
#include <QThread>
#include <functional>
#include <memory>

namespace tabref::gui {

// Runs one long computation at a time (a lens calibration) on a thread of its own, then
// hands its outcome to the GUI thread: `work` returns what to do there with the result.
// Destroying the job waits for the computation and drops its outcome.
class BackgroundJob : public QObject {
  Q_OBJECT

 public:
  using Work = std::function<std::function<void()>()>;

  explicit BackgroundJob(QObject* parent = nullptr) : QObject(parent) {}
  ~BackgroundJob() override;

  bool busy() const { return busy_; }
  // Starts `work` unless a job is running (then returns false). `work` must not throw.
  bool start(Work work);

 signals:
  // After the outcome was handled on the GUI thread.
  void finished();

 private:
  std::unique_ptr<QThread> thread_;
  bool busy_ = false;
};

}  // namespace tabref::gui
