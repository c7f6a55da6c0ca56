#pragma once

#include <functional>
#include <memory>
#include <opencv2/core.hpp>
#include <string>

#include "vision/source/frame_source.h"

namespace tabref::vision {

struct WebcamOptions {
  std::string device = "0";  // a V4L2 index ("0") or a device path ("/dev/video0")
  int width = 1920;          // the capture mode asked for; the camera may choose another
  int height = 1080;
  double fps = 30;
  std::string fourcc = "MJPG";  // most USB webcams deliver 1080p at 30 fps only as MJPG
  // After the camera is lost (unplugged), reopen it after this long, doubling the wait on
  // every failure up to `max_retry_s`.
  double first_retry_s = 0.5;
  double max_retry_s = 8;
  // When the camera cannot be opened at the start: wait for it (true) or fail (false).
  bool wait_at_start = false;

  // Throws std::invalid_argument naming the first field out of range.
  void Check() const;
};

// The camera behind a webcam source: cv::VideoCapture on V4L2, or a stand-in in tests.
class CaptureDevice {
 public:
  virtual ~CaptureDevice() = default;
  // Opens the device in the options' mode; false when it is not there.
  virtual bool Open(const WebcamOptions& options) = 0;
  // The next frame; false when the device stopped delivering (unplugged).
  virtual bool Read(cv::Mat& frame) = 0;
  virtual void Close() = 0;
  // The mode the device actually runs in (after Open).
  virtual cv::Size FrameSize() const = 0;
  virtual double FrameRate() const = 0;
};

std::unique_ptr<CaptureDevice> MakeOpenCvCaptureDevice();

// A USB webcam: frames timed by a steady clock from the first one, and a camera that is
// unplugged is reopened with back-off while Read() reports kWaiting with the reason, so a
// game waits for its camera instead of ending.
class WebcamSource : public FrameSource {
 public:
  using Sleep = std::function<void(double seconds)>;

  // Opens the camera. Throws SourceError when it cannot be opened and
  // `options.wait_at_start` is false, std::invalid_argument for bad options.
  explicit WebcamSource(WebcamOptions options,
                        std::unique_ptr<CaptureDevice> device = MakeOpenCvCaptureDevice(),
                        Sleep sleep = {});

  FrameRead Read() override;
  std::string Describe() const override;
  double Fps() const override;
  bool IsLive() const override { return true; }

  bool Connected() const { return connected_; }
  int Reconnections() const { return reconnections_; }

 private:
  bool TryOpen();
  std::string Name() const;

  WebcamOptions options_;
  std::unique_ptr<CaptureDevice> device_;
  Sleep sleep_;
  bool connected_ = false;
  bool ever_connected_ = false;
  double retry_s_;
  int reconnections_ = 0;
  bool announce_back_ = false;
  std::int64_t next_index_ = 0;
  double start_ = -1;  // steady-clock seconds of the first frame
};

}  // namespace tabref::vision
