// Frames per second of `tabref simulate --game NAME` on one core: the games on the synthetic
// table recorded at 1280x720 with every effect and the MJPG video written, against the same
// games played with physics and ground truth only (the baseline: what rendering adds).
//   game_benchmark --benchmark_counters_tabular=true
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <filesystem>
#include <opencv2/core.hpp>

#include "app/referee/sim/game_simulation.h"

namespace tabref::referee {
namespace {

const char* const kGames[] = {"bocce", "ppolf", "iceboule"};

void Record(benchmark::State& state, bool render) {
  const std::string game = kGames[state.range(0)];
  state.SetLabel(game + (render ? " 1280x720 + video" : " physics and truth only"));
  GameSimulationOptions options;
  options.recording.game = game;
  options.recording.seed = 3;
  options.recording.render_frames = render;
  options.recording.out_dir = std::filesystem::temp_directory_path() /
                              ("tabref-game-benchmark-" + std::to_string(::getpid()));
  options.max_shots = 8;
  options.holes = 0;
  double frames = 0;
  double table_s = 0;
  for (auto _ : state) {  // NOLINT(clang-analyzer-deadcode.DeadStores): the loop's counter
    const GameSimulationReport report = SimulateGame(options);
    frames += report.frames;
    table_s += report.frames / options.recording.fps;
  }
  std::filesystem::remove_all(options.recording.out_dir);
  state.counters["frames"] = frames / static_cast<double>(state.iterations());
  state.counters["fps"] = benchmark::Counter(frames, benchmark::Counter::kIsRate);
  // Seconds of table time recorded per second of work: above 1 keeps up with a live webcam.
  state.counters["x_realtime"] = benchmark::Counter(table_s, benchmark::Counter::kIsRate);
}

void BM_RecordGame(benchmark::State& state) { Record(state, true); }
void BM_BaselinePhysicsOnly(benchmark::State& state) { Record(state, false); }

BENCHMARK(BM_RecordGame)->DenseRange(0, 2)->Iterations(1)->Unit(benchmark::kSecond);
BENCHMARK(BM_BaselinePhysicsOnly)->DenseRange(0, 2)->Iterations(3)->Unit(benchmark::kSecond);

}  // namespace
}  // namespace tabref::referee

int main(int argc, char** argv) {
  cv::setNumThreads(0);  // one core: OpenCV's own threads would flatter the figures
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
