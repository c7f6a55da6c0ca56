#include "vision/sim/simulate.h"

#include <cmath>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>

#include "vision/sim/filming.h"
#include "vision/sim/option_check.h"
#include "vision/sim/output_files.h"
#include "vision/sim/random.h"
#include "vision/sim/random_scene.h"
#include "vision/sim/renderer.h"
#include "vision/sim/shots.h"
#include "vision/sim/truth.h"
#include "vision/sim/webcam.h"

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

Recorded Record(const SimulationOptions& options, const SceneSetup& scene, Renderer* renderer,
                World& world, GroundTruth& truth) {
  ShotDirector director(options.shots, kPauseBeforeShotS, options.seed + 1);
  std::unique_ptr<FrameSink> sink;
  if (renderer != nullptr) {
    sink = std::make_unique<FrameSink>(options.out_dir, cv::Size(options.width, options.height),
                                       options.fps, options.write_video, options.write_frames);
  }
  Filming filming(options.fps, scene.looks, truth, renderer, sink.get());
  const Filming::StepHook strike = [&](World& w) { director.BeforeStep(w, scene.looks); };
  Filming::HandAt hand;
  if (options.hand) hand = [&](double time_s) { return director.Hand(time_s); };
  for (;;) {
    filming.NextFrame(world, strike, hand);
    const double time_s = filming.LastTime();
    const double quiet_since = world.Events().empty() ? 0 : world.Events().back().time_s;
    const bool finished = director.Done(world) && time_s - quiet_since >= kShowRestS;
    if (finished || time_s + 1 / options.fps > options.max_duration_s) break;
  }
  if (sink) sink->Finish();
  return {filming.Frames(), filming.LastTime()};
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

void SimulationOptions::Check(bool needs_output) const {
  Require(!game.empty(), "game", "given");
  Require(!needs_output || !out_dir.empty(), "out_dir", "given");
  Require(width >= 640 && width <= 1920 && height >= 480 && height <= 1080, "width/height",
          "within 640x480 .. 1920x1080");
  Require(fps >= 1 && fps <= 240, "fps", "in 1..240");
  Require(shots >= 0 && shots <= 100, "shots", "in 0..100");
  Require(max_duration_s > 0 && max_duration_s <= 600, "max_duration_s", "in (0, 600]");
  Require(!needs_output || still || !render_frames || write_frames || write_video,
          "write_frames/write_video", "not both off while rendering (nothing to write)");
  Require(!tilt_deg || (*tilt_deg >= 0 && *tilt_deg <= 45), "tilt_deg", "in 0..45");
  render.Check();
  physics.Check();
}

Camera SimulationCamera(const SimulationOptions& options, const TableLayout& layout, Rng& rng,
                        const std::vector<cv::Vec3d>& also_see) {
  return RandomWebcam({options.width, options.height, options.tilt_deg}, layout, rng, also_see);
}

RenderOptions SeededRenderOptions(const SimulationOptions& options) {
  RenderOptions render = options.render;
  render.seed = options.seed;
  return render;
}

PhysicsOptions SeededPhysicsOptions(const SimulationOptions& options) {
  PhysicsOptions physics = options.physics;
  physics.seed = options.seed;
  return physics;
}

std::string Simulate(const SimulationOptions& options) {
  options.Check();
  Require(options.game == "scene", "game",
          "\"scene\" (the games are played by the referee library's SimulateGame)");
  const PieceSet set = LoadPieceSet(options.set_file);
  Rng rng(options.seed);
  RandomSceneOptions scene_options;
  scene_options.distractors = options.distractors;
  scene_options.material = options.material;
  const SceneSetup scene = RandomScene(set, scene_options, rng);
  const Camera camera = SimulationCamera(options, scene.layout, rng);

  fs::create_directories(options.out_dir);
  std::unique_ptr<Renderer> renderer;
  if (options.render_frames || options.still) {
    renderer = std::make_unique<Renderer>(camera, scene.layout, set, SeededRenderOptions(options));
  }
  World world(scene.bodies, scene.layout.TableTop(), scene.layout.floor_depth_mm,
              SeededPhysicsOptions(options));
  GroundTruth truth(camera, scene.layout, scene.looks, options.seed, options.fps);
  Recorded recorded;
  if (options.still) {
    WriteImage(options.out_dir / "still.png", renderer->Render(scene.looks, world.Bodies(), 0));
    truth.AddFrame(0, 0, world.Bodies());
  } else {
    recorded = Record(options, scene, renderer.get(), world, truth);
  }
  WriteText(options.out_dir / "truth.json", truth.ToJson(world.Events()).dump(1) + "\n");
  WriteAtomically(options.out_dir / "camera.yml",
                  [&](const fs::path& path) { WriteCameraYaml(camera, path); });
  return Summary(options, recorded, world);
}

}  // namespace tabref::vision::sim
