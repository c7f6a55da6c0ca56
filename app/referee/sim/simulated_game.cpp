#include "app/referee/sim/simulated_game.h"

#include <cmath>
#include <functional>
#include <stdexcept>

#include "app/referee/registry.h"
#include "app/referee/sim/truth_observation.h"
#include "rules/core/rule_error.h"
#include "rules/registry.h"
#include "vision/sim/filming.h"
#include "vision/sim/output_files.h"
#include "vision/sim/renderer.h"
#include "vision/sim/truth.h"

namespace tabref::referee {
namespace {

namespace fs = std::filesystem;
using rules::Json;
using vision::sim::Body;
using vision::sim::Support;
using vision::sim::World;

constexpr double kPauseBeforeShotS = 0.9;  // the hand needs time to come in
constexpr double kWithdrawS = 0.5;         // and to leave after the stroke
constexpr double kShowRestS = 0.6;         // the table shown at rest after each shot
constexpr double kLongestShotS = 60;       // a shot still moving after this is cut short

// A stroke as the hand plays it.
struct Stroke {
  cv::Vec2d from;
  double heading = 0;
  double time_s = 0;
  // When the hand set the pieces of this shot down (none for the first shot: the recording
  // starts with them in place).
  std::optional<double> placed_s;
};

double Rounded(double value) { return std::round(value * 1e4) / 1e4; }

}  // namespace

// One simulated game: the rules engine, its referee and the players at the table, played
// one recorded frame at a time.
class GameRun {
 public:
  using OnApply = std::function<void(const rules::Action&)>;

  GameRun(const GameSimulationOptions& options, const vision::PieceSet& set, OnApply on_apply);

  const GameTable& table() const { return table_; }
  const rules::State& state() const { return *state_; }
  const Json& record() const { return record_; }
  const GameSimulationReport& report() const { return report_; }
  std::optional<vision::sim::HandPose> HandAt(double time_s) const;
  // `bodies` (the world's) as the frame at `time_s` shows them. With the tidying hand, a piece
  // the players took up between shots is there until the hand reaches it, one they set down
  // only once it has, and once play has stopped the table stays as the last shot left it.
  std::vector<Body> Shown(const std::vector<Body>& bodies, double time_s) const;
  // Shown() for the filming; nothing without the tidying hand (the world's bodies as they are).
  vision::sim::Filming::Shown AsShown() const;

  // Plays on until one more frame is recorded; false when the game has nothing more to
  // record (over, or a limit reached, and the table shown at rest a moment longer).
  bool Advance(World& world, vision::sim::Filming& filming);

 private:
  enum class Phase { kBetweenShots, kShot, kClosing, kDone };

  // The shot being played.
  struct Shot {
    Strike strike;
    vision::TableObservation before;
    size_t first_event = 0;
    double strike_s = 0;
    bool struck = false;
    std::optional<double> rest_since;
  };

  // Pieces taken up and set down between two shots, as one hand does it: it goes to each
  // piece taken up in turn, then to the piece it sets down for the stroke.
  struct Tidying {
    std::vector<vision::sim::HandStop> stops;
    std::vector<Body> before;                   // the bodies as the last shot left them
    std::vector<std::pair<int, double>> taken;  // body, when the hand reaches it
    std::vector<int> set_down;
    double set_down_s = 0;
  };

  void MakeGame(const std::vector<std::string>& names);
  // The tidying that took the table from `before_tidy_` to `world`'s, the stroke's piece set
  // down at `target` (nothing when no piece was taken up or moved).
  std::optional<Tidying> PlanTidying(const World& world, const cv::Vec2d& target) const;
  vision::TableObservation Observe(const World& world) const {
    return ObserveTable(table_.looks, world.Bodies(), set_, world.Time(), options_.sigma_mm);
  }
  void Apply(const Json& action, rules::ActionSource source);
  void Decide(const ManualDecision& decision, const World& world);
  // Between shots: the players' decisions, then the next stroke or the end of the game.
  void PlanNext(World& world);
  void StartShot(World& world, const Expectation& expected);
  // Records one frame of the shot; true once the shot is over (at rest and shown a moment).
  bool RecordShotFrame(World& world, vision::sim::Filming& filming);
  void FinishShot(World& world);
  void Close(World& world);
  std::optional<std::string> Limit(const vision::sim::Filming& filming) const;

  const GameSimulationOptions& options_;
  const vision::PieceSet& set_;
  OnApply on_apply_;
  vision::sim::Rng rng_;
  std::unique_ptr<TablePlayers> players_;
  GameTable table_;
  std::unique_ptr<rules::State> state_;
  std::unique_ptr<GameReferee> referee_;
  std::vector<Stroke> strokes_;
  std::optional<vision::TableObservation> last_after_;
  GameSimulationReport report_;
  Json record_ = {{"shots", Json::array()}, {"decisions", Json::array()}};
  Phase phase_ = Phase::kBetweenShots;
  std::optional<Shot> shot_;
  std::vector<Body> before_tidy_;  // the bodies when the last shot ended
  size_t tidy_first_event_ = 0;    // the world's first event since then
  std::optional<Tidying> tidying_;
  double end_s_ = 0;
  const vision::sim::Filming* filming_ = nullptr;  // for the limits while planning
};

GameRun::GameRun(const GameSimulationOptions& options, const vision::PieceSet& set,
                 OnApply on_apply)
    : options_(options), set_(set), on_apply_(std::move(on_apply)), rng_(options.recording.seed) {
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
  if (on_apply_) on_apply_(state_->History().back());
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
  std::optional<vision::sim::HandPose> hand =
      tidying_ && time_s < tidying_->set_down_s
          ? vision::sim::TidyingHand(tidying_->stops, stroke.heading, time_s)
          : vision::sim::FlickingHand(stroke.from, stroke.heading, stroke.time_s, time_s,
                                      stroke.placed_s);
  if (hand) hand->arm_mm = vision::sim::ArmOverEdge(*hand, table_.layout.TableTop());
  return hand;
}

std::vector<Body> GameRun::Shown(const std::vector<Body>& bodies, double time_s) const {
  // With the tidying hand, the players clear the table only once the recording has ended.
  if (phase_ == Phase::kClosing && options_.recording.tidying_hand && !before_tidy_.empty())
    return before_tidy_;
  std::vector<Body> shown = bodies;
  if (!tidying_ || time_s >= tidying_->set_down_s) return shown;
  for (const int body : tidying_->set_down)
    shown[static_cast<size_t>(body)].support = Support::kHeld;
  for (const auto& [body, reached_s] : tidying_->taken) {
    if (time_s < reached_s)
      shown[static_cast<size_t>(body)] = tidying_->before[static_cast<size_t>(body)];
  }
  return shown;
}

vision::sim::Filming::Shown GameRun::AsShown() const {
  if (!options_.recording.tidying_hand) return {};
  return [this](const std::vector<Body>& bodies, double time_s) { return Shown(bodies, time_s); };
}

std::optional<GameRun::Tidying> GameRun::PlanTidying(const World& world,
                                                     const cv::Vec2d& target) const {
  const std::vector<Body>& now = world.Bodies();
  std::vector<int> taken;
  for (size_t i = 0; i < before_tidy_.size() && i < now.size(); ++i) {
    const Body& was = before_tidy_[i];
    const Body& is = now[i];
    if (!was.OnTable()) continue;
    if (!is.OnTable() || cv::norm(is.position - was.position) > 0.5 || is.angle != was.angle ||
        is.lying != was.lying)
      taken.push_back(static_cast<int>(i));
  }
  if (taken.empty()) return std::nullopt;
  Tidying tidying;
  tidying.before = before_tidy_;
  const std::vector<vision::sim::Event>& events = world.Events();
  for (size_t e = tidy_first_event_; e < events.size(); ++e) {
    if (events[e].type == vision::sim::EventType::kPlaced)
      tidying.set_down.push_back(events[e].piece);
  }
  // From the piece farthest from the stroke's, to the nearest next each time, then the stroke's.
  const auto at = [&](int body) { return before_tidy_[static_cast<size_t>(body)].position; };
  auto next = std::max_element(taken.begin(), taken.end(), [&](int a, int b) {
    return cv::norm(at(a) - target) < cv::norm(at(b) - target);
  });
  double time_s = world.Time() + vision::sim::kHandComeInS;
  while (next != taken.end()) {
    const cv::Vec2d place = at(*next);
    if (!tidying.stops.empty() && cv::norm(place - tidying.stops.back().at) > 10)
      time_s += vision::sim::kHandBetweenStopsS;
    if (tidying.stops.empty() || cv::norm(place - tidying.stops.back().at) > 10)
      tidying.stops.push_back({place, time_s});
    tidying.taken.emplace_back(*next, time_s);
    taken.erase(next);
    next = std::min_element(taken.begin(), taken.end(), [&](int a, int b) {
      return cv::norm(at(a) - place) < cv::norm(at(b) - place);
    });
  }
  tidying.set_down_s = time_s + vision::sim::kHandBetweenStopsS;
  tidying.stops.push_back({target, tidying.set_down_s});
  return tidying;
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

void GameRun::PlanNext(World& world) {
  for (;;) {
    if (state_->IsTerminal()) {
      const std::string status = state_->StatusLine();
      const std::string prefix = "Game over: ";
      report_.stopped =
          "game over: " + (status.rfind(prefix, 0) == 0 ? status.substr(prefix.size()) : status);
      report_.game_over = true;
      Close(world);
      return;
    }
    const Expectation expected = referee_->Expect(*state_);
    if (expected.awaiting == Awaiting::kDecision) {
      Decide(expected.decision, world);
      continue;
    }
    if (const std::optional<std::string> limit = Limit(*filming_)) {
      report_.stopped = *limit;
      Close(world);
      return;
    }
    StartShot(world, expected);
    return;
  }
}

void GameRun::Close(World& world) {
  // The table at rest a moment longer.
  end_s_ = world.Time() + kShowRestS;
  phase_ = Phase::kClosing;
}

void GameRun::StartShot(World& world, const Expectation& expected) {
  // Pieces put back by hand since the last shot.
  if (last_after_) {
    if (const std::optional<Json> layout = referee_->Refresh(*state_, *last_after_, Observe(world)))
      Apply(*layout, rules::ActionSource::kVision);
  }
  Shot shot;
  shot.strike = players_->PlayShot(*state_, expected, world, rng_);
  shot.before = Observe(world);
  shot.first_event = world.Events().size();
  const vision::sim::Body& piece = world.Bodies().at(static_cast<size_t>(shot.strike.body));
  tidying_ = options_.recording.tidying_hand ? PlanTidying(world, piece.position) : std::nullopt;
  before_tidy_.clear();
  const double set_down_s = tidying_ ? tidying_->set_down_s : world.Time();
  shot.strike_s = set_down_s + kPauseBeforeShotS;
  strokes_.push_back({piece.position, std::atan2(shot.strike.velocity[1], shot.strike.velocity[0]),
                      shot.strike_s,
                      strokes_.empty() ? std::nullopt : std::optional<double>(set_down_s)});
  shot_ = std::move(shot);
  phase_ = Phase::kShot;
}

bool GameRun::RecordShotFrame(World& world, vision::sim::Filming& filming) {
  Shot& shot = *shot_;
  const vision::sim::Filming::StepHook hook = [&shot](World& w) {
    if (shot.struck || w.Time() < shot.strike_s) return;
    if (shot.strike.hop) {
      w.Hop(shot.strike.body, shot.strike.velocity, shot.strike.climb);
    } else {
      w.Flick(shot.strike.body, shot.strike.velocity, shot.strike.spin);
    }
    shot.struck = true;
  };
  const vision::sim::Filming::HandAt hand = [this](double time_s) { return HandAt(time_s); };
  filming.NextFrame(world, hook, hand, AsShown());
  const double time_s = filming.LastTime();
  if (shot.struck && world.AtRest()) {
    if (!shot.rest_since) shot.rest_since = time_s;
  } else {
    shot.rest_since.reset();
  }
  const bool shown = shot.rest_since && time_s - *shot.rest_since >= kShowRestS &&
                     time_s >= shot.strike_s + kWithdrawS;
  return shown || time_s > shot.strike_s + kLongestShotS;
}

void GameRun::FinishShot(World& world) {
  Shot& shot = *shot_;
  players_->AtRest(*state_, world);
  vision::TableObservation after = Observe(world);
  const vision::ShotObservation observed = ObserveShot(
      std::move(shot.before), after, world.Events(), shot.first_event, shot.strike.body);
  ++report_.shots;

  const Verdict verdict = referee_->Judge(*state_, observed);
  Json entry = {{"index", report_.shots},
                {"strike_s", Rounded(shot.strike_s)},
                {"rest_s", Rounded(world.Time())},
                {"piece", shot.strike.body},
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
  before_tidy_ = world.Bodies();
  tidy_first_event_ = world.Events().size();
  players_->Tidy(*state_, observed, world);
  last_after_ = std::move(after);
  shot_.reset();
  phase_ = Phase::kBetweenShots;
}

bool GameRun::Advance(World& world, vision::sim::Filming& filming) {
  filming_ = &filming;
  if (phase_ == Phase::kBetweenShots) PlanNext(world);
  switch (phase_) {
    case Phase::kShot:
      if (RecordShotFrame(world, filming)) FinishShot(world);
      return true;
    case Phase::kClosing:
      if (filming.LastTime() < end_s_) {
        filming.NextFrame(world, {}, {}, AsShown());
        return true;
      }
      phase_ = Phase::kDone;
      break;
    case Phase::kBetweenShots:
    case Phase::kDone:
      break;
  }
  report_.actions = static_cast<int>(state_->History().size());
  report_.frames = filming.Frames();
  return false;
}

// What records the game: the world, the camera's renderer and outputs, and the truth.
struct SimulatedGame::Recording {
  std::unique_ptr<World> world;
  std::unique_ptr<vision::sim::GroundTruth> truth;
  std::unique_ptr<vision::sim::Renderer> renderer;
  std::unique_ptr<vision::sim::FrameSink> sink;
  std::unique_ptr<vision::sim::Filming> filming;
  mutable std::mutex actions_mutex;
  std::vector<rules::Action> actions;
  bool more = true;
};

SimulatedGame::SimulatedGame(const GameSimulationOptions& options, bool write_recording)
    : options_(options), recording_(std::make_unique<Recording>()) {
  options_.Check(write_recording);
  const vision::sim::SimulationOptions& recording = options_.recording;
  set_ = std::make_unique<vision::PieceSet>(vision::LoadPieceSet(recording.set_file));
  Recording& r = *recording_;
  run_ = std::make_unique<GameRun>(options_, *set_, [&r](const rules::Action& action) {
    std::lock_guard lock(r.actions_mutex);
    r.actions.push_back(action);
  });
  const GameTable& table = run_->table();
  vision::sim::Rng camera_rng(recording.seed + 2);
  camera_ = vision::sim::SimulationCamera(recording, table.layout, camera_rng, table.in_view);

  if (!recording.out_dir.empty()) fs::create_directories(recording.out_dir);
  if (recording.render_frames) {
    r.renderer = std::make_unique<vision::sim::Renderer>(
        camera_, table.layout, *set_, vision::sim::SeededRenderOptions(recording));
    if (write_recording && (recording.write_video || recording.write_frames)) {
      r.sink = std::make_unique<vision::sim::FrameSink>(
          recording.out_dir, cv::Size(recording.width, recording.height), recording.fps,
          recording.write_video, recording.write_frames);
    }
  }
  r.world =
      std::make_unique<World>(table.bodies, table.layout.TableTop(), table.layout.floor_depth_mm,
                              vision::sim::SeededPhysicsOptions(recording));
  r.truth = std::make_unique<vision::sim::GroundTruth>(camera_, table.layout, table.looks,
                                                       recording.seed, recording.fps);
  r.filming = std::make_unique<vision::sim::Filming>(recording.fps, table.looks, *r.truth,
                                                     r.renderer.get(), r.sink.get());
}

SimulatedGame::~SimulatedGame() = default;

void SimulatedGame::MoveCamera(const vision::sim::Camera& camera) {
  Recording& r = *recording_;
  if (r.sink) throw std::logic_error("SimulatedGame: the camera of a recording cannot move");
  camera_ = camera;
  if (!r.renderer) return;
  r.renderer = std::make_unique<vision::sim::Renderer>(
      camera_, run_->table().layout, *set_, vision::sim::SeededRenderOptions(options_.recording));
  r.filming->SetRenderer(r.renderer.get());
}

bool SimulatedGame::NextFrame() {
  Recording& r = *recording_;
  if (!r.more) return false;
  r.more = run_->Advance(*r.world, *r.filming);
  return r.more;
}

const cv::Mat& SimulatedGame::Image() const { return recording_->filming->LastImage(); }
double SimulatedGame::Time() const { return recording_->filming->LastTime(); }
int SimulatedGame::FrameIndex() const { return recording_->filming->Frames() - 1; }

vision::TableObservation SimulatedGame::TruthTable() const {
  vision::TableObservation table = ObserveTable(
      run_->table().looks, run_->Shown(recording_->world->Bodies(), Time()), *set_, Time(), 0);
  for (vision::ObservedPiece& piece : table.pieces) piece.track_id = -1;
  table.hand_in_view = run_->HandAt(Time()).has_value();
  return table;
}

std::vector<rules::Polygon> SimulatedGame::HandShadow() const {
  std::vector<rules::Polygon> outline;
  const std::optional<vision::sim::HandPose> hand = run_->HandAt(Time());
  if (!hand) return outline;
  // Where the camera's rays past the hand meet the table: the table it hides.
  const cv::Vec3d eye = camera_.Centre();
  for (const std::vector<cv::Vec3d>& polygon : vision::sim::HandPolygons(*hand)) {
    rules::Polygon hidden;
    for (const cv::Vec3d& p : polygon) {
      const double scale = eye[2] / (eye[2] - p[2]);
      const cv::Vec3d on_table = eye + (p - eye) * scale;
      hidden.vertices.push_back({on_table[0], on_table[1]});
    }
    outline.push_back(std::move(hidden));
  }
  return outline;
}

const GameTable& SimulatedGame::Table() const { return run_->table(); }

const rules::Json& SimulatedGame::Record() const { return run_->record(); }

rules::GameSetup SimulatedGame::Setup() const { return run_->state().game().setup(); }
const rules::State& SimulatedGame::State() const { return run_->state(); }

std::vector<rules::Action> SimulatedGame::TruthActions() const {
  std::lock_guard lock(recording_->actions_mutex);
  return recording_->actions;
}

GameSimulationReport SimulatedGame::Finish() {
  Recording& r = *recording_;
  if (r.sink) r.sink->Finish();
  const vision::sim::SimulationOptions& recording = options_.recording;
  const rules::State& state = run_->state();
  GameSimulationReport report = run_->report();
  report.actions = static_cast<int>(state.History().size());
  report.frames = r.filming->Frames();
  if (recording.out_dir.empty()) return report;
  Json document = r.truth->ToJson(r.world->Events());
  document["game"] = {{"name", recording.game},
                      {"players", state.game().setup().players},
                      {"options", state.game().ResolvedOptions()},
                      {"stopped", report.stopped},
                      {"shots", run_->record()["shots"]},
                      {"decisions", run_->record()["decisions"]}};
  vision::sim::WriteText(recording.out_dir / "truth.json", document.dump(1) + "\n");
  vision::sim::WriteAtomically(recording.out_dir / "camera.yml", [&](const fs::path& path) {
    vision::sim::WriteCameraYaml(camera_, path);
  });
  vision::sim::WriteText(recording.out_dir / "game_log.json", state.ToLogJson().dump(2) + "\n");
  vision::sim::WriteText(recording.out_dir / "truth_scorecard.json",
                         state.Summary().dump(2) + "\n");
  return report;
}

}  // namespace tabref::referee
