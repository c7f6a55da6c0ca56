#pragma once

#include <optional>
#include <stdexcept>
#include <string>

#include "calibration/intrinsics.h"
#include "vision/source/frame.h"

namespace tabref::vision {

// A source that cannot deliver frames and will not recover (no such file, a video OpenCV
// cannot decode, no camera at that path): the message is one line naming the source and
// what to do.
class SourceError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

enum class ReadStatus {
  kFrame,    // `frame` holds the next frame
  kWaiting,  // no frame now (a camera unplugged, reconnecting): read again; `message` says why
  kEnded,    // no more frames (end of a file or a simulated game); `message` may say more
};

struct FrameRead {
  ReadStatus status = ReadStatus::kEnded;
  Frame frame;
  std::string message;
};

// Where frames come from: a webcam, a video file, a folder of images or the synthetic table.
// Read() blocks until it has a frame, a waiting notice or the end; it is called from one
// thread at a time.
class FrameSource {
 public:
  virtual ~FrameSource() = default;

  virtual FrameRead Read() = 0;
  // "webcam /dev/video0 1920x1080 at 30 fps", "video game.mp4", ...
  virtual std::string Describe() const = 0;
  // Frames per second the source delivers (nominal).
  virtual double Fps() const = 0;
  // True when frames come in real time whether or not anyone reads them (a camera): a reader
  // that falls behind should take the newest frame rather than queue old ones.
  virtual bool IsLive() const { return false; }
  // The lens, when the source knows it (the synthetic table's camera); real cameras need a
  // calibration file.
  virtual std::optional<calibration::Intrinsics> KnownIntrinsics() const { return std::nullopt; }
};

const char* ToString(ReadStatus status);

}  // namespace tabref::vision
