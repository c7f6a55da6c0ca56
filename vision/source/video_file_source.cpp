#include "vision/source/video_file_source.h"

#include <cmath>
#include <system_error>

namespace tabref::vision {

VideoFileSource::VideoFileSource(const std::filesystem::path& file) : file_(file) {
  std::error_code error;
  if (!std::filesystem::is_regular_file(file, error)) {
    throw SourceError(file.string() + ": no such video file");
  }
  // FFmpeg only: the generic backends would take a file name for an image sequence pattern.
  if (!capture_.open(file.string(), cv::CAP_FFMPEG) || !capture_.read(first_) || first_.empty()) {
    throw SourceError(file.string() +
                      ": cannot decode this video (corrupt, truncated or not a video); check "
                      "that a video player can play it");
  }
  size_ = first_.size();
  const double fps = capture_.get(cv::CAP_PROP_FPS);
  if (std::isfinite(fps) && fps >= 1 && fps <= 1000) fps_ = fps;
  const double count = capture_.get(cv::CAP_PROP_FRAME_COUNT);
  if (std::isfinite(count) && count > 0) frame_count_ = static_cast<std::int64_t>(count);
}

FrameRead VideoFileSource::Read() {
  FrameRead read;
  cv::Mat image;
  if (!first_.empty()) {
    image = first_;
    first_.release();
  } else if (!capture_.read(image) || image.empty()) {
    read.status = ReadStatus::kEnded;
    // Containers often round their frame count; only a clear shortfall is worth a word.
    if (frame_count_ > 0 && next_index_ + 2 < frame_count_) {
      read.message = file_.string() + ": the video ends after frame " +
                     std::to_string(next_index_) + " of " + std::to_string(frame_count_) +
                     " (truncated or corrupt)";
    }
    return read;
  }
  read.status = ReadStatus::kFrame;
  read.frame.image = image;
  read.frame.index = next_index_;
  read.frame.time_s = static_cast<double>(next_index_) / fps_;
  ++next_index_;
  return read;
}

std::string VideoFileSource::Describe() const {
  return "video " + file_.string() + " " + std::to_string(size_.width) + "x" +
         std::to_string(size_.height) + " at " +
         std::to_string(static_cast<int>(std::round(fps_))) + " fps";
}

}  // namespace tabref::vision
