#include "app/referee/live/source_spec.h"

#include <filesystem>
#include <stdexcept>

#include "vision/source/buffered_source.h"
#include "vision/source/image_folder_source.h"
#include "vision/source/video_file_source.h"
#include "vision/source/webcam_source.h"

namespace tabref::referee {
namespace {

constexpr const char* kSimPrefix = "sim:";
constexpr const char* kWebcamPrefix = "webcam:";

bool StartsWith(const std::string& text, const std::string& prefix) {
  return text.rfind(prefix, 0) == 0;
}

std::uint64_t ParseSeed(const std::string& text) {
  size_t used = 0;
  unsigned long long seed = 0;
  try {
    seed = std::stoull(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  if (text.empty() || used != text.size() || text[0] == '-') {
    throw std::invalid_argument("--source sim:SEED needs a whole number seed, got 'sim:" + text +
                                "'");
  }
  return seed;
}

}  // namespace

bool IsSimulatedSource(const std::string& name) { return StartsWith(name, kSimPrefix); }

OpenedSource OpenSource(const std::string& name, const std::string& game,
                        const SimulatedTableSettings& settings) {
  OpenedSource opened;
  if (IsSimulatedSource(name)) {
    GameSimulationOptions options;
    options.recording = DefaultGameRecording();
    options.recording.game = game;
    options.recording.seed = ParseSeed(name.substr(std::string(kSimPrefix).size()));
    options.recording.width = settings.width;
    options.recording.height = settings.height;
    options.recording.fps = settings.fps;
    options.recording.max_duration_s = settings.max_duration_s;
    options.recording.tidying_hand = settings.tidying_hand;
    options.recording.write_video = false;
    options.recording.out_dir.clear();
    options.players = settings.players;
    options.game_options = settings.game_options;
    options.max_shots = settings.max_shots;
    options.Check(false);  // std::invalid_argument names the field
    auto simulated = std::make_unique<SimulatedGameSource>(options, settings.faults);
    opened.simulated = simulated.get();
    opened.source = std::make_unique<vision::BufferedSource>(
        std::move(simulated), vision::BufferedSource::Policy::kEveryFrame, 4);
    return opened;
  }
  if (StartsWith(name, kWebcamPrefix)) {
    vision::WebcamOptions options;
    options.device = name.substr(std::string(kWebcamPrefix).size());
    if (options.device.empty())
      throw std::invalid_argument("--source webcam:N needs a camera index or device path");
    options.Check();
    opened.source =
        std::make_unique<vision::BufferedSource>(std::make_unique<vision::WebcamSource>(options),
                                                 vision::BufferedSource::Policy::kNewestOnly, 2);
    return opened;
  }
  const std::filesystem::path path(name);
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    opened.source =
        std::make_unique<vision::BufferedSource>(std::make_unique<vision::ImageFolderSource>(path),
                                                 vision::BufferedSource::Policy::kEveryFrame, 4);
    return opened;
  }
  if (!std::filesystem::exists(path, error)) {
    throw vision::SourceError(name +
                              ": no such file or folder; give a video file, a folder of images, "
                              "webcam:N or sim:SEED");
  }
  opened.source =
      std::make_unique<vision::BufferedSource>(std::make_unique<vision::VideoFileSource>(path),
                                               vision::BufferedSource::Policy::kEveryFrame, 4);
  return opened;
}

}  // namespace tabref::referee
