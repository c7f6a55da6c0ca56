#include "vision/source/buffered_source.h"

#include <algorithm>

namespace tabref::vision {

BufferedSource::BufferedSource(std::unique_ptr<FrameSource> source, Policy policy, size_t capacity)
    : source_(std::move(source)),
      policy_(policy),
      capacity_(std::max<size_t>(1, capacity)),
      fps_(source_->Fps()),
      live_(source_->IsLive()),
      intrinsics_(source_->KnownIntrinsics()),
      description_(source_->Describe()) {
  thread_ = std::thread([this] { Run(); });
}

BufferedSource::~BufferedSource() { Stop(); }

void BufferedSource::Stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void BufferedSource::Run() {
  for (;;) {
    FrameRead read;
    try {
      read = source_->Read();
    } catch (...) {
      std::lock_guard lock(mutex_);
      error_ = std::current_exception();
      finished_ = true;
      changed_.notify_all();
      return;
    }
    const std::string description = source_->Describe();
    std::unique_lock lock(mutex_);
    description_ = description;
    if (read.status == ReadStatus::kFrame) {
      if (policy_ == Policy::kNewestOnly) {
        const auto old = std::remove_if(queue_.begin(), queue_.end(), [](const FrameRead& r) {
          return r.status == ReadStatus::kFrame;
        });
        dropped_ += queue_.end() - old;
        queue_.erase(old, queue_.end());
      } else {
        changed_.wait(lock, [&] { return stopping_ || queue_.size() < capacity_; });
      }
    }
    if (stopping_) return;
    const bool ended = read.status == ReadStatus::kEnded;
    queue_.push_back(std::move(read));
    if (ended) finished_ = true;
    changed_.notify_all();
    if (ended) return;
  }
}

FrameRead BufferedSource::Read() {
  std::unique_lock lock(mutex_);
  changed_.wait(lock, [&] { return !queue_.empty() || finished_ || stopping_; });
  if (queue_.empty()) {
    if (error_) std::rethrow_exception(error_);
    return FrameRead{};
  }
  FrameRead read = std::move(queue_.front());
  queue_.pop_front();
  changed_.notify_all();
  return read;
}

std::string BufferedSource::Describe() const {
  std::lock_guard lock(mutex_);
  return description_;
}

std::int64_t BufferedSource::Dropped() const {
  std::lock_guard lock(mutex_);
  return dropped_;
}

}  // namespace tabref::vision
