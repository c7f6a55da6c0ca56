#pragma once

#include <chrono>
#include <string>
#include <vector>

namespace tabref::vision {

// How long one named stage of a pipeline took.
struct StageTiming {
  std::string stage;
  double ms = 0;
};

// Times the stages of one pipeline run, in order: Start("candidates") ... Start("fit") ...
// Stop(). A stage that runs again adds to its earlier entry.
class StageTimer {
 public:
  explicit StageTimer(std::vector<StageTiming>& timings) : timings_(timings) {}
  ~StageTimer() { Stop(); }
  StageTimer(const StageTimer&) = delete;
  StageTimer& operator=(const StageTimer&) = delete;

  void Start(const std::string& stage) {
    Stop();
    current_ = stage;
    started_ = std::chrono::steady_clock::now();
  }
  void Stop() {
    if (current_.empty()) return;
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - started_)
            .count();
    for (StageTiming& timing : timings_) {
      if (timing.stage == current_) {
        timing.ms += ms;
        current_.clear();
        return;
      }
    }
    timings_.push_back({current_, ms});
    current_.clear();
  }

 private:
  std::vector<StageTiming>& timings_;
  std::string current_;
  std::chrono::steady_clock::time_point started_;
};

}  // namespace tabref::vision
