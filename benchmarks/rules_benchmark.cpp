// Replay speed of the rule engines. The store resumes a game and undoes an action by
// replaying its log, so replay is on the path of every undo and every restart.
// Baseline: parsing the same log's JSON text, the least any replay must cost.
#include <benchmark/benchmark.h>

#include "rules/core/state.h"
#include "rules/registry.h"

namespace tabref::rules {
namespace {

// A finished random game of `type` with its smallest table, as log text.
std::string RandomFinishedLog(const GameType& type, std::uint64_t seed) {
  GameSetup setup{type.name, {}, {}, Json::object()};
  for (int i = 1; i <= type.min_players; ++i) setup.players.push_back("P" + std::to_string(i));
  auto state = type.make(setup)->NewInitialState();
  Rng rng(seed);
  while (!state->IsTerminal()) state->Apply(state->RandomAction(rng));
  return state->ToLogJson().dump();
}

void ParseLogOnly(benchmark::State& bench, const std::string& text) {
  for (auto _ : bench) benchmark::DoNotOptimize(Json::parse(text));
  bench.SetBytesProcessed(static_cast<int64_t>(bench.iterations() * text.size()));
}

void ParseAndReplay(benchmark::State& bench, const std::string& text) {
  size_t actions = 0;
  for (auto _ : bench) {
    auto state = ReplayLog(Json::parse(text));
    actions = state->History().size();
    benchmark::DoNotOptimize(state);
  }
  bench.counters["actions"] = static_cast<double>(actions);
  bench.SetItemsProcessed(static_cast<int64_t>(bench.iterations() * actions));
}

void UndoLastAction(benchmark::State& bench, const std::string& text) {
  const auto finished = ReplayLog(Json::parse(text));
  for (auto _ : bench) {
    auto state = finished->Clone();
    state->Undo();
    benchmark::DoNotOptimize(state);
  }
  bench.counters["actions"] = static_cast<double>(finished->History().size());
}

// Whether an action is legal now, as front ends and the conformance suite ask it of a long
// game. Check() steps a copy of the position only; the baseline copies the whole state,
// history included, and applies the action to the copy.
void CheckFinalAction(benchmark::State& bench, const std::string& text) {
  const auto finished = ReplayLog(Json::parse(text));
  auto before_end = finished->Clone();
  before_end->Undo();
  const Json last = finished->History().back().body;
  for (auto _ : bench) before_end->Check(last);
  bench.counters["actions"] = static_cast<double>(before_end->History().size());
}

void CloneAndApplyFinalAction(benchmark::State& bench, const std::string& text) {
  const auto finished = ReplayLog(Json::parse(text));
  auto before_end = finished->Clone();
  before_end->Undo();
  const Json last = finished->History().back().body;
  for (auto _ : bench) {
    auto copy = before_end->Clone();
    copy->Apply(last);
    benchmark::DoNotOptimize(copy);
  }
  bench.counters["actions"] = static_cast<double>(before_end->History().size());
}

void RegisterAll() {
  for (const auto& type : RegisteredGames()) {
    const std::string log = RandomFinishedLog(type, 7);
    benchmark::RegisterBenchmark(("ParseLogOnly/" + type.name).c_str(), ParseLogOnly, log);
    benchmark::RegisterBenchmark(("ParseAndReplay/" + type.name).c_str(), ParseAndReplay, log);
    benchmark::RegisterBenchmark(("UndoLastAction/" + type.name).c_str(), UndoLastAction, log);
    benchmark::RegisterBenchmark(("CheckFinalAction/" + type.name).c_str(), CheckFinalAction, log);
    benchmark::RegisterBenchmark(("CloneAndApplyFinalAction/" + type.name).c_str(),
                                 CloneAndApplyFinalAction, log);
  }
}

}  // namespace
}  // namespace tabref::rules

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  tabref::rules::RegisterAll();
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
