#pragma once

#include <filesystem>
#include <opencv2/videoio.hpp>

#include "vision/source/frame_source.h"

namespace tabref::vision {

// The frames of a video file (anything OpenCV's FFmpeg backend decodes: MJPG AVI, MP4, ...),
// timed by the file's frame rate.
class VideoFileSource : public FrameSource {
 public:
  // Opens the file and decodes its first frame. Throws SourceError naming the file when it
  // does not exist or cannot be decoded (corrupt, or not a video).
  explicit VideoFileSource(const std::filesystem::path& file);

  FrameRead Read() override;
  std::string Describe() const override;
  double Fps() const override { return fps_; }

 private:
  std::filesystem::path file_;
  cv::VideoCapture capture_;
  double fps_ = 30;
  cv::Size size_;
  std::int64_t frame_count_ = 0;  // as the container states it; 0 when unknown
  std::int64_t next_index_ = 0;
  cv::Mat first_;  // decoded while opening, delivered by the first Read()
};

}  // namespace tabref::vision
