#pragma once

#include <filesystem>
#include <functional>
#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>
#include <string>

namespace tabref::vision::sim {

// Writes `target` through `write` under a temporary name in the same folder (keeping the
// extension, which OpenCV's writers go by), then renames it: a reader never sees half a file.
void WriteAtomically(const std::filesystem::path& target,
                     const std::function<void(const std::filesystem::path&)>& write);

void WriteImage(const std::filesystem::path& target, const cv::Mat& image);
void WriteText(const std::filesystem::path& target, const std::string& text);

// Frames of a recording into an MJPG video and/or numbered PNGs; the video file and the
// frames folder appear under their names only once Finish() is called.
class FrameSink {
 public:
  FrameSink(const std::filesystem::path& out_dir, cv::Size size, double fps, bool video,
            bool frames);
  // Without Finish() (an exception on the way) the partial outputs are removed.
  ~FrameSink();
  FrameSink(const FrameSink&) = delete;
  FrameSink& operator=(const FrameSink&) = delete;
  void Write(const cv::Mat& frame);
  void Finish();

 private:
  std::filesystem::path out_dir_;
  std::filesystem::path partial_video_;
  std::filesystem::path partial_frames_;
  cv::VideoWriter video_;
  bool frames_;
  int count_ = 0;
  bool finished_ = false;
};

}  // namespace tabref::vision::sim
