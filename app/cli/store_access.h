#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "app/cli/arguments.h"
#include "data/store/sqlite_game_store.h"
#include "rules/core/json.h"

namespace tabref::cli {

// The --db option every store command takes.
OptionSpec DatabaseOption();

// Opens --db FILE, or the default database (creating its folder) when --db is not given.
std::unique_ptr<data::SqliteGameStore> OpenStore(const ParsedArgs& args);

// "12" or "#12"; throws UsageError otherwise.
std::int64_t ParseGameId(const std::string& text);

// Parses a JSON command-line argument; throws UsageError naming `what` on bad JSON.
rules::Json ParseJsonArgument(const std::string& text, const std::string& what);

}  // namespace tabref::cli
