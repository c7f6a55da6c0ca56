#include "vision/sim/simulate.h"

#include <cmath>
#include <random>
#include <sstream>
#include <stdexcept>

#include "vision/sim/camera.h"
#include "vision/sim/option_check.h"
#include "vision/sim/output_files.h"
#include "vision/sim/random.h"
#include "vision/sim/random_camera.h"
#include "vision/sim/random_scene.h"
#include "vision/sim/renderer.h"
#include "vision/sim/shots.h"
#include "vision/sim/truth.h"

namespace tabref::vision::sim {
namespace {

namespace fs = std::filesystem;

constexpr double kPauseBeforeShotS = 0.9;  // the hand needs time to come in
constexpr double kShowRestS = 0.6;         // keep recording this long after the last event

void Require(bool ok, const char* field, const char* range) {
  RequireField(ok, "SimulationOptions", field, range);
}

struct Recorded {
  int frames = 0;
  double duration_s = 0;
};

Recorded Record(const SimulationOptions& options, const SceneSetup& scene, Renderer& renderer,
                World& world, GroundTruth& truth) {
  ShotDirector director(options.shots, kPauseBeforeShotS, options.seed + 1);
  FrameSink sink(options.out_dir, {options.width, options.height}, options.fps, options.write_video,
                 options.write_frames);
  Recorded recorded;
  for (int index = 0;; ++index) {
    const double time_s = index / options.fps;
    while (world.Time() < time_s - 1e-9) {
      director.BeforeStep(world, scene.looks);
      world.Step();
    }
    const std::optional<HandPose> hand = options.hand ? director.Hand(time_s) : std::nullopt;
    sink.Write(renderer.Render(scene.looks, world.Bodies(), time_s, hand));
    truth.AddFrame(index, time_s, world.Bodies());
    recorded = {index + 1, time_s};
    const double quiet_since = world.Events().empty() ? 0 : world.Events().back().time_s;
    const bool finished = director.Done(world) && time_s - quiet_since >= kShowRestS;
    if (finished || time_s + 1 / options.fps > options.max_duration_s) break;
  }
  sink.Finish();
  return recorded;
}

std::string Summary(const SimulationOptions& options, const Recorded& recorded,
                    const World& world) {
  int flicks = 0;
  int contacts = 0;
  int off_table = 0;
  std::ostringstream rests;
  for (const Event& event : world.Events()) {
    flicks += event.type == EventType::kFlick || event.type == EventType::kHop;
    contacts += event.type == EventType::kContact;
    off_table += event.type == EventType::kLeftTable;
    if (event.type == EventType::kRest)
      rests << (rests.tellp() > 0 ? " " : "") << std::round(event.time_s * 100) / 100;
  }
  std::ostringstream line;
  line << options.game << " seed " << options.seed << ": ";
  if (options.still) {
    line << "1 still " << options.width << "x" << options.height;
  } else {
    line << recorded.frames << " frames (" << std::round(recorded.duration_s * 10) / 10 << " s at "
         << options.fps << " fps) " << options.width << "x" << options.height << ", " << flicks
         << " shots, " << contacts << " contacts, " << off_table << " off the table, at rest at ["
         << rests.str() << "] s";
  }
  line << " -> " << options.out_dir.string();
  return line.str();
}

}  // namespace

void SimulationOptions::Check() const {
  Require(game == "scene", "game", "\"scene\" (the games are not simulated yet)");
  Require(!out_dir.empty(), "out_dir", "given");
  Require(width >= 640 && width <= 1920 && height >= 480 && height <= 1080, "width/height",
          "within 640x480 .. 1920x1080");
  Require(fps >= 1 && fps <= 240, "fps", "in 1..240");
  Require(shots >= 0 && shots <= 100, "shots", "in 0..100");
  Require(max_duration_s > 0 && max_duration_s <= 600, "max_duration_s", "in (0, 600]");
  Require(still || write_frames || write_video, "write_frames/write_video",
          "not both off (nothing to write)");
  Require(!tilt_deg || (*tilt_deg >= 0 && *tilt_deg <= 45), "tilt_deg", "in 0..45");
  render.Check();
  physics.Check();
}

std::string Simulate(const SimulationOptions& options) {
  options.Check();
  const PieceSet set = LoadPieceSet(options.set_file);
  Rng rng(options.seed);
  RandomSceneOptions scene_options;
  scene_options.distractors = options.distractors;
  scene_options.material = options.material;
  const SceneSetup scene = RandomScene(set, scene_options, rng);
  const Camera camera = PlaceCameraOverTable(
      RandomCameraOptions(options.width, options.height, options.tilt_deg, rng), scene.layout);
  RenderOptions render = options.render;
  render.seed = options.seed;
  PhysicsOptions physics = options.physics;
  physics.seed = options.seed;

  fs::create_directories(options.out_dir);
  Renderer renderer(camera, scene.layout, set, render);
  World world(scene.bodies, scene.layout.TableTop(), scene.layout.floor_depth_mm, physics);
  GroundTruth truth(camera, scene.layout, scene.looks, options.seed, options.fps);
  Recorded recorded;
  if (options.still) {
    WriteImage(options.out_dir / "still.png", renderer.Render(scene.looks, world.Bodies(), 0));
    truth.AddFrame(0, 0, world.Bodies());
  } else {
    recorded = Record(options, scene, renderer, world, truth);
  }
  WriteText(options.out_dir / "truth.json", truth.ToJson(world.Events()).dump(1) + "\n");
  WriteAtomically(options.out_dir / "camera.yml",
                  [&](const fs::path& path) { WriteCameraYaml(camera, path); });
  return Summary(options, recorded, world);
}

}  // namespace tabref::vision::sim
