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

// Opens --db FILE, or the default database (creating its folder) when --db is not given,
// for commands that change games; a missing file is created.
std::unique_ptr<data::SqliteGameStore> OpenStore(const ParsedArgs& args);

// Opens the database for commands that only read (show, list, export, stats): read-only, so
// that the file is never created, migrated or written, and a read-only file can be read.
// Returns nullptr when the default database does not exist yet (no games stored); throws
// CommandError when --db names a file that does not exist (a typo must not start a new,
// empty database).
std::unique_ptr<data::SqliteGameStore> OpenStoreForReading(const ParsedArgs& args);

// The CommandError for a read command when no games are stored yet.
CommandError NoGamesYet();

// "12" or "#12"; throws UsageError otherwise.
std::int64_t ParseGameId(const std::string& text);

// Parses a JSON command-line argument; throws UsageError naming `what` on bad JSON.
rules::Json ParseJsonArgument(const std::string& text, const std::string& what);

}  // namespace tabref::cli
