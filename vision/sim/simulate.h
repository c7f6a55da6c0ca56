#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>

#include "vision/pieces/piece_set.h"
#include "vision/sim/camera.h"
#include "vision/sim/physics.h"
#include "vision/sim/random.h"
#include "vision/sim/render_options.h"
#include "vision/sim/scene.h"

namespace tabref::vision::sim {

// What `tabref simulate` plays and writes. Everything random derives from `seed`.
struct SimulationOptions {
  // "scene": random flicks on a random table (Simulate()); the games ("bocce", "ppolf",
  // "iceboule") are played by the referee library's SimulateGame() with these options.
  std::string game = "scene";
  std::uint64_t seed = 1;
  std::filesystem::path out_dir;  // created when missing
  int width = 1280;               // frame size, 640x480 .. 1920x1080
  int height = 720;
  double fps = 30;             // output frame rate; the physics does not depend on it
  int shots = 4;               // flicks and centrifices played
  double max_duration_s = 60;  // stop recording here even if pieces still move
  bool still = false;          // write one image of the scene at rest (still.png) instead
  bool render_frames = true;   // draw frames; false: physics and ground truth only (fast)
  bool write_frames = false;   // PNG frames under frames/
  bool write_video = true;     // video.avi (MJPG)
  bool distractors = true;     // a die, a pen and a card on the table
  bool hand = true;            // the player's hand reaches in for each shot
  // Games: between shots the hand goes to each piece the players take up (it is there until
  // the hand reaches it) and then sets the next stroke's piece down (vision/sim/hand.h
  // TidyingHand). Off: pieces taken up vanish at once, and the hand shows only at the piece
  // set down (the recordings up to stop 53).
  bool tidying_hand = true;
  std::optional<TableMaterial> material;  // random when not given
  std::optional<double> tilt_deg;  // camera tilt from vertical; random in 0..40 when not given
  RenderOptions render;            // its seed is replaced by `seed`
  PhysicsOptions physics;          // its seed is replaced by `seed`
  std::filesystem::path set_file = DefaultPieceSetFile();

  // Throws std::invalid_argument naming the first field out of range (any game name); `out_dir` may
  // be empty only when `needs_output` is false (frames drawn for a reader, nothing written).
  void Check(bool needs_output = true) const;
};

// Plays the "scene" simulation and writes into `out_dir`: video.avi and/or frames/frame_NNNNN.png
// (or still.png), truth.json and camera.yml, each complete or not at all. Returns a one-line
// summary. Throws std::invalid_argument for bad options, PieceSetError for a bad set file and
// std::runtime_error when an output cannot be written.
std::string Simulate(const SimulationOptions& options);

// The table's webcam for these options: `rng` draws its pose and lens.
Camera SimulationCamera(const SimulationOptions& options, const TableLayout& layout, Rng& rng,
                        const std::vector<cv::Vec3d>& also_see = {});
// The options' render and physics settings, seeded by `options.seed`.
RenderOptions SeededRenderOptions(const SimulationOptions& options);
PhysicsOptions SeededPhysicsOptions(const SimulationOptions& options);

}  // namespace tabref::vision::sim
