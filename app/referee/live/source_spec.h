#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/referee/sim/simulated_game_source.h"
#include "vision/source/frame_source.h"

namespace tabref::referee {

// How the synthetic table plays when the source is `sim:SEED`.
struct SimulatedTableSettings {
  int width = 1280;  // frame size, px
  int height = 720;
  double fps = 30;
  int max_shots = 100;               // shots on the table before the simulated players stop
  double max_duration_s = 300;       // table time before they stop
  std::vector<std::string> players;  // empty: Ann and Bob
  rules::Json game_options = rules::Json::object();  // the engine's options
  SimulatedFaults faults;
  bool tidying_hand = true;  // vision::sim::SimulationOptions::tidying_hand
};

// A frame source opened from its command-line name.
struct OpenedSource {
  std::unique_ptr<vision::FrameSource> source;  // read this (buffered on its own thread)
  SimulatedGameSource* simulated = nullptr;     // `sim:SEED`: the synthetic table inside
};

// Opens "webcam:N" (or "webcam:/dev/videoN"), "sim:SEED" (the synthetic table playing
// `game`), a folder of images, or a video file. Throws std::invalid_argument for a name
// that is none of these (bad usage), vision::SourceError when the source cannot deliver
// frames (no such file, undecodable video, no camera).
OpenedSource OpenSource(const std::string& name, const std::string& game,
                        const SimulatedTableSettings& settings = {});

// True for names OpenSource reads as the synthetic table.
bool IsSimulatedSource(const std::string& name);

}  // namespace tabref::referee
