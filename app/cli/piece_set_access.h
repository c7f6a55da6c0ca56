#pragma once

#include "app/cli/arguments.h"
#include "vision/pieces/piece_set.h"

namespace tabref::cli {

// The --set option of the commands that look at pieces.
OptionSpec PieceSetOption();

// The piece set named by --set: a set file (a path, or a name ending in .json), a set enrolled
// in the store (--db or the default database), or a bundled set (data/sets/NAME.json); the
// bundled "piecepack" when --set is not given. Throws CommandError naming what was tried.
vision::PieceSet ChoosePieceSet(const ParsedArgs& args);

}  // namespace tabref::cli
