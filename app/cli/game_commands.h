#pragma once

#include <string>

#include "app/cli/command.h"

namespace tabref::cli {

Command MakeGameNewCommand();
Command MakeGameActCommand();
Command MakeGameUndoCommand();
Command MakeGameCorrectCommand();
Command MakeGameShowCommand();
Command MakeGameListCommand();
Command MakeGameExportCommand();
Command MakeGameImportCommand();

// "Unfinished games: ..." with how to continue them, from the default database when it
// exists; empty when there is nothing to continue or the database cannot be read.
std::string ContinueHint();

}  // namespace tabref::cli
