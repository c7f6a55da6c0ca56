#pragma once

#include <filesystem>
#include <memory>
#include <opencv2/core.hpp>
#include <opencv2/videoio.hpp>
#include <string>

#include "app/referee/live/live_referee.h"

namespace tabref::referee {

// Draws what the live referee sees over a frame: the pieces it follows (green at rest, orange
// moving, with their ids and paths), the hand it waits for, the play area, the engine's status
// line and the latest event.
cv::Mat Annotate(const cv::Mat& frame, const LiveReferee& referee, const std::string& last_event);

// The annotated video of a game, written to a temporary name next to `path` and renamed when
// finished, so that no half-written video is ever left under `path`.
class AnnotatedVideo {
 public:
  // Throws std::runtime_error naming the file when it cannot be written.
  AnnotatedVideo(std::filesystem::path path, cv::Size size, double fps);
  ~AnnotatedVideo();  // an unfinished video is removed
  AnnotatedVideo(const AnnotatedVideo&) = delete;
  AnnotatedVideo& operator=(const AnnotatedVideo&) = delete;

  // Frames of another size are scaled to the video's.
  void Write(const cv::Mat& frame);
  // Closes and renames the video into place. Throws std::runtime_error when that fails.
  void Finish();
  int Frames() const { return frames_; }
  const std::filesystem::path& Path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::filesystem::path partial_;
  cv::Size size_;
  cv::VideoWriter writer_;
  int frames_ = 0;
  bool finished_ = false;
};

}  // namespace tabref::referee
