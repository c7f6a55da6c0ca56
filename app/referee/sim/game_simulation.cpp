#include "app/referee/sim/game_simulation.h"

#include <cmath>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>

#include "app/referee/registry.h"
#include "app/referee/sim/table_players.h"
#include "app/referee/sim/truth_observation.h"
#include "rules/core/rule_error.h"
#include "rules/registry.h"
#include "vision/sim/filming.h"
#include "vision/sim/hand.h"
#include "vision/sim/option_check.h"
#include "vision/sim/output_files.h"
#include "vision/sim/renderer.h"
#include "vision/sim/truth.h"

namespace tabref::referee {
namespace {

namespace fs = std::filesystem;
using rules::Json;
using vision::sim::World;

constexpr double kPauseBeforeShotS = 0.9;  // the hand needs time to come in
constexpr double kWithdrawS = 0.5;         // and to leave after the stroke
constexpr double kShowRestS = 0.6;         // the table shown at rest after each shot
constexpr double kLongestShotS = 60;       // a shot still moving after this is cut short

void Require(bool ok, const char* field, const char* range) {
  vision::sim::RequireField(ok, "GameSimulationOptions", field, range);
}

// A stroke as the hand plays it.
struct Stroke {
  cv::Vec2d from;
  double heading = 0;
  double time_s = 0;
};

double Rounded(double value) { return std::round(value * 1e4) / 1e4; }

// One simulated game: the rules engine, its referee and the players at the table.
class GameRun {
 public:
  GameRun(const GameSimulationOptions& options, const vision::PieceSet& set);

  const GameTable& table() const { return table_; }
  const rules::State& state() const { return *state_; }
  const Json& record() const { return record_; }

  // Plays until the game is over or a limit is reached, filming every frame.
  GameSimulationReport Play(World& world, vision::sim::Filming& filming);

 private:
  void MakeGame(const std::vector<std::string>& names);
  vision::TableObservation Observe(const World& world) const {
    return ObserveTable(table_.looks, world.Bodies(), set_, world.Time(), options_.sigma_mm);
  }
  void Apply(const Json& action, rules::ActionSource source);
  void Decide(const ManualDecision& decision, const World& world);
  void PlayShot(World& world, vision::sim::Filming& filming, const Expectation& expected);
  std::optional<std::string> Limit(const vision::sim::Filming& filming) const;
  std::optional<vision::sim::HandPose> HandAt(double time_s) const;

  const GameSimulationOptions& options_;
  const vision::PieceSet& set_;
  vision::sim::Rng rng_;
  std::unique_ptr<TablePlayers> players_;
  GameTable table_;
  std::unique_ptr<rules::State> state_;
  std::unique_ptr<GameReferee> referee_;
  std::vector<Stroke> strokes_;
  std::optional<vision::TableObservation> last_after_;
  GameSimulationReport report_;
  Json record_ = {{"shots", Json::array()}, {"decisions", Json::array()}};
};

GameRun::GameRun(const GameSimulationOptions& options, const vision::PieceSet& set)
    : options_(options), set_(set), rng_(options.recording.seed) {
  TablePlayOptions play;
  play.holes = options.holes;
  players_ = MakeTablePlayers(options.recording.game, play);
  const std::vector<std::string> names =
      options.players.empty() ? std::vector<std::string>{"Ann", "Bob"} : options.players;
  // The referee's binding with its defaults filled in tells the players which pieces to lay
  // out; the referee itself only ever sees them through observations.
  const Json binding = FindRefereedGame(options.recording.game)
                           .make(static_cast<int>(names.size()), options.binding)
                           ->Binding();
  table_ = players_->SetUp(set, binding, static_cast<int>(names.size()), rng_);
  if (options.recording.material) table_.layout.material = *options.recording.material;
  MakeGame(names);
  referee_ = MakeReferee(state_->game(), options.binding);
}

void GameRun::MakeGame(const std::vector<std::string>& names) {
  rules::GameSetup setup;
  setup.game = options_.recording.game;
  setup.players = names;
  setup.options = table_.options;
  for (const auto& [key, value] : options_.game_options.items()) {
    if (table_.options.contains(key)) {
      throw std::invalid_argument("the " + setup.game + " option \"" + key +
                                  "\" is fixed by the simulated table");
    }
    setup.options[key] = value;
  }
  try {
    state_ = rules::MakeGame(setup)->NewInitialState();
  } catch (const rules::RuleError& error) {
    throw std::invalid_argument(error.what());
  }
}

void GameRun::Apply(const Json& action, rules::ActionSource source) {
  try {
    state_->Apply(action, source);
  } catch (const rules::RuleError& error) {
    throw std::logic_error("the rules refused the simulated referee's action " + action.dump() +
                           ": " + error.what());
  }
}

void GameRun::Decide(const ManualDecision& decision, const World& world) {
  const Json answer = players_->Answer(*state_, decision, world, rng_);
  record_["decisions"].push_back(
      {{"time_s", Rounded(world.Time())}, {"question", decision.question}, {"answer", answer}});
  Apply(answer, rules::ActionSource::kManual);
  ++report_.decisions;
}

std::optional<vision::sim::HandPose> GameRun::HandAt(double time_s) const {
  if (!options_.recording.hand || strokes_.empty()) return std::nullopt;
  const Stroke& stroke = strokes_.back();
  return vision::sim::FlickingHand(stroke.from, stroke.heading, stroke.time_s, time_s);
}

std::optional<std::string> GameRun::Limit(const vision::sim::Filming& filming) const {
  if (report_.shots >= options_.max_shots) {
    return "stopped after " + std::to_string(report_.shots) + " shots (shot limit)";
  }
  if (filming.NextTime() >= options_.recording.max_duration_s) {
    return "stopped after " + std::to_string(report_.shots) + " shots at " +
           std::to_string(static_cast<int>(filming.LastTime())) + " s (duration limit)";
  }
  return players_->StopBefore(*state_);
}

void GameRun::PlayShot(World& world, vision::sim::Filming& filming, const Expectation& expected) {
  // Pieces put back by hand since the last shot.
  if (last_after_) {
    if (const std::optional<Json> layout = referee_->Refresh(*state_, *last_after_, Observe(world)))
      Apply(*layout, rules::ActionSource::kVision);
  }
  const Strike strike = players_->PlayShot(*state_, expected, world, rng_);
  vision::TableObservation before = Observe(world);
  const size_t first_event = world.Events().size();
  const vision::sim::Body& piece = world.Bodies().at(static_cast<size_t>(strike.body));
  const double strike_s = world.Time() + kPauseBeforeShotS;
  strokes_.push_back(
      {piece.position, std::atan2(strike.velocity[1], strike.velocity[0]), strike_s});
  bool struck = false;
  const vision::sim::Filming::StepHook hook = [&](World& w) {
    if (struck || w.Time() < strike_s) return;
    if (strike.hop) {
      w.Hop(strike.body, strike.velocity, strike.climb);
    } else {
      w.Flick(strike.body, strike.velocity, strike.spin);
    }
    struck = true;
  };
  const vision::sim::Filming::HandAt hand = [this](double time_s) { return HandAt(time_s); };
  std::optional<double> rest_since;
  for (;;) {
    filming.NextFrame(world, hook, hand);
    const double time_s = filming.LastTime();
    if (struck && world.AtRest()) {
      if (!rest_since) rest_since = time_s;
    } else {
      rest_since.reset();
    }
    const bool shown =
        rest_since && time_s - *rest_since >= kShowRestS && time_s >= strike_s + kWithdrawS;
    if (shown || time_s > strike_s + kLongestShotS) break;
  }
  players_->AtRest(*state_, world);
  vision::TableObservation after = Observe(world);
  const vision::ShotObservation shot =
      ObserveShot(std::move(before), after, world.Events(), first_event, strike.body);
  ++report_.shots;

  const Verdict verdict = referee_->Judge(*state_, shot);
  Json entry = {{"index", report_.shots},
                {"strike_s", Rounded(strike_s)},
                {"rest_s", Rounded(world.Time())},
                {"piece", strike.body},
                {"verdict", ToString(verdict.kind)},
                {"reason", verdict.reason}};
  switch (verdict.kind) {
    case VerdictKind::kAction:
      entry["action"] = verdict.action;
      Apply(verdict.action, rules::ActionSource::kVision);
      break;
    case VerdictKind::kAskPlayers:
      Decide(verdict.question, world);
      break;
    case VerdictKind::kNotJudged:
      ++report_.not_judged;
      break;
  }
  record_["shots"].push_back(entry);
  players_->Tidy(*state_, shot, world);
  last_after_ = std::move(after);
}

GameSimulationReport GameRun::Play(World& world, vision::sim::Filming& filming) {
  for (;;) {
    if (state_->IsTerminal()) {
      const std::string status = state_->StatusLine();
      const std::string prefix = "Game over: ";
      report_.stopped =
          "game over: " + (status.rfind(prefix, 0) == 0 ? status.substr(prefix.size()) : status);
      report_.game_over = true;
      break;
    }
    const Expectation expected = referee_->Expect(*state_);
    if (expected.awaiting == Awaiting::kDecision) {
      Decide(expected.decision, world);
      continue;
    }
    if (const std::optional<std::string> limit = Limit(filming)) {
      report_.stopped = *limit;
      break;
    }
    PlayShot(world, filming, expected);
  }
  // The table at rest a moment longer.
  const double end_s = world.Time() + kShowRestS;
  while (filming.LastTime() < end_s) filming.NextFrame(world);
  report_.actions = static_cast<int>(state_->History().size());
  report_.frames = filming.Frames();
  return report_;
}

std::string SummaryLine(const GameSimulationOptions& options, const GameSimulationReport& report,
                        double fps, double duration_s) {
  const vision::sim::SimulationOptions& recording = options.recording;
  std::ostringstream line;
  line << recording.game << " seed " << recording.seed << ": " << report.stopped << "; "
       << report.shots << " shots, " << report.actions << " actions, " << report.decisions
       << " decisions, " << report.not_judged << " not judged; " << report.frames << " frames ("
       << std::round(duration_s * 10) / 10 << " s at " << fps << " fps)";
  if (recording.render_frames) {
    line << " " << recording.width << "x" << recording.height;
  } else {
    line << " not rendered";
  }
  line << " -> " << recording.out_dir.string();
  return line.str();
}

}  // namespace

vision::sim::SimulationOptions DefaultGameRecording() {
  vision::sim::SimulationOptions recording;
  recording.game = "bocce";
  recording.max_duration_s = 300;
  recording.distractors = false;
  return recording;
}

void GameSimulationOptions::Check() const {
  recording.Check();
  FindRefereedGame(recording.game);
  Require(!recording.still, "recording.still", "off (a game is a recording)");
  Require(max_shots >= 1 && max_shots <= 2000, "max_shots", "in 1..2000");
  Require(holes >= 0 && holes <= 18, "holes", "in 0..18");
  Require(sigma_mm >= 0 && sigma_mm <= 10, "sigma_mm", "in 0..10");
  Require(game_options.is_object(), "game_options", "a JSON object");
}

GameSimulationReport SimulateGame(const GameSimulationOptions& options) {
  options.Check();
  const vision::sim::SimulationOptions& recording = options.recording;
  const vision::PieceSet set = vision::LoadPieceSet(recording.set_file);
  GameRun run(options, set);
  const GameTable& table = run.table();
  vision::sim::Rng camera_rng(recording.seed + 2);
  const vision::sim::Camera camera =
      vision::sim::SimulationCamera(recording, table.layout, camera_rng, table.in_view);

  fs::create_directories(recording.out_dir);
  std::unique_ptr<vision::sim::Renderer> renderer;
  std::unique_ptr<vision::sim::FrameSink> sink;
  if (recording.render_frames) {
    renderer = std::make_unique<vision::sim::Renderer>(camera, table.layout, set,
                                                       vision::sim::SeededRenderOptions(recording));
    sink = std::make_unique<vision::sim::FrameSink>(
        recording.out_dir, cv::Size(recording.width, recording.height), recording.fps,
        recording.write_video, recording.write_frames);
  }
  World world(table.bodies, table.layout.TableTop(), table.layout.floor_depth_mm,
              vision::sim::SeededPhysicsOptions(recording));
  vision::sim::GroundTruth truth(camera, table.layout, table.looks, recording.seed, recording.fps);
  vision::sim::Filming filming(recording.fps, table.looks, truth, renderer.get(), sink.get());
  GameSimulationReport report = run.Play(world, filming);
  if (sink) sink->Finish();

  const rules::State& state = run.state();
  Json document = truth.ToJson(world.Events());
  document["game"] = {{"name", recording.game},
                      {"players", state.game().setup().players},
                      {"options", state.game().ResolvedOptions()},
                      {"stopped", report.stopped},
                      {"shots", run.record()["shots"]},
                      {"decisions", run.record()["decisions"]}};
  vision::sim::WriteText(recording.out_dir / "truth.json", document.dump(1) + "\n");
  vision::sim::WriteAtomically(recording.out_dir / "camera.yml", [&](const fs::path& path) {
    vision::sim::WriteCameraYaml(camera, path);
  });
  vision::sim::WriteText(recording.out_dir / "game_log.json", state.ToLogJson().dump(2) + "\n");
  vision::sim::WriteText(recording.out_dir / "truth_scorecard.json",
                         state.Summary().dump(2) + "\n");
  report.summary = SummaryLine(options, report, recording.fps, filming.LastTime());
  return report;
}

}  // namespace tabref::referee
