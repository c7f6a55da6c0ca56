#include "vision/source/webcam_source.h"

#include <chrono>
#include <cmath>
#include <opencv2/videoio.hpp>
#include <sstream>
#include <stdexcept>
#include <thread>

namespace tabref::vision {
namespace {

double SteadySeconds() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

bool IsIndex(const std::string& device) {
  return !device.empty() && device.find_first_not_of("0123456789") == std::string::npos;
}

std::string Seconds(double s) {
  std::ostringstream text;
  text.precision(s < 10 ? 2 : 3);
  text << s << " s";
  return text.str();
}

class OpenCvCaptureDevice : public CaptureDevice {
 public:
  bool Open(const WebcamOptions& options) override {
    capture_.release();
    const bool opened = IsIndex(options.device)
                            ? capture_.open(std::stoi(options.device), cv::CAP_V4L2)
                            : capture_.open(options.device, cv::CAP_V4L2);
    if (!opened) return false;
    if (options.fourcc.size() == 4) {
      capture_.set(cv::CAP_PROP_FOURCC,
                   cv::VideoWriter::fourcc(options.fourcc[0], options.fourcc[1], options.fourcc[2],
                                           options.fourcc[3]));
    }
    capture_.set(cv::CAP_PROP_FRAME_WIDTH, options.width);
    capture_.set(cv::CAP_PROP_FRAME_HEIGHT, options.height);
    capture_.set(cv::CAP_PROP_FPS, options.fps);
    // One buffered frame: a late reader gets a fresh frame, not one from the past.
    capture_.set(cv::CAP_PROP_BUFFERSIZE, 1);
    return capture_.isOpened();
  }
  bool Read(cv::Mat& frame) override { return capture_.read(frame) && !frame.empty(); }
  void Close() override { capture_.release(); }
  cv::Size FrameSize() const override {
    return {static_cast<int>(capture_.get(cv::CAP_PROP_FRAME_WIDTH)),
            static_cast<int>(capture_.get(cv::CAP_PROP_FRAME_HEIGHT))};
  }
  double FrameRate() const override { return capture_.get(cv::CAP_PROP_FPS); }

 private:
  // VideoCapture::get is not const in OpenCV's interface.
  mutable cv::VideoCapture capture_;
};

}  // namespace

void WebcamOptions::Check() const {
  const auto require = [](bool ok, const char* field, const char* range) {
    if (!ok)
      throw std::invalid_argument(std::string("WebcamOptions.") + field + " must be " + range);
  };
  require(!device.empty(), "device", "a V4L2 index or a device path");
  require(width >= 160 && width <= 7680, "width", "in 160..7680");
  require(height >= 120 && height <= 4320, "height", "in 120..4320");
  require(fps >= 1 && fps <= 240, "fps", "in 1..240");
  require(fourcc.empty() || fourcc.size() == 4, "fourcc", "empty or four characters");
  require(first_retry_s > 0 && first_retry_s <= 60, "first_retry_s", "in (0, 60]");
  require(max_retry_s >= first_retry_s && max_retry_s <= 600, "max_retry_s",
          "in first_retry_s..600");
}

std::unique_ptr<CaptureDevice> MakeOpenCvCaptureDevice() {
  return std::make_unique<OpenCvCaptureDevice>();
}

WebcamSource::WebcamSource(WebcamOptions options, std::unique_ptr<CaptureDevice> device,
                           Sleep sleep)
    : options_(std::move(options)),
      device_(std::move(device)),
      sleep_(std::move(sleep)),
      retry_s_(options_.first_retry_s) {
  options_.Check();
  if (!sleep_) {
    sleep_ = [](double seconds) {
      std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
    };
  }
  if (!TryOpen() && !options_.wait_at_start) {
    throw SourceError("no camera at " + Name() +
                      ": is it plugged in and not used by another program? (ls /dev/video*)");
  }
}

std::string WebcamSource::Name() const {
  return IsIndex(options_.device) ? "/dev/video" + options_.device : options_.device;
}

bool WebcamSource::TryOpen() {
  if (!device_->Open(options_)) {
    device_->Close();
    return false;
  }
  connected_ = true;
  if (ever_connected_) {
    ++reconnections_;
    announce_back_ = true;
  }
  ever_connected_ = true;
  retry_s_ = options_.first_retry_s;
  return true;
}

FrameRead WebcamSource::Read() {
  FrameRead read;
  if (!connected_) {
    const double wait = retry_s_;
    sleep_(wait);
    if (!TryOpen()) {
      retry_s_ = std::min(2 * retry_s_, options_.max_retry_s);
      read.status = ReadStatus::kWaiting;
      read.message =
          "camera " + Name() + " not available (unplugged?); retrying in " + Seconds(retry_s_);
      return read;
    }
  }
  cv::Mat image;
  if (!device_->Read(image)) {
    device_->Close();
    connected_ = false;
    read.status = ReadStatus::kWaiting;
    read.message = "camera " + Name() + " stopped delivering frames (unplugged?); reconnecting";
    return read;
  }
  const double now = SteadySeconds();
  if (start_ < 0) start_ = now;
  read.status = ReadStatus::kFrame;
  read.frame.image = image;
  read.frame.index = next_index_++;
  read.frame.time_s = now - start_;
  if (announce_back_) {
    read.message = "camera " + Name() + " is back";
    announce_back_ = false;
  }
  return read;
}

std::string WebcamSource::Describe() const {
  std::ostringstream text;
  text << "webcam " << Name();
  if (connected_) {
    const cv::Size size = device_->FrameSize();
    text << " " << size.width << "x" << size.height << " at " << std::round(Fps()) << " fps";
  } else {
    text << " (not connected)";
  }
  return text.str();
}

double WebcamSource::Fps() const {
  const double fps = connected_ ? device_->FrameRate() : 0;
  return std::isfinite(fps) && fps >= 1 ? fps : options_.fps;
}

}  // namespace tabref::vision
