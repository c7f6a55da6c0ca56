#pragma once

#include <functional>
#include <ostream>
#include <vector>

#include "app/cli/arguments.h"

namespace tabref::cli {

// A `tabref` subcommand. `run` writes its results to `out` and returns the exit status;
// it throws UsageError (status 2) or CommandError (status 1) with a one-line message.
struct Command {
  CommandSpec spec;
  std::function<int(const ParsedArgs& args, std::ostream& out)> run;
};

Command MakeGamesCommand();
Command MakeReplayCommand();
Command MakeScoreCommand();
Command MakeDemoCommand();
// "game new", "game act", "game undo", "game correct", "game show", "game list",
// "game export", "game import".
std::vector<Command> MakeGameCommands();
Command MakeStatsCommand();
Command MakeSimulateCommand();
Command MakeRefereeCommand();
// "calibrate intrinsics", "calibrate table", "calibrate check" and "markers".
Command MakeCalibrateIntrinsicsCommand();
Command MakeCalibrateTableCommand();
Command MakeCalibrateCheckCommand();
Command MakeMarkersCommand();
Command MakeDetectCommand();
Command MakeEnrollCommand();

}  // namespace tabref::cli
