// Frames per second of the synthetic table's webcam renderer on one core. The baseline is the
// same frame without the per-camera background cache (ray-casting the table every frame).
//   render_benchmark --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>

#include <random>

#include "vision/sim/background.h"
#include "vision/sim/random_scene.h"
#include "vision/sim/renderer.h"

namespace tabref::vision::sim {
namespace {

// A busy table seen at 25 degrees: pieces at rest, two sliding (motion blur), a hand.
struct BusyTable {
  explicit BusyTable(int width, int height, RenderOptions options = RenderOptions())
      : set(LoadPieceSet(DefaultPieceSetFile())) {
    std::mt19937_64 rng(3);
    RandomSceneOptions scene_options;
    scene_options.distractors = true;
    scene = RandomScene(set, scene_options, rng);
    scene.bodies[scene.bodies.size() - 4].velocity = {900, 300};
    scene.bodies[scene.bodies.size() - 5].velocity = {-400, 650};
    CameraOptions camera_options;
    camera_options.width = width;
    camera_options.height = height;
    camera_options.tilt_deg = 25;
    camera_options.distortion = {-0.08, 0.03, 0, 0, 0};
    std::vector<cv::Vec3d> corners;
    for (int id = 0; id < 4; ++id) {
      for (const cv::Vec3d& corner : scene.layout.MarkerCorners(id)) corners.push_back(corner);
    }
    camera = PlaceCamera(camera_options, scene.layout.PlayAreaCentre(), corners);
    renderer.emplace(camera, scene.layout, set, options);
    hand = HandPose{scene.bodies.front().position, 1.0, 30};
  }

  PieceSet set;
  SceneSetup scene;
  Camera camera;
  std::optional<Renderer> renderer;
  HandPose hand;
};

void Report(benchmark::State& state) {
  state.counters["fps"] =
      benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
}

void BM_WebcamFrame(benchmark::State& state) {
  BusyTable table(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  double time_s = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        table.renderer->Render(table.scene.looks, table.scene.bodies, time_s, table.hand));
    time_s += 1.0 / 30;
  }
  Report(state);
}

// MJPG video output compresses anyway: the frame without the sensor's own JPEG round trip.
void BM_WebcamFrameWithoutJpeg(benchmark::State& state) {
  RenderOptions options;
  options.jpeg_quality = 0;
  BusyTable table(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)), options);
  double time_s = 0;
  for (auto _ : state) {
    benchmark::DoNotOptimize(
        table.renderer->Render(table.scene.looks, table.scene.bodies, time_s, table.hand));
    time_s += 1.0 / 30;
  }
  Report(state);
}

// Baseline: what every frame would cost without caching the static background per camera.
void BM_BaselineUncachedBackground(benchmark::State& state) {
  BusyTable table(static_cast<int>(state.range(0)), static_cast<int>(state.range(1)));
  const RenderOptions options;
  const Lighting lighting(options, table.scene.layout.PlayAreaCentre());
  for (auto _ : state) {
    benchmark::DoNotOptimize(RenderBackground(table.camera, table.scene.layout, lighting, options));
  }
  Report(state);
}

void Sizes(benchmark::internal::Benchmark* benchmark) {
  benchmark->Args({640, 480})->Args({1280, 720})->Args({1920, 1080})->Unit(benchmark::kMillisecond);
}

BENCHMARK(BM_WebcamFrame)->Apply(Sizes);
BENCHMARK(BM_WebcamFrameWithoutJpeg)->Apply(Sizes);
BENCHMARK(BM_BaselineUncachedBackground)->Apply(Sizes);

}  // namespace
}  // namespace tabref::vision::sim

int main(int argc, char** argv) {
  cv::setNumThreads(0);  // one core: OpenCV's own threads would flatter the figures
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
