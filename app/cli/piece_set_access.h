#pragma once

#include <string>

#include "app/cli/arguments.h"
#include "rules/core/json.h"
#include "vision/pieces/piece_set.h"

namespace tabref::cli {

// The --set option of the commands that look at pieces.
OptionSpec PieceSetOption();

// The set file's JSON named by the option `option` (a set file: a path, or a name ending in
// .json; a set enrolled in the store of --db or the default database; a bundled set,
// data/sets/NAME.json), the bundled "piecepack" when the option is not given. Throws
// CommandError naming what was tried, or what is wrong in the set.
rules::Json ChoosePieceSetDefinition(const ParsedArgs& args, const std::string& option = "set");

// The piece set of --set, as above.
vision::PieceSet ChoosePieceSet(const ParsedArgs& args);

}  // namespace tabref::cli
