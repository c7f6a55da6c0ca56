#include "vision/sim/output_files.h"

#include <cstdio>
#include <fstream>
#include <opencv2/imgcodecs.hpp>
#include <stdexcept>

namespace tabref::vision::sim {
namespace {

namespace fs = std::filesystem;

fs::path PartialName(const fs::path& target) {
  return target.parent_path() / ("partial-" + target.filename().string());
}

void Replace(const fs::path& partial, const fs::path& target) {
  fs::remove_all(target);
  fs::rename(partial, target);
}

}  // namespace

void WriteAtomically(const fs::path& target, const std::function<void(const fs::path&)>& write) {
  const fs::path partial = PartialName(target);
  try {
    write(partial);
    Replace(partial, target);
  } catch (...) {
    std::error_code ignored;
    fs::remove_all(partial, ignored);
    throw;
  }
}

void WriteImage(const fs::path& target, const cv::Mat& image) {
  WriteAtomically(target, [&](const fs::path& path) {
    if (!cv::imwrite(path.string(), image))
      throw std::runtime_error(target.string() + ": cannot write the image");
  });
}

void WriteText(const fs::path& target, const std::string& text) {
  WriteAtomically(target, [&](const fs::path& path) {
    std::ofstream out(path, std::ios::binary);
    out << text;
    if (!out.flush()) throw std::runtime_error(target.string() + ": cannot write the file");
  });
}

FrameSink::FrameSink(const fs::path& out_dir, cv::Size size, double fps, bool video, bool frames)
    : out_dir_(out_dir), frames_(frames) {
  if (video) {
    partial_video_ = PartialName(out_dir / "video.avi");
    if (!video_.open(partial_video_.string(), cv::VideoWriter::fourcc('M', 'J', 'P', 'G'), fps,
                     size)) {
      throw std::runtime_error(partial_video_.string() + ": cannot open an MJPG video writer");
    }
  }
  if (frames_) {
    partial_frames_ = PartialName(out_dir / "frames");
    fs::remove_all(partial_frames_);
    fs::create_directories(partial_frames_);
  }
}

FrameSink::~FrameSink() {
  if (finished_) return;
  video_.release();
  std::error_code ignored;
  if (!partial_video_.empty()) fs::remove(partial_video_, ignored);
  if (!partial_frames_.empty()) fs::remove_all(partial_frames_, ignored);
}

void FrameSink::Write(const cv::Mat& frame) {
  if (video_.isOpened()) video_.write(frame);
  if (frames_) {
    char name[32];
    std::snprintf(name, sizeof name, "frame_%05d.png", count_);
    if (!cv::imwrite((partial_frames_ / name).string(), frame)) {
      throw std::runtime_error((partial_frames_ / name).string() + ": cannot write the frame");
    }
  }
  ++count_;
}

void FrameSink::Finish() {
  if (video_.isOpened()) {
    video_.release();
    Replace(partial_video_, out_dir_ / "video.avi");
  }
  if (frames_) Replace(partial_frames_, out_dir_ / "frames");
  finished_ = true;
}

}  // namespace tabref::vision::sim
