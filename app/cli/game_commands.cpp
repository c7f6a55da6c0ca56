#include "app/cli/game_commands.h"

namespace tabref::cli {

std::vector<Command> MakeGameCommands() {
  return {MakeGameNewCommand(),     MakeGameActCommand(),   MakeGameUndoCommand(),
          MakeGameCorrectCommand(), MakeGameShowCommand(),  MakeGameListCommand(),
          MakeGameExportCommand(),  MakeGameImportCommand()};
}

}  // namespace tabref::cli
