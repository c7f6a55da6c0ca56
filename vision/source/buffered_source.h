#pragma once

#include <condition_variable>
#include <deque>
#include <exception>
#include <memory>
#include <mutex>
#include <thread>

#include "vision/source/frame_source.h"

namespace tabref::vision {

// Reads another source on its own thread, so that capture (or rendering) runs alongside
// processing. kNewestOnly keeps just the newest frame (a live camera: a reader that falls
// behind skips frames instead of lagging); kEveryFrame queues up to `capacity` frames and
// makes the reading thread wait for room (a file or the synthetic table: nothing is lost).
// Waiting and end notices are always delivered, in order.
class BufferedSource : public FrameSource {
 public:
  enum class Policy { kNewestOnly, kEveryFrame };

  BufferedSource(std::unique_ptr<FrameSource> source, Policy policy, size_t capacity = 8);
  ~BufferedSource() override;
  BufferedSource(const BufferedSource&) = delete;
  BufferedSource& operator=(const BufferedSource&) = delete;

  // Rethrows, on the reader's thread, an exception the source threw.
  FrameRead Read() override;
  std::string Describe() const override;
  double Fps() const override { return fps_; }
  bool IsLive() const override { return live_; }
  std::optional<calibration::Intrinsics> KnownIntrinsics() const override { return intrinsics_; }

  // Frames skipped because a newer one arrived before they were read (kNewestOnly).
  std::int64_t Dropped() const;
  // The wrapped source; only safe to touch once Read() has returned kEnded or the buffer was
  // stopped.
  FrameSource& Inner() { return *source_; }
  // Stops reading (the source's current Read() finishes first).
  void Stop();

 private:
  void Run();

  std::unique_ptr<FrameSource> source_;
  Policy policy_;
  size_t capacity_;
  double fps_;
  bool live_;
  std::optional<calibration::Intrinsics> intrinsics_;

  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<FrameRead> queue_;
  std::string description_;
  std::exception_ptr error_;
  bool stopping_ = false;
  bool finished_ = false;
  std::int64_t dropped_ = 0;
  std::thread thread_;
};

}  // namespace tabref::vision
