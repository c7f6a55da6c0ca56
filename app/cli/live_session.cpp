#include "app/cli/live_session.h"

#include <unistd.h>

#include <cstdio>
#include <iomanip>
#include <iostream>

#include "app/cli/calibration_access.h"
#include "app/cli/files.h"
#include "app/cli/game_heading.h"
#include "app/cli/game_setup_arguments.h"
#include "app/cli/store_access.h"
#include "app/referee/live/live_evaluation.h"
#include "app/referee/live/live_run.h"
#include "app/referee/registry.h"
#include "calibration/calibration_error.h"
#include "calibration/intrinsics.h"
#include "data/session/game_session.h"
#include "data/store/store_error.h"
#include "rules/core/field_reader.h"
#include "rules/core/rule_error.h"
#include "rules/registry.h"
#include "vision/pieces/piece_set.h"

namespace tabref::cli {
namespace {

// A game kept in the store: every action durable before it is shown.
class StoredScorekeeper : public referee::Scorekeeper {
 public:
  StoredScorekeeper(std::unique_ptr<data::SqliteGameStore> store, data::GameSession session)
      : store_(std::move(store)), session_(std::move(session)) {}
  const rules::State& State() const override { return session_.state(); }
  void Apply(const rules::Action& action, const rules::Json& evidence) override {
    session_.Act(action, evidence);
  }
  std::int64_t Id() const { return session_.id(); }

 private:
  std::unique_ptr<data::SqliteGameStore> store_;
  data::GameSession session_;
};

int IntValue(const ParsedArgs& args, const std::string& name, int fallback) {
  const double value = NumberOption(args, name, fallback);
  if (value != static_cast<int>(value))
    throw UsageError("--" + name + " needs a whole number, got '" + *args.Value(name) + "'");
  return static_cast<int>(value);
}

// The players at a terminal answer the referee's questions by number; without a terminal
// nobody answers (the game waits, and stays stored for later).
std::optional<rules::Json> AskAtTerminal(const referee::ManualDecision& decision,
                                         std::ostream& out) {
  if (::isatty(STDIN_FILENO) == 0 || decision.choices.empty()) return std::nullopt;
  out << "question: " << decision.question << "\n";
  for (size_t i = 0; i < decision.choices.size(); ++i)
    out << "  " << i + 1 << ") " << decision.choices[i].label << "\n";
  for (;;) {
    out << "answer 1-" << decision.choices.size() << ": " << std::flush;
    std::string line;
    if (!std::getline(std::cin, line)) return std::nullopt;
    try {
      const int picked = std::stoi(line);
      if (picked >= 1 && picked <= static_cast<int>(decision.choices.size()))
        return decision.choices[static_cast<size_t>(picked - 1)].action;
    } catch (const std::exception&) {
    }
  }
}

// The store options of the settings, as the store functions read them from the command line.
ParsedArgs StoreArgs(const LiveSessionSettings& settings) {
  ParsedArgs args;
  if (settings.db) args.values["db"] = {*settings.db};
  if (settings.camera_name) args.values["camera-name"] = {*settings.camera_name};
  return args;
}

// The lens: --intrinsics FILE, else the one the source knows (the synthetic table's), else
// the newest stored for the camera, saying which; none means the table calibration estimates
// the focal length.
std::optional<calibration::Intrinsics> ChooseLens(const LiveSessionSettings& settings,
                                                  const vision::FrameSource& source,
                                                  std::ostream& out) {
  if (settings.intrinsics) {
    try {
      return calibration::ReadIntrinsics(*settings.intrinsics);
    } catch (const calibration::CalibrationError& error) {
      throw CommandError(error.what());
    }
  }
  if (auto known = source.KnownIntrinsics()) return known;
  const ParsedArgs store_args = StoreArgs(settings);
  if (auto stored = LatestStoredIntrinsics(store_args)) {
    out << UsingStoredIntrinsicsLine(*stored) << "\n";
    return stored->intrinsics;
  }
  out << NoStoredIntrinsicsLine(CameraName(store_args)) << "\n";
  return std::nullopt;
}

rules::GameSetup SetupFor(const LiveSessionSettings& settings) {
  rules::GameSetup setup;
  setup.game = settings.game;
  setup.players = settings.table.players.empty() ? std::vector<std::string>{"Ann", "Bob"}
                                                 : settings.table.players;
  setup.options = settings.table.game_options;
  return setup;
}

}  // namespace

std::vector<OptionSpec> LiveSessionOptions() {
  return {{"players", "\"A,B\"", "the players in seat order (default Ann, Bob)"},
          {"option", "KEY=VALUE", "a game option (docs/game-log.md); repeat for several", true},
          {"target", "N", "bocce/iceboule: points that win (sim bocce default 7)"},
          {"intrinsics", "CAMERA.yml",
           "the camera's lens (webcam, video, images; default: the one stored for "
           "--camera-name)"},
          CameraNameOption(),
          {"marker-mm", "MM", "the table markers' black square side (default 60)"},
          DatabaseOption(),
          {"resume", "ID", "go on with a stored game (not with sim:SEED)"},
          {"annotated", "OUT.mp4", "write the video with what the referee sees drawn over it"},
          {"json", "OUT",
           "write the final scorecard as `tabref replay --json` prints it (- for "
           "standard output)"},
          {"quiet", "", "print only judgements, actions and questions (no tracking events)"},
          {"truth-pieces", "",
           "sim: take the pieces from the synthetic table's truth instead of "
           "the camera (the tracker and the rules alone)"},
          {"width", "W", "sim: frame width (default 1280)"},
          {"height", "H", "sim: frame height (default 720)"},
          {"max-shots", "N", "sim: shots the simulated players play at most (default 100)"},
          {"max-duration", "S", "sim: table time the simulated players play at most (300 s)"}};
}

void ReadLiveSessionOptions(const ParsedArgs& args, LiveSessionSettings& settings) {
  if (!referee::IsSimulatedSource(settings.source)) {
    for (const char* sim_only : {"width", "height", "max-shots", "max-duration", "truth-pieces"}) {
      if (args.Has(sim_only))
        throw UsageError(std::string("--") + sim_only + " is for --source sim:SEED");
    }
  }
  if (auto players = args.Value("players")) settings.table.players = ParsePlayerList(*players);
  for (const std::string& assignment : args.Values("option"))
    AddOption(settings.table.game_options, assignment);
  if (args.Has("target")) settings.table.game_options["target"] = IntValue(args, "target", 0);
  settings.intrinsics = args.Value("intrinsics");
  if (args.Has("camera-name")) settings.camera_name = CameraName(args);
  settings.marker_mm = NumberOption(args, "marker-mm", settings.marker_mm);
  if (auto resume = args.Value("resume")) settings.resume = ParseGameId(*resume);
  settings.db = args.Value("db");
  settings.annotated = args.Value("annotated");
  settings.json = args.Value("json");
  settings.quiet_tracking = args.Has("quiet");
  settings.truth_pieces = args.Has("truth-pieces");
  settings.table.width = IntValue(args, "width", settings.table.width);
  settings.table.height = IntValue(args, "height", settings.table.height);
  settings.table.max_shots = IntValue(args, "max-shots", settings.table.max_shots);
  settings.table.max_duration_s = NumberOption(args, "max-duration", settings.table.max_duration_s);
  if (settings.annotated) {
    const std::string extension = std::filesystem::path(*settings.annotated).extension().string();
    if (extension != ".mp4" && extension != ".avi")
      throw UsageError("--annotated needs a file name ending in .mp4 or .avi, got '" +
                       *settings.annotated + "'");
  }
}

int RunLiveSession(const LiveSessionSettings& settings, std::ostream& out) {
  const bool simulated = referee::IsSimulatedSource(settings.source);
  if (simulated && settings.resume)
    throw UsageError("--resume goes on with a stored game at a real table, not sim:SEED");
  if (settings.marker_mm <= 0 || settings.marker_mm > 500)
    throw UsageError("--marker-mm must be in (0, 500] mm");

  // The game: a stored one to resume, else one set up here (the synthetic table's own setup).
  std::unique_ptr<data::SqliteGameStore> store;
  std::optional<data::GameSession> session;
  std::string game = settings.game;
  if (settings.resume) {
    store = OpenStore(StoreArgs(settings));
    session = data::GameSession::Open(*store, *settings.resume);
    game = session->state().game().setup().game;
    if (!settings.game.empty() && settings.game != game)
      throw UsageError("game #" + std::to_string(*settings.resume) + " is " + game + ", not " +
                       settings.game);
  }
  try {
    referee::FindRefereedGame(game);
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  }

  referee::SimulatedTableSettings table = settings.table;
  if (simulated && game == "bocce" && !table.game_options.contains("target"))
    table.game_options["target"] = 7;  // as `tabref simulate`: a game to 21 takes long
  referee::OpenedSource opened;
  try {
    opened = referee::OpenSource(settings.source, game, table);
  } catch (const std::invalid_argument& error) {
    throw UsageError(error.what());
  } catch (const vision::SourceError& error) {
    throw CommandError(error.what());
  }
  // Before a new game is stored: a stored lens that cannot be read leaves the store as it was.
  const std::optional<calibration::Intrinsics> intrinsics =
      ChooseLens(settings, *opened.source, out);
  const rules::GameSetup setup = opened.simulated ? opened.simulated->Setup() : SetupFor(settings);
  if (!session && settings.store) {
    store = OpenStore(StoreArgs(settings));
    session = data::GameSession::Create(*store, setup);
  }
  std::unique_ptr<referee::Scorekeeper> keeper;
  std::int64_t stored_id = -1;
  if (session) {
    stored_id = session->id();
    keeper = std::make_unique<StoredScorekeeper>(std::move(store), std::move(*session));
  } else {
    keeper =
        std::make_unique<referee::MemoryScorekeeper>(rules::MakeGame(setup)->NewInitialState());
  }

  referee::SimulatedGameSource* sim = opened.simulated;
  referee::AskPlayers ask = [sim, &out](const rules::State& state,
                                        const referee::ManualDecision& decision) {
    if (sim != nullptr) return sim->AnswerAsTruth(state, decision);
    return AskAtTerminal(decision, out);
  };
  auto detector =
      std::make_shared<vision::PieceDetector>(vision::LoadPieceSet(vision::DefaultPieceSetFile()));
  referee::LiveRefereeOptions options;
  options.table.marker_side_mm = settings.marker_mm;
  if (settings.truth_pieces) options.evidence = referee::LiveRefereeOptions::Evidence::kTruth;
  referee::LiveReferee live(referee::MakeReferee(keeper->State().game()), detector, *keeper, ask,
                            intrinsics, options);

  out << "refereeing " << game << " (" << rules::JoinChoices(setup.players, "and") << ") from "
      << opened.source->Describe();
  if (stored_id >= 0) out << "; stored as game #" << stored_id;
  if (settings.truth_pieces) out << "; pieces from the synthetic table's truth";
  out << "\n";
  referee::LiveRunOptions run;
  run.print_tracking = !settings.quiet_tracking;
  if (settings.annotated) run.annotated_path = *settings.annotated;
  referee::LiveRunResult result;
  try {
    result = referee::RunLive(*opened.source, live, out, run);
  } catch (const vision::SourceError& error) {
    throw CommandError(error.what());
  } catch (const rules::RuleError& error) {
    throw CommandError(std::string("the rules refused the referee's action: ") + error.what());
  } catch (const std::runtime_error& error) {
    if (dynamic_cast<const data::StoreError*>(&error) != nullptr) throw;
    throw CommandError(error.what());
  }

  const rules::State& state = keeper->State();
  out << "\n" << result.ended << "\n";
  out << "final scorecard: " << GameHeading(state) << "\n" << state.ToText() << "\n";
  out << std::fixed << std::setprecision(1) << result.frames << " frames in " << result.wall_s
      << " s (" << (result.wall_s > 0 ? result.frames / result.wall_s : 0) << " fps)\n";
  if (!result.annotated_path.empty()) out << "annotated video: " << result.annotated_path << "\n";
  if (sim != nullptr) {
    const bool same = referee::SameScorecard(sim->Game().State().Summary(), state.Summary());
    out << "the simulator's truth scorecard (" << sim->Game().State().StatusLine()
        << "): " << (same ? "the same score" : "DIFFERS") << "\n";
  }
  if (stored_id >= 0 && !state.IsTerminal()) {
    out << "game #" << stored_id << " is stored unfinished; go on with: tabref referee --resume "
        << stored_id << " --source ..." << (settings.db ? " --db " + *settings.db : "") << "\n";
  }
  if (settings.json) {
    const std::string text = state.Summary().dump(2) + "\n";
    if (*settings.json == "-") {
      out << text;
    } else {
      WriteFileAtomically(*settings.json, text);
    }
  }
  return 0;
}

}  // namespace tabref::cli
